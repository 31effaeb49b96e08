import { asksForPerson } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { insightMissed } from '../db/schema';
import { localDayHour } from './calendar';

/*
 * The Painel's counts, added up in the background from the messages as they come: each run reads the messages
 * after the last one it read (`messages.seq`, one progress row) in small batches, and adds them to one row per
 * agent, São Paulo day and channel (`insight_days`). Reading the Painel then never re-reads old messages, and a
 * batch is two short statements with no transaction around them, so chat turns never wait behind it for long
 * (PGlite runs one statement at a time, and a transaction would hold its one connection while the main thread,
 * busy with chat turns, adds the batch up: ADR 0016).
 *
 * The owner's test chat is not counted. A message is read once it is `settleMs` old: sequence numbers are given
 * when a row is inserted, not when it commits, so a younger message could still become visible behind one read.
 */

/** Messages per batch: on a busy PGlite thread, reading 250 takes ~5–10 ms, 1,000 took 30–60 ms (a stall of every chat turn). */
export const ROLLUP_BATCH = 250;
/** How old a message must be before the rollup reads it (see above). */
export const ROLLUP_SETTLE_MS = 2_000;

interface MessageRow {
  seq: string | number;
  id: string;
  role: 'user' | 'assistant' | 'team';
  outcome: string | null;
  created_at: string | Date;
  conversation_id: string;
  agent_id: string;
  channel: string;
  first: boolean;
  /** A customer's message (null for the agent's and the team's). */
  content: string | null;
  prev_role: string | null;
  prev_at: string | Date | null;
  prev_outcome: string | null;
}

/** The customer's message before a request for a person (askedBefore). */
interface AskedRow {
  request_seq: string | number;
  id: string;
  created_at: string | Date;
  content: string;
}

/** How far back a request for a person looks for the customer's question it follows (usually 2 messages). */
const ASKED_LOOKBACK = 10;

