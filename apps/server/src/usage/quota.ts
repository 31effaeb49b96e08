import { quotaMonth } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usageCounters } from '../db/schema';

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
