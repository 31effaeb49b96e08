import { randomUUID } from 'node:crypto';
import type { AnswerOutcome, Channel, ChatMessage, ChatRole, Conversation, ConversationState, ConversationSummary, ListedConversation } from '@atende/shared';
import { MEMORY_WINDOW, TRANSCRIPT_PAGE } from '@atende/shared';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { executeShaped, PREPARED, type Db } from '../db/client';
import { conversations, messages } from '../db/schema';
import { notFound } from '../lib/errors';
import type { QuotaNoticed } from '../usage/notices';
import { countMessageSql } from '../usage/quota';
import { visitorCounterKeys, visitorCountCtes, visitorRefusal, type VisitorCount, type VisitorRefusal } from '../usage/web-chat-limits';
import { customerLabel } from './session-keys';
import type { TurnHistory } from './types';

/** Characters of a conversation's last message kept as its preview. */
export const PREVIEW = 280;

export interface SessionKey {
  agentId: string;
  userId: string;
  channel: Channel;
  sessionId: string;
  /** The customer's name on their channel (WhatsApp profile name), kept on the conversation when given. */
  customerName?: string | null;
}

/**
 * Stores the customer's message (creating the conversation on first use) and returns the conversation id, in one
 * transaction (the message and its count together: KnownWindow). WhatsApp's messages the agent does not answer.
 */
export async function appendUserMessage(db: Db, key: SessionKey, content: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({
        id: randomUUID(),
        ...key,
        customerName: key.customerName ?? null,
        messageCount: 1,
        unread: 1,
        lastMessage: content.slice(0, PREVIEW),
      })
      .onConflictDoUpdate({
        target: [conversations.agentId, conversations.channel, conversations.sessionId],
        set: {
          messageCount: sql`${conversations.messageCount} + 1`,
          unread: sql`${conversations.unread} + 1`,
          customerName: sql`coalesce(excluded.customer_name, ${conversations.customerName})`,
          // a closed conversation opens again with the agent when the customer writes
          state: sql`case when ${conversations.state} = 'closed' then 'bot' else ${conversations.state} end`,
          lastMessage: content.slice(0, PREVIEW),
          lastMessageAt: sql`now()`,
        },
      })
      .returning({ id: conversations.id });
    await tx.insert(messages).values({ id: randomUUID(), conversationId: row!.id, role: 'user', content });
    return row!.id;
  });
}

/**
 * Stores an answer with its outcome and updates the conversation's summary in one statement; returns its id and the
 * conversation's count of messages with it (null: the conversation is gone). Outside a transaction only
 * (executeShaped runs on `db`'s own session).
 */
export async function appendAssistantMessage(
  db: Db,
  conversationId: string,
  content: string,
  outcome: AnswerOutcome,
): Promise<StoredAnswer> {
  const id = randomUUID();
  // Built once (db/client.ts executeShaped): every turn's last statement.
  const { rows } = await executeShaped<{ message_count: number }>(db, 'append-assistant', appendAssistantSql, {
    id,
    conversationId,
    content,
    outcome,
    preview: content.slice(0, PREVIEW),
  });
  return { id, messageCount: rows[0]?.message_count ?? null };
}

/** A stored agent message: its id and the conversation's count of messages with it (null: the conversation is gone). */
export interface StoredAnswer {
  id: string;
  messageCount: number | null;
}

function appendAssistantSql(): SQL {
  const p = sql.placeholder;
  return sql`${PREPARED}
    with msg as (
      insert into messages (id, conversation_id, role, content, outcome)
      values (${p('id')}, ${p('conversationId')}, 'assistant', ${p('content')}, ${p('outcome')})
    )
    update conversations
    set message_count = message_count + 1, last_message = ${p('preview')}, last_message_at = now()
    where id = ${p('conversationId')}
    returning message_count`;
}

/**
 * Several answers in one statement: the messages in the given order, and each conversation's summary once (its count
 * up by its number of answers, its preview the last one's). Returns, in the same order, each message's id and the
 * conversation's count with that message (null: the conversation is gone).
 */
