import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { messages } from './chat';
import { agentIdColumn, userIdColumn } from './refs';
import { createdAt, updatedAt } from './columns';

/**
 * An answer the merchant taught the agent ('Ensinar resposta'): used before the knowledge's passages when a
 * customer asks the question or a paraphrase of it (learning/taught-answers.ts).
 */
export const taughtAnswers = pgTable(
  'taught_answers',
  {
    id: text('id').primaryKey(),
    agentId: agentIdColumn(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** Customers' own wordings of the question (the grouped unanswered questions it was taught from). */
    variants: jsonb('variants').$type<string[]>().notNull().default([]),
    /** Every term of the question and its variants (learning/question-terms.ts): a candidate shares one. */
    terms: text('terms').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('taught_answers_agent_idx').on(t.agentId, sql`${t.createdAt} desc`)],
);

/**
 * Counts of one agent's day (São Paulo) on one channel, added up in the background from the messages as they
 * come (insights/rollup.ts), so the Painel never re-reads old messages. Counts only: nothing a customer wrote,
 * and they stay when a customer's conversations are erased.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    agentId: agentIdColumn(),
    /** YYYY-MM-DD in America/Sao_Paulo. */
    day: text('day').notNull(),
    channel: text('channel').notNull(),
    /** Conversations started that day. */
    conversations: integer('conversations').notNull().default(0),
    /** Customer messages. */
    messages: integer('messages').notNull().default(0),
    /** The agent's replies per outcome (answered, unanswered, …). */
    outcomes: jsonb('outcomes').$type<Record<string, number>>().notNull().default({}),
    /** Customer messages asking for a person. */
    personRequests: integer('person_requests').notNull().default(0),
    /** Sum and count of answer times (ms from a customer message to the agent's reply). */
    answerMs: bigint('answer_ms', { mode: 'number' }).notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    /** Customer messages per hour of the day (24 numbers). */
    hours: integer('hours').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.channel] })],
);

/** How far the rollup has read the messages (their `seq`): one row. */
export const insightProgress = pgTable('insight_progress', {
  id: integer('id').primaryKey().default(1),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Customer questions the agent missed without saying so: the customer asked for a person right after. Found
 * by the rollup; the question's text stays in `messages` (and goes with it).
 */
export const insightMissed = pgTable(
  'insight_missed',
  {
    messageId: text('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    agentId: agentIdColumn(),
    conversationId: text('conversation_id').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('insight_missed_agent_idx').on(t.agentId, sql`${t.askedAt} desc`)],
);

/** The account's weekly summary e-mail: on unless switched off; the last ISO week it was sent for. */
export const weeklySummaries = pgTable('weekly_summaries', {
  userId: userIdColumn().primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  lastSentWeek: text('last_sent_week'),
  updatedAt: updatedAt(),
});

/**
 * A customer's data erased at the merchant's request (LGPD): who asked, when, what was erased — never what
 * the customer wrote. The number is stored masked.
 */
export const customerErasures = pgTable(
  'customer_erasures',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    agentId: text('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    channel: text('channel').notNull(),
    customerLabel: text('customer_label').notNull(),
    conversations: integer('conversations').notNull(),
    messages: integer('messages').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_erasures_user_idx').on(t.userId, sql`${t.createdAt} desc`)],
);
