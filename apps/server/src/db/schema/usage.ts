import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userIdColumn } from './refs';

/** Messages counted per account and quota month (America/Sao_Paulo), incremented atomically. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: userIdColumn(),
    month: text('month').notNull(),
    messages: integer('messages').notNull().default(0),
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
