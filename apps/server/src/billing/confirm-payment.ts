import { resolvePlan, type ConfirmPaymentResult } from '@atende/shared';
import { applyPreapproval } from './apply-preapproval';
import type { BillingContext } from './context';
import { providerFailure, subscriptionNotFound } from './errors';
import { ProviderError, type Preapproval } from './provider';
import { findSubscription } from './subscriptions';

/**
 * The return page (/payment/success?preapproval_id=…). The query proves
 * nothing: the preapproval is fetched from the provider, must be one of the
 * signed-in user's subscriptions and must be authorized there before the plan
 * that was bought is activated. Safe to call any number of times.
 */
export async function confirmPayment(ctx: BillingContext, userId: string, preapprovalId: string): Promise<ConfirmPaymentResult> {
  // Someone else's preapproval is not even looked up at the provider.
  const row = await findSubscription(ctx.db, preapprovalId);
  if (!row || row.userId !== userId) throw subscriptionNotFound();

  let pre: Preapproval;
  try {
    pre = await ctx.provider.getPreapproval(preapprovalId);
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) throw subscriptionNotFound();
    throw providerFailure(err);
  }
  const result = await applyPreapproval(ctx, pre, userId);
  if (!result.ok) throw subscriptionNotFound();
  const plan = resolvePlan(result.row.plan);
  return { status: result.status, plan: { id: plan.id, name: plan.name } };
}
