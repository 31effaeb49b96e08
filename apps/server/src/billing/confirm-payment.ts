import { resolvePlan, type ConfirmPaymentResult } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { applyPreapproval } from './apply-preapproval';
import type { BillingContext } from './context';
import { providerFailure, subscriptionNotFound } from './errors';
import { ProviderError, type Preapproval } from './provider';

/**
 * The return page (/payment/success?preapproval_id=…). The query proves
 * nothing: the preapproval is fetched from the provider, must be one of the
 * signed-in user's subscriptions and must be authorized there before the plan
 * that was bought is activated. Safe to call any number of times.
 */
export async function confirmPayment(ctx: BillingContext, userId: string, preapprovalId: string): Promise<ConfirmPaymentResult> {
  const [row] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.preapprovalId, preapprovalId), eq(subscriptions.userId, userId)));
  if (!row) throw subscriptionNotFound();

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
