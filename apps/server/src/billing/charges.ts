import { formatCents, resolvePlan, toCents, type PaymentStatus } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { payments, subscriptions } from '../db/schema';
import { chargeRejectedMessage } from '../mail/messages';
import { lockAccount } from '../accounts/plan';
import { setPaymentStatus } from './accounts';
import type { BillingContext } from './context';
import { parseExternalReference } from './external-reference';
import { activationKey, paymentStatusOf, recordPayment } from './payments';
import type { AuthorizedPayment, ProviderPayment } from './provider';
import { planPageUrl, tellOwner } from './notices';
import { findSubscription } from './subscriptions';
import type { SubscriptionRow } from './verify-preapproval';

/** A monthly charge of a subscription (GET /authorized_payments/{id}). Not attempted yet → nothing to record. */
export async function recordAuthorizedPayment(ctx: BillingContext, ap: AuthorizedPayment): Promise<void> {
  const paymentId = ap.payment?.id;
  if (!ap.preapproval_id || !paymentId) return;
  const row = await findSubscription(ctx.db, ap.preapproval_id);
  if (!row) return;
  await recordCharge(ctx, row, paymentId, paymentStatusOf(ap.payment?.status), amountInCents(ctx, ap));
}

/** A payment (GET /v1/payments/{id}) that belongs to one of our subscriptions; others are ignored. */
export async function recordProviderPayment(ctx: BillingContext, payment: ProviderPayment): Promise<void> {
  const row = await subscriptionOfPayment(ctx, payment);
  if (!row) return;
  await recordCharge(ctx, row, payment.id, paymentStatusOf(payment.status), amountInCents(ctx, payment));
}

/**
 * The charge's amount in centavos when it is in reais (Mercado Pago sends `transaction_amount` as a decimal, 12.34,
 * and `currency_id` beside it; absent, BRL is assumed: our subscriptions are created in BRL). An amount in another
 * currency is not listed as reais: the entry keeps no amount.
 */
function amountInCents(ctx: BillingContext, charge: { id: string; transaction_amount?: number | null; currency_id?: string | null }) {
  if (typeof charge.transaction_amount !== 'number' || !Number.isFinite(charge.transaction_amount)) return null;
  if (charge.currency_id && charge.currency_id.toUpperCase() !== 'BRL') {
    ctx.logger.warn({ chargeId: charge.id, currency: charge.currency_id }, 'Mercado Pago charge not in BRL: recorded without an amount');
    return null;
  }
  return toCents(charge.transaction_amount);
}

async function subscriptionOfPayment(ctx: BillingContext, payment: ProviderPayment): Promise<SubscriptionRow | undefined> {
  const preapprovalId = payment.metadata?.preapproval_id ?? payment.point_of_interaction?.transaction_data?.subscription_id;
  if (preapprovalId) return findSubscription(ctx.db, preapprovalId);
  const ref = parseExternalReference(payment.external_reference);
  if (!ref) return undefined;
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, ref.subscriptionId));
  return row && row.userId === ref.userId ? row : undefined;
}

/**
 * One charge in the history, keyed by the provider's payment id (both
 * notification topics lead to the same key). The first approved charge takes
 * over the entry written at activation, so a month is never listed twice.
 * A charge of the current subscription also sets the account's payment status.
 */
async function recordCharge(
  ctx: BillingContext,
  row: SubscriptionRow,
  paymentId: string,
  status: PaymentStatus,
  amountCents: number | null,
): Promise<void> {
  const key = `payment:${paymentId}`;
  const newlyRejected = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, row.userId);
    const [before] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, key));
    await recordPayment(tx, {
      subscription: row,
      key,
      status,
      amountCents,
      replaces: status === 'approved' ? [activationKey(row)] : [],
    });
    const current = await findSubscription(tx, row.preapprovalId);
    if (current?.status === 'authorized' && status !== 'pending') await setPaymentStatus(tx, row.userId, status);
    return current?.status === 'authorized' && status === 'rejected' && before?.status !== 'rejected';
  });
  if (newlyRejected) await tellOwnerChargeRejected(ctx, row, amountCents ?? row.amountCents);
}

/**
 * A monthly charge of the plan in use was refused: the plan stays for now, but the owner has to act (another card)
 * before Mercado Pago gives up and the subscription ends. Once per charge; a mail failure is only logged.
 */
async function tellOwnerChargeRejected(ctx: BillingContext, row: SubscriptionRow, amountCents: number): Promise<void> {
  await tellOwner(ctx, row.userId, 'charge rejected', (owner) =>
    chargeRejectedMessage({
      ...owner,
      planName: resolvePlan(row.plan).name,
      amount: formatCents(amountCents),
      planUrl: planPageUrl(ctx),
    }),
  );
}