export async function appendAssistantMessages(db: Db, answers: ReadonlyArray<{ conversationId: string; content: string; outcome: AnswerOutcome }>): Promise<StoredAnswer[]> {
  const ids = answers.map(() => randomUUID());
  const { rows } = await executeShaped<{ id: string; message_count: number }>(db, 'append-assistant-many', appendAssistantsSql, {
    ids,
    conversationIds: answers.map((a) => a.conversationId),
    contents: answers.map((a) => a.content),
    outcomes: answers.map((a) => a.outcome),
    previews: answers.map((a) => a.content.slice(0, PREVIEW)),
  });
  const counts = new Map(rows.map((r) => [r.id, r.message_count]));
  // A conversation's returned count is its last answer's here; each answer before it is one less per answer after it.
  const after = new Map<string, number>();
  for (const a of answers) after.set(a.conversationId, (after.get(a.conversationId) ?? 0) + 1);
  return answers.map((a, i) => {
    const later = after.get(a.conversationId)! - 1;
    after.set(a.conversationId, later);
    const count = counts.get(a.conversationId);
    return { id: ids[i]!, messageCount: count === undefined ? null : count - later };
  });
}

function appendAssistantsSql(): SQL {
  const p = sql.placeholder;
  return sql`${PREPARED}
    with v as (
      select * from unnest(${p('ids')}::text[], ${p('conversationIds')}::text[], ${p('contents')}::text[], ${p('outcomes')}::text[], ${p('previews')}::text[])
        with ordinality as v(id, conversation_id, content, outcome, preview, n)
    ), msg as (
      insert into messages (id, conversation_id, role, content, outcome)
      select id, conversation_id, 'assistant', content, outcome from v order by n
    ), per as (
      select distinct on (conversation_id) conversation_id, preview, count(*) over (partition by conversation_id)::int as added
      from v order by conversation_id, n desc
    )
    update conversations c
    set message_count = c.message_count + per.added, last_message = per.preview, last_message_at = now()
    from per
    where c.id = per.conversation_id
    returning c.id, c.message_count`;
}

export interface TurnStart {
  conversationId: string;
  /** Who answers the conversation now: the agent answers only in 'bot' (a closed conversation reopened as 'bot'). */
  state: ConversationState;
  /** False when the account's monthly quota is used up (nothing was counted); always true without a quota. */
  allowed: boolean;
  /** The month's count this message brought the account to; null when it was not counted (no quota, a redo). */
  used: number | null;
  /** The quota notices already sent this month, as the count read them (usage/notices.ts); null with `used`. */
  noticed: QuotaNoticed | null;
  /** The memory window: the messages before this one (the last MEMORY_WINDOW exchanges), oldest first. */
  history: TurnHistory;
  /** The conversation's count of messages with this one (null when a redone turn stored nothing). */
  messageCount: number | null;
  refused: null;
}

/**
 * A memory window kept by the caller from a session's previous turn (chat/turn-windows.ts), with the conversation's
 * count of messages when it was complete: beginTurn returns it as the window, instead of reading the messages
 * again, only if the conversation is the same and this turn's message is the one message added since. Every write
 * of a message adds one to the count in its own statement or transaction, under the conversation row's lock, so
 * any other message (the team's, another instance's turn, a notice) makes it read the window again.
 */
export interface KnownWindow {
  conversationId: string;
  messageCount: number;
  history: TurnHistory;
}

/** A web visitor's message that one of the agent's daily limits refused: nothing else happened (no conversation). */
export interface TurnRefused {
  refused: VisitorRefusal;
}

/**
 * The agent (or its account's plan) is no longer what the caller read: nothing happened. The caller reads the agent
 * again and starts over (the web chat's cache of agents: channels/web/active-agents.ts).
 */
export interface TurnStale {
  stale: true;
}

/**
 * The version of the agent a turn was prepared with: its row's `xmin` (any write to the row changes it) and its
 * account's plan as read. beginTurn goes on only while both are still current and the agent active.
 */
export interface AgentVersion {
  xmin: string;
  plan: string | null;
}

/** The account's monthly quota the message counts against; null: not counted here (the test chat). */
type TurnQuota = { month: string; limit: number | null } | null;

export interface TurnStartOptions {
  /** A web visitor's message: counted against the agent's daily limits first; refused, nothing else happens. */
  visitor?: VisitorCount & { day: string };
  /** The agent as the caller read it (maybe from a cache): no longer current or active, nothing happens (TurnStale). */
  agentVersion?: AgentVersion;
  /** The session's window as the caller kept it from its previous turn. */
  known?: KnownWindow;
}

