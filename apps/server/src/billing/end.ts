import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { lockAccount } from '../accounts/plan';
import { enforceAgentLimit, setAccountPlan } from './accounts';
import type { BillingContext } from './context';
import { findSubscription } from './subscriptions';
import type { SubscriptionRow } from './verify-preapproval';

/**
 * A paused or cancelled subscription. When it was the account's current
 * subscription, the account drops to Gratuito at once and agents above the
 * free limit are deactivated (the oldest stay on). An older subscription that
 * a newer one replaced only changes its own status.
 */
export async function endSubscription(ctx: BillingContext, row: SubscriptionRow, status: 'paused' | 'cancelled'): Promise<void> {
  // The agents switched off when the account went back to Gratuito; null when it did not.
  const deactivated = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, row.userId);
    const current = await findSubscription(tx, row.preapprovalId, true);
    if (!current || current.status === status || current.status === 'cancelled') return null;
    await tx.update(subscriptions).set({ status, updatedAt: sql`now()` }).where(eq(subscriptions.id, current.id));
    if (current.status !== 'authorized') return null;
    await setAccountPlan(tx, row.userId, 'free', 'pending');
    return enforceAgentLimit(tx, row.userId);
  });
  if (deactivated) {
    ctx.logger.info({ userId: row.userId, preapprovalId: row.preapprovalId, status, deactivated: deactivated.length }, 'plan ended');
  }
}
