import { formatCents, resolvePlan } from '@atende/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { lockAccount } from '../accounts/plan';
import { planActivatedMessage, planAllowance } from '../mail/messages';
import { setAccountPlan } from './accounts';
import type { BillingContext } from './context';
import { planPageUrl, providerDay, tellOwner } from './notices';
import { activationKey, recordPayment } from './payments';
import { findSubscription } from './subscriptions';
import type { SubscriptionRow } from './verify-preapproval';

export type ActivationResult = 'activated' | 'already_active' | 'refused';

/**
 * Puts a verified, authorized subscription in charge of the account: the
 * account gets the plan that was bought, the subscription becomes the current
 * one and the payment history gets its entry — once, however many times the
 * return page and the webhooks ask. Any other subscription of the account is
 * cancelled (locally at once, then at the provider) so nobody pays twice.
 * The transaction that activates it is the only one that answers 'activated',
 * and it alone e-mails the owner that the plan is active.
 *
 * A subscription we already cancelled is never revived ('refused'); the
 * caller makes sure it is cancelled at the provider too.
 *
 * `nextPaymentDate`: the provider's next charge date of the preapproval, when it says (for the e-mail).
 */
export async function activateSubscription(
  ctx: BillingContext,
  row: SubscriptionRow,
  details: { nextPaymentDate?: string | null } = {},
): Promise<ActivationResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, row.userId);
    const current = await findSubscription(tx, row.preapprovalId, true);
    if (!current || current.status === 'cancelled') return { result: 'refused' as const, replaced: [], current };
    if (current.status === 'authorized') return { result: 'already_active' as const, replaced: [], current };

    const replaced = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(
        and(eq(subscriptions.userId, row.userId), ne(subscriptions.id, row.id), inArray(subscriptions.status, ['authorized', 'paused'])),
      )
      .returning({ preapprovalId: subscriptions.preapprovalId, plan: subscriptions.plan });
    await tx.update(subscriptions).set({ status: 'authorized', updatedAt: sql`now()` }).where(eq(subscriptions.id, row.id));
    await setAccountPlan(tx, row.userId, resolvePlan(current.plan).id, 'approved');
    await recordPayment(tx, { subscription: current, key: activationKey(current), status: 'approved', amountCents: current.amountCents });
    return { result: 'activated' as const, replaced, current };
  });

  const cancelledPlans: string[] = [];
  for (const { preapprovalId, plan } of outcome.replaced) {
    if (await cancelAtProvider(ctx, preapprovalId, 'replaced by a new subscription')) cancelledPlans.push(resolvePlan(plan).name);
  }
  if (outcome.result === 'activated') {
    ctx.logger.info({ userId: row.userId, plan: row.plan, preapprovalId: row.preapprovalId }, 'plan activated');
    const plan = resolvePlan(outcome.current.plan);
    await tellOwner(ctx, row.userId, 'plan activated', (owner) =>
      planActivatedMessage({
        ...owner,
        planName: plan.name,
        amount: formatCents(outcome.current.amountCents),
        allowance: planAllowance(plan),
        nextChargeOn: providerDay(details.nextPaymentDate),
        replacedPlans: cancelledPlans,
        planUrl: planPageUrl(ctx),
      }),
    );
  }
  return outcome.result;
}

/**
 * Cancels a preapproval at the provider; a failure is logged loudly (the next notification retries it).
 * Resolves to whether the provider cancelled it.
 */
export async function cancelAtProvider(ctx: BillingContext, preapprovalId: string, why: string): Promise<boolean> {
  try {
    await ctx.provider.updatePreapproval(preapprovalId, { status: 'cancelled' });
    ctx.logger.info({ preapprovalId, why }, 'preapproval cancelled at the provider');
    return true;
  } catch (err) {
    ctx.logger.error({ err, preapprovalId, why }, 'could not cancel the preapproval at the provider: the payer may still be charged');
    return false;
  }
}
