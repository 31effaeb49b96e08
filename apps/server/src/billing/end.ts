import { formatCents, plans, resolvePlan } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import { lockAccount } from '../accounts/plan';
import { planAllowance, planEndedMessage } from '../mail/messages';
import { enforceAgentLimit, setAccountPlan } from './accounts';
import type { BillingContext } from './context';
import { formatDay, planPageUrl, tellOwner } from './notices';
import { findSubscription } from './subscriptions';
import type { SubscriptionRow } from './verify-preapproval';

/**
 * Who ended a subscription, for the owner's e-mail: the owner in 'Meu plano', or the provider's word (the payer at
 * Mercado Pago, or Mercado Pago itself). 'silent' sends nothing: account deletion e-mails its own confirmation.
 */
export type EndedBy = 'owner' | 'provider' | 'silent';

/**
 * A paused or cancelled subscription. When it was the account's current
 * subscription, the account drops to Gratuito at once, agents above the
 * free limit are deactivated (the oldest stay on) and the owner is e-mailed —
 * by the one transaction that made the change, so a repeated notification or a
 * notification after 'Cancelar assinatura' sends nothing more. An older
 * subscription that a newer one replaced only changes its own status.
 */
export async function endSubscription(
  ctx: BillingContext,
  row: SubscriptionRow,
  status: 'paused' | 'cancelled',
  endedBy: EndedBy = 'provider',
): Promise<void> {
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
  if (!deactivated) return;
  ctx.logger.info({ userId: row.userId, preapprovalId: row.preapprovalId, status, deactivated: deactivated.length }, 'plan ended');
  if (endedBy === 'silent') return;
  const free = plans.free;
  await tellOwner(ctx, row.userId, 'plan ended', (owner) =>
    planEndedMessage({
      ...owner,
      planName: resolvePlan(row.plan).name,
      amount: formatCents(row.amountCents),
      how: endedBy === 'owner' ? 'cancelled_by_owner' : status === 'paused' ? 'paused_at_provider' : 'cancelled_at_provider',
      endedOn: formatDay(new Date()),
      freePlanName: free.name,
      freeAllowance: planAllowance(free),
      deactivatedAgents: deactivated.length,
      planUrl: planPageUrl(ctx),
    }),
  );
}