/**
 * The start of a chat turn in ONE statement (the hot path): count a web visitor's message against the agent's
 * daily limits (refused: nothing else happens), count the message against the monthly quota (an upsert that
 * only increments under the quota, so concurrent turns on any instance cannot over-admit), create or touch the
 * conversation, store the customer's message, and read the memory window. All parts of a data-modifying CTE see
 * the same snapshot, so the window holds exactly the messages before this one.
 *
 * With an `externalId` (the channel's message id), a turn redone after a crash
 * finds the message it already stored: nothing is counted or stored again, and
 * the window is the one that message had.
 */
export async function beginTurn(db: Db, key: SessionKey, message: string, quota: TurnQuota, externalId?: string | null): Promise<TurnStart>;
export async function beginTurn(
  db: Db,
  key: SessionKey,
  message: string,
  quota: TurnQuota,
  externalId: string | null,
  options: TurnStartOptions,
): Promise<TurnStart | TurnRefused | TurnStale>;
export async function beginTurn(
  db: Db,
  key: SessionKey,
  message: string,
  quota: TurnQuota,
  externalId: string | null = null,
  options: TurnStartOptions = {},
): Promise<TurnStart | TurnRefused | TurnStale> {
  // A kept window works for a redone turn too: its message is already stored, nothing is counted, and the window is read.
  const { visitor, agentVersion, known } = options;
  // Built once per shape (db/client.ts executeShaped): every value below is a placeholder, filled in per call.
  const redo = externalId !== null;
  const shape = `begin-turn:${visitor ? 'v' : ''}${agentVersion ? 'a' : ''}${quota ? 'q' : ''}${redo ? 'r' : ''}${known ? 'k' : ''}`;
  const values: Record<string, unknown> = {
    conversationId: randomUUID(),
    messageId: randomUUID(),
    agentId: key.agentId,
    userId: key.userId,
    channel: key.channel,
    sessionId: key.sessionId,
    customerName: key.customerName ?? null,
    preview: message.slice(0, PREVIEW),
    message,
    externalId,
    ...(quota && { month: quota.month, limit: quota.limit }),
    ...(visitor && { day: visitor.day, ...visitorCounterKeys(visitor), dailyPerVisitor: visitor.limits.dailyPerVisitor, dailyPerIp: visitor.limits.dailyPerIp }),
    ...(agentVersion && { xmin: agentVersion.xmin, plan: agentVersion.plan }),
    ...(known && { knownConversationId: known.conversationId, knownCount: known.messageCount }),
  };
  const result = await executeShaped<
    Omit<TurnStart, 'history' | 'refused' | 'noticed'> & {
      history: TurnWindow | string | null;
      noticeLevel: number | null;
      noticeQuota: number | null;
      visitorCounted?: boolean;
      addressCounted?: boolean;
      stale?: boolean;
    }
  >(db, shape, () => beginTurnSql(Boolean(visitor), Boolean(agentVersion), Boolean(quota), redo, Boolean(known)), values);
  const row = result.rows[0]!;
  if (row.stale) return { stale: true };
  const refused = visitor ? visitorRefusal(row.visitorCounted!, row.addressCounted!) : null;
  if (refused) return { refused };
  return {
    conversationId: row.conversationId,
    state: row.state,
    allowed: row.allowed,
    used: row.used === null ? null : Number(row.used),
    noticed: row.used === null ? null : { level: Number(row.noticeLevel), quota: row.noticeQuota === null ? null : Number(row.noticeQuota) },
    // No window read: the one the caller kept is still the conversation's.
    history: row.history === null ? known!.history : windowMessages(typeof row.history === 'string' ? (JSON.parse(row.history) as TurnWindow) : row.history),
    messageCount: row.messageCount,
    refused: null,
  };
}

/** beginTurn's memory window as its statement returns it: the roles and the contents (both null when it is empty). */
type TurnWindow = [Array<'user' | 'assistant'> | null, string[] | null];

const windowMessages = ([roles, contents]: TurnWindow): TurnHistory => (roles ?? []).map((role, i) => ({ role, content: contents![i]! }));