interface DayCounts {
  agentId: string;
  day: string;
  channel: string;
  conversations: number;
  messages: number;
  outcomes: Record<string, number>;
  personRequests: number;
  answerMs: number;
  answerCount: number;
  hours: number[];
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Reads one batch of messages after the last one read and adds them up; returns how many it read (0: caught up).
 * No transaction: the counts are added by one statement that also moves the progress row on, and only if it still
 * points where the batch started — so two processes never add the same batch twice (the second one's statement
 * finds the progress moved, adds nothing, and its next batch starts after the first one's).
 */
export async function rollUpBatch(db: Db, options: { settleMs?: number; batch?: number } = {}): Promise<number> {
  const settleMs = options.settleMs ?? ROLLUP_SETTLE_MS;
  const batch = options.batch ?? ROLLUP_BATCH;
  const progress = (await db.execute(sql`select last_seq from insight_progress where id = 1`)) as unknown as {
    rows: Array<{ last_seq: string | number }>;
  };
  const lastSeq = Number(progress.rows[0]?.last_seq ?? 0);
  const result = (await db.execute(sql`
    with next as materialized (
      select m.seq, m.id, m.role, m.outcome, m.created_at, m.conversation_id, m.content
      from messages m
      -- seq > 0 (always true) lets it use messages_seq_idx (a partial index: db/schema/chat.ts)
      where m.seq > ${lastSeq} and m.seq > 0
      order by m.seq
      limit ${batch}
    ),
    -- Up to the first message younger than settleMs. Only the next batch's messages are looked at: looking for it
    -- among all the messages not read yet made every batch's cost grow with the backlog (a minute of chat turns).
    batch as (
      select * from next
      where next.seq < coalesce((select min(y.seq) from next y where y.created_at > now() - make_interval(secs => ${settleMs / 1000})), 9223372036854775807)
    )
    select b.seq, b.id, b.role, b.outcome, b.created_at, b.conversation_id, c.agent_id, c.channel,
           prev.seq is null as first,
           case when b.role = 'user' then b.content end as content,
           prev.role as prev_role, prev.created_at as prev_at, prev.outcome as prev_outcome
    from batch b
    join conversations c on c.id = b.conversation_id
    left join lateral (
      select p.seq, p.role, p.created_at, p.outcome from messages p
      where p.conversation_id = b.conversation_id and p.seq < b.seq
      order by p.seq desc limit 1
    ) prev on true
    order by b.seq`)) as unknown as { rows: MessageRow[] };
  const rows = result.rows;
  if (rows.length === 0) return 0;

  const days = new Map<string, DayCounts>();
  // Requests for a person right after an answer: the question before each is looked up afterwards (askedBefore).
  const requests: MessageRow[] = [];
  for (const row of rows) {
    if (row.channel === 'test') continue;
    const at = asDate(row.created_at);
    const { day, hour } = localDayHour(at);
    const key = `${row.agent_id}|${day}|${row.channel}`;
    let counts = days.get(key);
    if (!counts) {
      counts = {
        agentId: row.agent_id,
        day,
        channel: row.channel,
        conversations: 0,
        messages: 0,
        outcomes: {},
        personRequests: 0,
        answerMs: 0,
        answerCount: 0,
        hours: new Array<number>(24).fill(0),
      };
      days.set(key, counts);
    }
    if (row.first) counts.conversations += 1;
    if (row.role === 'user') {
      counts.messages += 1;
      counts.hours[hour]! += 1;
      if (row.content !== null && asksForPerson(row.content)) {
        counts.personRequests += 1;
        if (row.prev_role === 'assistant' && row.prev_outcome === 'answered') requests.push(row);
      }
    } else if (row.role === 'assistant') {
      // The team's own messages (the inbox) are neither the agent's answers nor customers' questions.
      const outcome = row.outcome ?? 'answered';
      counts.outcomes[outcome] = (counts.outcomes[outcome] ?? 0) + 1;
      if (row.prev_role === 'user' && row.prev_at) {
        counts.answerMs += Math.max(0, at.getTime() - asDate(row.prev_at).getTime());
        counts.answerCount += 1;
      }
    }
  }

  // The question just before a request for a person, which the agent thought it answered: missed.
  const missed: Array<typeof insightMissed.$inferInsert> = [];
  const asked = await askedBefore(db, requests);
  for (const row of requests) {
    const question = asked.get(Number(row.seq));
    if (question && !asksForPerson(question.content)) {
      missed.push({ messageId: question.id, agentId: row.agent_id, conversationId: row.conversation_id, askedAt: asDate(question.created_at) });
    }
  }

  const last = Number(rows[rows.length - 1]!.seq);
  const dayRows = [...days.values()].map((d) => ({
    agent_id: d.agentId,
    day: d.day,
    channel: d.channel,
    conversations: d.conversations,
    messages: d.messages,
    outcomes: d.outcomes,
    person_requests: d.personRequests,
    answer_ms: d.answerMs,
    answer_count: d.answerCount,
    hours: d.hours,
  }));
  const missedRows = missed.map((m) => ({ message_id: m.messageId, agent_id: m.agentId, conversation_id: m.conversationId, asked_at: m.askedAt.toISOString() }));
  // One statement, so atomic: the progress moves from lastSeq to last, and only then are the counts added.
  await db.execute(sql`
    with progress as (
      insert into insight_progress (id, last_seq, updated_at) values (1, ${last}, now())
      on conflict (id) do update set last_seq = excluded.last_seq, updated_at = excluded.updated_at
        where insight_progress.last_seq = ${lastSeq}
      returning id
    ),
    added as (
      insert into insight_days (agent_id, day, channel, conversations, messages, outcomes, person_requests, answer_ms, answer_count, hours)
      select d.agent_id, d.day, d.channel, d.conversations, d.messages, d.outcomes, d.person_requests, d.answer_ms, d.answer_count, d.hours
      from jsonb_to_recordset(${JSON.stringify(dayRows)}::jsonb) as d(agent_id text, day text, channel text, conversations integer,
        messages integer, outcomes jsonb, person_requests integer, answer_ms bigint, answer_count integer, hours integer[])
      where exists (select 1 from progress)
      on conflict (agent_id, day, channel) do update set
        conversations = insight_days.conversations + excluded.conversations,
        messages = insight_days.messages + excluded.messages,
        person_requests = insight_days.person_requests + excluded.person_requests,
        answer_ms = insight_days.answer_ms + excluded.answer_ms,
        answer_count = insight_days.answer_count + excluded.answer_count,
        hours = array(select a + b from unnest(insight_days.hours, excluded.hours) as h(a, b)),
        outcomes = (select coalesce(jsonb_object_agg(k, coalesce((insight_days.outcomes ->> k)::int, 0) + coalesce((excluded.outcomes ->> k)::int, 0)), '{}'::jsonb)
          from jsonb_object_keys(insight_days.outcomes || excluded.outcomes) as k)
      returning 1
    )
    insert into insight_missed (message_id, agent_id, conversation_id, asked_at)
    select m.message_id, m.agent_id, m.conversation_id, m.asked_at
    from jsonb_to_recordset(${JSON.stringify(missedRows)}::jsonb) as m(message_id text, agent_id text, conversation_id text, asked_at timestamptz)
    where exists (select 1 from progress)
    on conflict do nothing`);
  return rows.length;
}

/**
 * The customer's message before each of these, by the request's seq — a second statement, for the few messages that
 * need it. Read from the request's last ASKED_LOOKBACK messages by the conversation's index: asked for directly
 * ("the last message of the customer before"), the planner estimated one row and read every earlier message of the
 * conversation by a bitmap scan and a sort — 0.15 ms a customer message on a conversation of 600 messages, growing
 * with it, when every customer message still had it looked up in the batch's statement (ADR 0016).
 */
async function askedBefore(db: Db, requests: MessageRow[]): Promise<Map<number, AskedRow>> {
  const found = new Map<number, AskedRow>();
  if (requests.length === 0) return found;
  const result = (await db.execute(sql`
    select r.seq as request_seq, q.id, q.created_at, q.content
    from jsonb_to_recordset(${JSON.stringify(requests.map((r) => ({ conversation_id: r.conversation_id, seq: Number(r.seq) })))}::jsonb) as r(conversation_id text, seq bigint)
    cross join lateral (
      select last.id, last.created_at, last.content from (
        select p.id, p.created_at, p.content, p.role, p.seq from messages p
        where p.conversation_id = r.conversation_id and p.seq < r.seq
        order by p.seq desc limit ${ASKED_LOOKBACK}
      ) last
      where last.role = 'user'
      order by last.seq desc limit 1
    ) q`)) as unknown as { rows: AskedRow[] };
  for (const row of result.rows) found.set(Number(row.request_seq), row);
  return found;
}

/**
 * Reads batches until caught up (or `maxBatches`), yielding between batches so chat turns go first.
 * One run at a time per process; a second caller waits for the running one.
 */
let running: Promise<number> | null = null;
export function rollUpInsights(db: Db, options: { settleMs?: number; batch?: number; maxBatches?: number } = {}): Promise<number> {
  const run = async () => {
    let total = 0;
    for (let i = 0; i < (options.maxBatches ?? Infinity); i++) {
      const n = await rollUpBatch(db, options);
      total += n;
      if (n < (options.batch ?? ROLLUP_BATCH)) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  };
  const next = (running ?? Promise.resolve(0)).catch(() => 0).then(run);
  running = next;
  void next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}
