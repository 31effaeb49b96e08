import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { lockAccount } from '../accounts/plan';
import { enforceAgentLimit, setAccountPlan } from './accounts';
import type { BillingContext } from './context';
import { findSubscription } from './subscriptions';
import type { SubscriptionRow } from './verify-preapproval';

export interface EndResult {
  /** The account went back to Gratuito (the subscription was the one paying for its plan). */
  downgraded: boolean;
  /** Agents switched off to fit the free plan (never deleted). */
  deactivatedAgents: string[];
}

/**
 * A paused or cancelled subscription. When it was the account's current
 * subscription, the account drops to Gratuito at once and agents above the
 * free limit are deactivated (the oldest stay on). An older subscription that
 * a newer one replaced only changes its own status.
 */
export async function endSubscription(ctx: BillingContext, row: SubscriptionRow, status: 'paused' | 'cancelled'): Promise<EndResult> {
  const result = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, row.userId);
    const current = await findSubscription(tx, row.preapprovalId, true);
    if (!current || current.status === status || current.status === 'cancelled') return { downgraded: false, deactivatedAgents: [] };
    await tx.update(subscriptions).set({ status, updatedAt: sql`now()` }).where(eq(subscriptions.id, current.id));
    if (current.status !== 'authorized') return { downgraded: false, deactivatedAgents: [] };
    await setAccountPlan(tx, row.userId, 'free', 'pending');
    return { downgraded: true, deactivatedAgents: await enforceAgentLimit(tx, row.userId) };
  });
  if (result.downgraded) {
    ctx.logger.info({ userId: row.userId, preapprovalId: row.preapprovalId, status, deactivated: result.deactivatedAgents.length }, 'plan ended');
  }
  return result;
}
