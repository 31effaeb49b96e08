import { ANSWER_OUTCOMES, channels, chatRoles, conversationStates } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn, agentIdColumn } from './refs';
import { createdAt } from './columns';

/** One chat session of one customer with one agent on one channel. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    agentId: agentIdColumn(),
    userId: userIdColumn(),
    /** 'test' is the owner's test chat in the workspace: never a customer, never counted in the monthly quota. */
    channel: text('channel', { enum: channels }).notNull(),
    /**
     * Web and test chat: the keyed hash of the secret session id (chat/session-keys.ts), never the id.
     * WhatsApp: the customer's wa_id.
     */
    sessionId: text('session_id').notNull(),
    /** The customer's name as their channel gives it (WhatsApp profile name), latest first; null on the web. */
    customerName: text('customer_name'),
    /**
     * Every message of the conversation: whatever stores a message adds one in the same statement or transaction
     * (the chat turn checks a memory window it kept against it: chat/turn-windows.ts).
     */
    messageCount: integer('message_count').notNull().default(0),
    /** Who answers (issue 16): bot | waiting | human | closed. Changed only by compare-and-set updates (chat/handoff.ts). */
    state: text('state', { enum: conversationStates }).notNull().default('bot'),
    /**
     * When the state last changed or the team last wrote: a waiting or human conversation whose team has been silent
     * for the agent's timeout goes back to the agent.
     */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).defaultNow().notNull(),
    /** Customer messages the team has not seen (the inbox's badge); zeroed when the owner opens the conversation. */
    unread: integer('unread').notNull().default(0),
    lastMessage: text('last_message'),
    /**
     * Moved to now() by whatever stores a message, in the same transaction (so never earlier than any of its messages):
     * the weekly summary reads a week from the conversations it puts in it (insights/weekly.ts).
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).defaultNow().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_session_uq').on(t.agentId, t.channel, t.sessionId),
    index('conversations_agent_recent_idx').on(t.agentId, sql`${t.lastMessageAt} desc`),
    /** The inbox: every conversation of an account, newest first. */
    index('conversations_user_recent_idx').on(t.userId, sql`${t.lastMessageAt} desc`),
    /** The sweeper's handoff timeouts read only these. */
    index('conversations_handoff_idx').on(t.stateChangedAt).where(sql`${t.state} in ('waiting', 'human')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    /** Insertion order (timestamps can tie). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** user: the customer; assistant: the agent; team: someone of the team, from the inbox. */
    role: text('role', { enum: chatRoles }).notNull(),
    content: text('content').notNull(),
    /** The channel's own id of a customer message (WhatsApp wamid): a retried turn never stores it twice. */
    externalId: text('external_id'),
    /** What an agent's message did (AnswerOutcome: answered, unanswered, …); null on customer messages and older rows. */
    outcome: text('outcome', { enum: ANSWER_OUTCOMES }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, sql`${t.seq} desc`),
    uniqueIndex('messages_external_id_uq').on(t.conversationId, t.externalId).where(sql`${t.externalId} is not null`),
    /**
     * The Painel's rollup and the CSV export read messages in `seq` order (insights/rollup.ts, export.ts). Partial on
     * a predicate every row meets, so that only queries that state it (`seq > 0`) can use it: otherwise a chat
     * turn's generic plan read its conversation's last messages backwards through this index, filtering out every
     * other conversation's (ADR 0017).
     */
    index('messages_seq_idx').on(t.seq).where(sql`${t.seq} > 0`),
    /** The Painel's 'Perguntas sem resposta' reads only these (insights/unanswered.ts). */
    index('messages_unanswered_idx').on(t.conversationId, t.seq).where(sql`${t.outcome} = 'unanswered'`),
  ],
);
