import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { userIdColumn } from './refs';

/** Messages counted per account and quota month (America/Sao_Paulo), incremented atomically. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: userIdColumn(),
    month: text('month').notNull(),
    messages: integer('messages').notNull().default(0),
    /** The owner was e-mailed at 80% (1) or 100% (2) of `noticeQuota` this month (usage/notices.ts): once each. */
    noticeLevel: smallint('notice_level').notNull().default(0),
    noticeQuota: integer('notice_quota'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Test chat messages per account and day (America/Sao_Paulo): the owner's daily test allowance, counted
 * apart from the customers' monthly quota.
 */
export const testUsageCounters = pgTable(
  'test_usage_counters',
  {
    userId: userIdColumn(),
    day: text('day').notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The public web chat's daily counters per agent (issue 13, item 5), São Paulo day: `v:<session key>` per
 * visitor, `ip:<network>` per address (IPv6: its /64), and `refused` for the messages the limits turned
 * away. Rows of past days are pruned.
 */
export const webChatCounters = pgTable(
  'web_chat_counters',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    key: text('key').notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.key] }), index('web_chat_counters_day_idx').on(t.day)],
);
