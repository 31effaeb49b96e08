import { quotaMonth, type Plan } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usageCounters } from '../db/schema';

export interface QuotaResult {
  allowed: boolean;
  month: string;
}

/**
 * Counts one message against the account's monthly quota, atomically: a single
 * upsert that only increments while under the quota. Concurrent turns on any
 * number of instances cannot over-admit (the row lock serialises them).
 */
export async function consumeMessage(db: Db, userId: string, plan: Plan, at = new Date()): Promise<QuotaResult> {
  const month = quotaMonth(at);
  const quota = plan.monthlyMessages;
  const rows = await db
    .insert(usageCounters)
    .values({ userId, month, messages: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.month],
      set: { messages: sql`${usageCounters.messages} + 1` },
      ...(quota === null ? {} : { setWhere: sql`${usageCounters.messages} < ${quota}` }),
    })
    .returning({ messages: usageCounters.messages });
  return { allowed: rows.length > 0, month };
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
