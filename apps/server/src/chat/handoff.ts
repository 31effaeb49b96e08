import { randomUUID } from 'node:crypto';
import {
  DEFAULT_HANDOFF_SETTINGS,
  type Channel,
  type ConversationState,
  type HandoffSettings,
  type InboxEvent,
} from '@atende/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AgentRow } from '../agents/service';
import type { Db, Executor } from '../db/client';
import type { Notifier } from '../db/notify';
import { agents, conversations, messages } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { PREVIEW } from './conversations';

/**
 * Who answers a conversation (issue 16, docs/product.md §10). Every change of hands is one compare-and-set UPDATE
 * (`where state in (…)`), so two people acting at once on any instances cannot both win: the loser is told.
 */

/** The conversation as stored, for the routes that change it. */
export type ConversationRow = typeof conversations.$inferSelect;

/** Tells the inbox (every instance: db/notify.ts) that a conversation of the account changed. */
export async function notifyInbox(
  notifier: Notifier | undefined,
  event: InboxEvent & { userId: string },
  executor?: Executor,
): Promise<void> {
  await notifier?.notify({ type: 'inbox', ...event }, executor);
}

const taken = () =>
  new AppError('CONFLICT', 'The conversation is already with the team', {
    userMessage: 'Outra pessoa da equipe já assumiu esta conversa. Atualize a página para ver as mensagens.',
  });

/** The conversation of the agent, or 404 (the test chat is not a customer's: it never changes hands). */
export async function customerConversation(db: Executor, agentId: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agentId)));
  if (!row || row.channel === 'test') throw notFound('Conversation');
  return row;
}

/** The team takes the conversation over: the agent stops answering there. 409 when someone already has it. */
export async function takeOver(db: Db, agentId: string, conversationId: string): Promise<ConversationRow> {
  await customerConversation(db, agentId, conversationId);
  const [row] = await db
    .update(conversations)
    .set({ state: 'human', stateChangedAt: sql`now()`, unread: 0 })
    .where(and(eq(conversations.id, conversationId), sql`${conversations.state} in ('bot', 'waiting', 'closed')`))
    .returning();
  if (!row) throw taken();
  return row;
}

/** Hands the conversation back to the agent. 409 when the agent already has it. */
export async function release(db: Db, agentId: string, conversationId: string): Promise<ConversationRow> {
  await customerConversation(db, agentId, conversationId);
  const [row] = await db
    .update(conversations)
    .set({ state: 'bot', stateChangedAt: sql`now()` })
    .where(and(eq(conversations.id, conversationId), sql`${conversations.state} in ('waiting', 'human')`))
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', 'The conversation is already with the agent', {
      userMessage: 'Esta conversa já está com o agente.',
    });
  }
  return row;
}

/** The team closes the conversation: the agent answers again when the customer next writes. 409 when already closed. */
export async function close(db: Db, agentId: string, conversationId: string): Promise<ConversationRow> {
  await customerConversation(db, agentId, conversationId);
  const [row] = await db
    .update(conversations)
    .set({ state: 'closed', stateChangedAt: sql`now()`, unread: 0 })
    .where(and(eq(conversations.id, conversationId), sql`${conversations.state} <> 'closed'`))
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', 'The conversation is already closed', { userMessage: 'Esta conversa já foi encerrada.' });
  }
  return row;
}

/** The team has seen the conversation: its unread count goes to zero. */
export async function markRead(db: Db, agentId: string, conversationId: string): Promise<ConversationRow> {
  await customerConversation(db, agentId, conversationId);
  const [row] = await db.update(conversations).set({ unread: 0 }).where(eq(conversations.id, conversationId)).returning();
  return row!;
}

/**
 * Stores a message of the team in ONE transaction with the change of hands: the conversation becomes `human` (a
 * reply takes it over) and its summary is updated. The caller delivers it afterwards, keyed by the returned id.
 */
export async function storeTeamMessage(
  db: Db,
  agentId: string,
  conversationId: string,
  text: string,
  /** Runs inside the transaction (on PGlite, a query on `db` there would wait for the transaction forever). */
  check?: (conversation: ConversationRow, tx: Executor) => Promise<void>,
): Promise<{ conversation: ConversationRow; message: { id: string; createdAt: Date } }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agentId)))
      .for('update');
    if (!locked || locked.channel === 'test') throw notFound('Conversation');
    await check?.(locked, tx);
    const id = randomUUID();
    const [message] = await tx.insert(messages).values({ id, conversationId, role: 'team', content: text }).returning({ id: messages.id, createdAt: messages.createdAt });
    const [conversation] = await tx
      .update(conversations)
      .set({
        state: 'human',
        stateChangedAt: sql`now()`,
        unread: 0,
        messageCount: sql`${conversations.messageCount} + 1`,
        lastMessage: text.slice(0, PREVIEW),
        lastMessageAt: sql`now()`,
      })
      .where(eq(conversations.id, conversationId))
      .returning();
    return { conversation: conversation!, message: message! };
  });
}

