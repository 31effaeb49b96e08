import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { subscriptions } from '../db/schema';
import type { SubscriptionRow } from './verify-preapproval';

export async function findSubscription(db: Executor, preapprovalId: string, lock = false): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.preapprovalId, preapprovalId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The subscription paying for the account's plan: the authorized one (activation cancels any other). */
export async function currentSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'authorized')))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  return row;
}
