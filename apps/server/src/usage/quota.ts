import { quotaMonth, TEST_MESSAGES_PER_DAY, type Plan, type Usage } from '@atende/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, SqlValue } from '../db/client';
import { testUsageCounters, usageCounters } from '../db/schema';

/*
 * The monthly message quota: one counter row per account and quota month (São Paulo time). Chat counts and
 * refunds messages here; agents and billing read the usage. Nothing else writes `usage_counters`. The owner's
 * test chat has its own daily allowance (`test_usage_counters`), counted here too.
 */

/**
 * Counts one message against the account's quota, as a data-modifying statement for a CTE of a larger
 * statement (the chat turn's): an upsert that only increments while under the limit, so concurrent turns on
 * any instance cannot over-admit. It returns the new count (`messages`) when the message was counted; `when`
 * guards it (a message redelivered by its channel is not counted twice). With it come the quota notices already sent this
month (`notice_level`, `notice_quota`: usage/notices.ts), so a turn claims one only when it is due. Values may be placeholders (executeShaped).
 */
export function countMessageSql(userId: SqlValue, quota: { month: SqlValue; limit: SqlValue }, when: SQL): SQL {
  return sql`insert into usage_counters (user_id, month, messages)
      select ${userId}, ${quota.month}, 1 where ${when}
      on conflict (user_id, month) do update set messages = usage_counters.messages + 1
      where ${quota.limit}::int is null or usage_counters.messages < ${quota.limit}::int
      returning messages, notice_level, notice_quota`;
}

/** Gives back a message that was counted but not answered (the provider failed). */
export async function refundMessage(db: Db, userId: string, month: string): Promise<void> {
  await db
    .update(usageCounters)
    .set({ messages: sql`greatest(${usageCounters.messages} - 1, 0)` })
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.month, month)));
}

export async function messagesUsed(db: Db, userId: string, at = new Date()): Promise<number> {
  const [row] = await db
    .select({ messages: usageCounters.messages })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.month, quotaMonth(at))));
  return row?.messages ?? 0;
}

/** The account's usage this month against its plan (and today's tests), as 'Meus agentes' and 'Meu plano' show it. */
export function usageOf(
  plan: Plan,
  counts: { messagesUsed: number; agentsUsed: number; testMessagesUsed: number },
  at = new Date(),
): Usage {
  return {
    month: quotaMonth(at),
    messagesUsed: counts.messagesUsed,
    messagesQuota: plan.monthlyMessages,
    agentsUsed: counts.agentsUsed,
    agentsLimit: plan.maxAgents,
    testMessagesUsed: counts.testMessagesUsed,
    testMessagesLimit: TEST_MESSAGES_PER_DAY,
  };
}

/**
 * Counts one test chat message against the account's daily test allowance, atomically (an upsert that
 * only increments under the limit, like the monthly quota): false when today's allowance is used up.
 */
export async function consumeTestMessage(db: Db, userId: string, day: string, limit: number): Promise<boolean> {
  const counted = await db
    .insert(testUsageCounters)
    .values({ userId, day, messages: 1 })
    .onConflictDoUpdate({
      target: [testUsageCounters.userId, testUsageCounters.day],
      set: { messages: sql`${testUsageCounters.messages} + 1` },
      setWhere: sql`${testUsageCounters.messages} < ${limit}`,
    })
    .returning({ messages: testUsageCounters.messages });
  return counted.length > 0;
}

/** Gives back a test message that was counted but not answered. */
export async function refundTestMessage(db: Db, userId: string, day: string): Promise<void> {
  await db
    .update(testUsageCounters)
    .set({ messages: sql`greatest(${testUsageCounters.messages} - 1, 0)` })
    .where(and(eq(testUsageCounters.userId, userId), eq(testUsageCounters.day, day)));
}

export async function testMessagesUsed(db: Db, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ messages: testUsageCounters.messages })
    .from(testUsageCounters)
    .where(and(eq(testUsageCounters.userId, userId), eq(testUsageCounters.day, day)));
  return row?.messages ?? 0;
}