/** When the customer last wrote (the WhatsApp 24-hour window counts from it); null when never. */
export async function lastCustomerMessageAt(db: Executor, conversationId: string): Promise<Date | null> {
  // The latest by the conversation's index, which stops at the first match: max(created_at) read every message.
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row?.at ?? null;
}

/** The agents columns the handoff settings are made of, for a select that reads the agent for a turn. */
export const handoffColumns = {
  handoffMessage: agents.handoffMessage,
  handoffAfterUnanswered: agents.handoffAfterUnanswered,
  handoffTimeoutMinutes: agents.handoffTimeoutMinutes,
  notifyWhatsapp: agents.notifyWhatsapp,
  businessHours: agents.businessHours,
};
export type HandoffColumn = keyof typeof handoffColumns;

/** The agent's handoff settings, defaults filled in. */
export async function handoffSettings(db: Executor, agentId: string): Promise<HandoffSettings> {
  const [row] = await db.select(handoffColumns).from(agents).where(eq(agents.id, agentId));
  return handoffSettingsOf(row);
}

/** The handoff settings of an agent row already read (the columns left null take the defaults). */
export function handoffSettingsOf(row: Partial<Pick<AgentRow, HandoffColumn>> | undefined): HandoffSettings {
  const d = DEFAULT_HANDOFF_SETTINGS;
  return {
    message: row?.handoffMessage ?? d.message,
    afterUnanswered: row?.handoffAfterUnanswered ?? d.afterUnanswered,
    timeoutMinutes: row?.handoffTimeoutMinutes ?? d.timeoutMinutes,
    notifyWhatsapp: row?.notifyWhatsapp ?? null,
    businessHours: row?.businessHours ?? null,
  };
}

/** bot → waiting (compare-and-set): true when this call made the change. */
export async function toWaiting(db: Db, conversationId: string): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ state: 'waiting', stateChangedAt: sql`now()` })
    .where(and(eq(conversations.id, conversationId), eq(conversations.state, 'bot')))
    .returning({ id: conversations.id });
  return rows.length === 1;
}

/**
 * True when the agent's last `n` replies since the conversation last changed hands all said it could not answer
 * (messages.outcome 'unanswered'). n = 0: never.
 */
export async function unansweredStreak(db: Db, conversationId: string, n: number): Promise<boolean> {
  if (n <= 0) return false;
  // The last n replies of either side, then whether all came since the state changed: with that condition in the
  // statement, a conversation with fewer such replies was read to its first message (a WhatsApp one lasts months).
  const result = (await db.execute(sql`
    select m.outcome, m.created_at >= c.state_changed_at as since_change from messages m join conversations c on c.id = m.conversation_id
    where m.conversation_id = ${conversationId} and m.role in ('assistant', 'team')
    order by m.seq desc limit ${n}`)) as unknown as { rows: Array<{ outcome: string | null; since_change: boolean }> };
  return result.rows.length === n && result.rows.every((r) => r.outcome === 'unanswered' && r.since_change);
}

/** A conversation the agent took back from a silent team (see expireHandoffs). */
export interface ExpiredHandoff {
  id: string;
  agentId: string;
  userId: string;
  channel: Channel;
  sessionId: string;
  state: ConversationState;
}

/**
 * Waiting or human conversations whose team has been silent for the agent's timeout go back to the agent
 * (compare-and-set on the state and its time, so two sweepers never both take one back).
 */
export async function expireHandoffs(db: Db, now = new Date()): Promise<ExpiredHandoff[]> {
  const result = (await db.execute(sql`
    update conversations c set state = 'bot', state_changed_at = now()
    from agents a
    where a.id = c.agent_id and c.state in ('waiting', 'human')
      and c.state_changed_at < ${now.toISOString()}::timestamptz
        - make_interval(mins => coalesce(a.handoff_timeout_minutes, ${DEFAULT_HANDOFF_SETTINGS.timeoutMinutes}))
    returning c.id, c.agent_id as "agentId", c.user_id as "userId", c.channel, c.session_id as "sessionId", c.state`)) as unknown as {
    rows: ExpiredHandoff[];
  };
  return result.rows;
}