/** beginTurn's statement for its shape, every value a placeholder (see the values it fills in). */
function beginTurnSql(visitor: boolean, agentVersion: boolean, quota: boolean, redo: boolean, known: boolean): SQL {
  const p = sql.placeholder;
  // The agent is as the caller read it: checked in this statement's snapshot, before anything is written.
  const current = agentVersion ? sql`exists (select 1 from agent_ok)` : sql`true`;
  // The visitor's limits took the message (always true without them). A message to the team (the conversation is
  // waiting for it or has it) spends none of the plan's messages: the address's daily limit, the plan's guard, does
  // not count it (a customer talking to a person is not cut off by it); the visitor's own limit still does.
  const withTeam = sql`exists (select 1 from team)`;
  const admitted = visitor ? sql`exists (select 1 from visitor) and (exists (select 1 from address) or ${withTeam})` : current;
  // Only a message with the channel's id can be one already stored (`prior`): a web turn has no such CTE, whose
  // nodes every execution of the prepared statement would set up (ADR 0017).
  const fresh = redo ? sql`not exists (select 1 from prior) and ${admitted}` : admitted;
  // No quota: the message is not counted here (the test chat's allowance is counted apart).
  const counted = quota
    ? countMessageSql(p('userId'), { month: p('month'), limit: p('limit') }, fresh)
    : sql`select null::int as messages, null::smallint as notice_level, null::int as notice_quota where false`;
  const counters = { agentId: p('agentId'), day: p('day'), visitorKey: p('visitorKey'), addressKey: p('addressKey'), dailyPerVisitor: p('dailyPerVisitor'), dailyPerIp: p('dailyPerIp') };
  // The conversation and the bound of its window: the stored message's when redone. A new message needs none (the
  // statement's snapshot does not see the message it stores), but keeps an unknown one: without it the generic plan
  // estimated most of the conversation within the LIMIT and read all of it by a bitmap scan and a sort (ADR 0017).
  const turn = redo
    ? sql`turn as (
      select coalesce((select id from convo), (select conversation_id from prior)) as id,
             (select seq from prior) as before_seq
    )`
    : sql`turn as (select id, null::bigint as before_seq from convo)`;
  return sql`${PREPARED}
    with ${agentVersion ? sql`agent_ok as (
      select 1 from agents a left join profiles p on p.id = a.user_id
      where a.id = ${p('agentId')} and a.active and a.xmin::text = ${p('xmin')}::text
        and p.plan is not distinct from ${p('plan')}::text
    ), ` : sql``}${visitor ? sql`team as (
      select 1 from conversations
      where agent_id = ${p('agentId')} and channel = ${p('channel')} and session_id = ${p('sessionId')} and state in ('waiting', 'human')
    ), ${visitorCountCtes(counters, current, sql`not ${withTeam}`)}, ` : sql``}${redo ? sql`prior as (
      select m.conversation_id, m.seq from messages m
      join conversations c on c.id = m.conversation_id
      where m.external_id = ${p('externalId')}::text
        and c.agent_id = ${p('agentId')} and c.channel = ${p('channel')} and c.session_id = ${p('sessionId')}
    ), ` : sql``}counted as (
      ${counted}
    ), convo as (
      insert into conversations (id, agent_id, user_id, channel, session_id, customer_name, message_count, unread, last_message)
      select ${p('conversationId')}, ${p('agentId')}, ${p('userId')}, ${p('channel')}, ${p('sessionId')}, ${p('customerName')}::text, 1, 1, ${p('preview')}
      where ${fresh}
      on conflict (agent_id, channel, session_id) do update
        set message_count = conversations.message_count + 1, unread = conversations.unread + 1,
            customer_name = coalesce(excluded.customer_name, conversations.customer_name),
            last_message = excluded.last_message, last_message_at = now(),
            -- a closed conversation opens again with the agent when the customer writes
            state = case when conversations.state = 'closed' then 'bot' else conversations.state end,
            state_changed_at = case when conversations.state = 'closed' then now() else conversations.state_changed_at end
      returning id, state, message_count
    ), stored as (
      insert into messages (id, conversation_id, role, content, external_id)
      select ${p('messageId')}, id, 'user', ${p('message')}, ${redo ? sql`${p('externalId')}::text` : sql`null`} from convo
    ), ${turn}
    select (select id from turn) as "conversationId",
           ${redo ? sql`coalesce((select state from convo), (select c.state from conversations c, turn where c.id = turn.id))` : sql`(select state from convo)`} as state,
           ${quota ? sql`exists (select 1 from counted)${redo ? sql` or exists (select 1 from prior)` : sql``}` : sql`true`} as allowed,
           (select messages from counted) as used,
           (select notice_level from counted) as "noticeLevel",
           (select notice_quota from counted) as "noticeQuota",
           -- Committed without waiting for its WAL to reach the disk: the hot rows it updates (the account's month, a
           -- visitor's address) stay locked until commit, and every turn of the account queued behind that flush.
           -- Durable as soon as a later commit flushes (the turn's answer does, synchronously: ADR 0017).
           set_config('synchronous_commit', 'off', true) as "asyncCommit",
           ${visitor ? sql`exists (select 1 from visitor) as "visitorCounted", (exists (select 1 from address) or ${withTeam}) as "addressCounted",` : sql``}
           ${agentVersion ? sql`not ${current} as stale,` : sql``}
           (select message_count from convo) as "messageCount",
           ${known ? sql`case when (select id from convo) = ${p('knownConversationId')}::text
             and (select message_count from convo) = ${p('knownCount')}::int + 1 then null else ` : sql``}(
             -- The window as two arrays, roles and contents, oldest first: an object per message cost Postgres a
             -- fifth more (json_build_object looks up each value's type on every call; ADR 0017). The team's messages
             -- are the business speaking: the model reads them as its own side.
             select json_build_array(json_agg(case when w.role = 'team' then 'assistant' else w.role end order by w.seq), json_agg(w.content order by w.seq))
             from (
               -- Both bounds are index conditions (messages_conversation_idx): the scan stops after the window, where a
               -- join with turn and an OR read every message of the conversation and sorted them (ADR 0017).
               select m.role, m.content, m.seq from messages m
               where m.conversation_id = (select id from turn)
                 and m.seq < coalesce((select before_seq from turn), 9223372036854775807)
               order by m.seq desc limit ${MEMORY_WINDOW * 2}
             ) w
           )${known ? sql` end` : sql``} as history`;
}

/**
 * A public chat session's history, by its stored key (the customer holds the session id it derives from): its latest
 * TRANSCRIPT_PAGE messages, oldest first.
 */
export async function sessionHistory(db: Db, agentId: string, channel: Channel, sessionId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, sessionConversation(db, agentId, channel, sessionId)))
    .orderBy(desc(messages.seq))
    .limit(TRANSCRIPT_PAGE);
  return rows.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The id of a session's conversation as a subquery, for a read of its latest messages: the conversation is then known
 * before the messages are, and they are read by its index newest first. Joined instead, the planner read every
 * message of the conversation by a bitmap scan and sorted them (33 ms for the latest 200 of 20,000).
 */
export function sessionConversation(db: Db, agentId: string, channel: Channel, sessionId: string): SQL {
  const id = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.agentId, agentId), eq(conversations.channel, channel), eq(conversations.sessionId, sessionId)));
  return sql`(${id})`;
}

export function toSummary(row: typeof conversations.$inferSelect): ConversationSummary {
  return {
    id: row.id,
    customerLabel: customerLabel(row.channel, row.sessionId),
    customerName: row.customerName,
    channel: row.channel,
    state: row.state,
    unread: row.unread,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Who wrote a conversation's last message (one probe of messages_conversation_idx per listed row): ListedConversation.
 * Written out with its tables named: Drizzle leaves the columns of a one-table select unqualified, and "id" inside the
 * subquery would then be the message's.
 */
export const lastMessageRole = sql<ChatRole | null>`(select m.role from messages m where m.conversation_id = "conversations"."id" order by m.seq desc limit 1)`;

export async function listConversations(db: Db, agentId: string): Promise<ListedConversation[]> {
  const rows = await db
    .select({ conversation: conversations, lastMessageRole })
    .from(conversations)
    .where(eq(conversations.agentId, agentId))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(500);
  return rows.map((r) => ({ ...toSummary(r.conversation), lastMessageRole: r.lastMessageRole }));
}

/**
 * A conversation and a page of its transcript, oldest first: its latest TRANSCRIPT_PAGE messages, or those just before
 * the message `before`. Read from the conversation's index, newest first, so a page costs the same however long the
 * conversation (a WhatsApp customer's lasts months: all of a 20,000-message one was 48 ms and megabytes).
 */
export async function getConversation(db: Db, agentId: string, conversationId: string, before?: string): Promise<Conversation> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agentId)));
  if (!row) throw notFound('Conversation');
  let bound: number | null = null;
  if (before !== undefined) {
    const [message] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)));
    if (!message) throw notFound('Message');
    bound = message.seq;
  }
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, outcome: messages.outcome, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), bound === null ? undefined : lt(messages.seq, bound)))
    .orderBy(desc(messages.seq))
    .limit(TRANSCRIPT_PAGE + 1);
  const hasMore = rows.length > TRANSCRIPT_PAGE;
  const page = rows.slice(0, TRANSCRIPT_PAGE).reverse();
  return { ...toSummary(row), messages: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), hasMore };
}
