import {
  centsToBrl,
  normalizeSubscriptionStatus,
  resolvePlan,
  type SandboxCheckout,
  type SandboxDecision,
  type SandboxDecisionResult,
} from '@atende/shared';
import { AppError, notFound } from '../../lib/errors';
import type { BillingContext } from '../context';
import { findSubscription } from '../subscriptions';
import { handleNotification } from '../webhook';
import { SandboxProvider } from './provider';

const notFoundHere = () => notFound('Checkout');

/** The sandbox provider and the signed-in user's subscription behind a sandbox preapproval (404 otherwise). */
async function ownedSandbox(ctx: BillingContext, userId: string, preapprovalId: string) {
  if (!(ctx.provider instanceof SandboxProvider)) throw notFoundHere();
  const row = await findSubscription(ctx.db, preapprovalId);
  if (!row || row.userId !== userId) throw notFoundHere();
  return { provider: ctx.provider, row, pre: await ctx.provider.getPreapproval(preapprovalId) };
}

/** What the test checkout page shows. */
export async function getSandboxCheckout(ctx: BillingContext, userId: string, preapprovalId: string): Promise<SandboxCheckout> {
  const { row, pre } = await ownedSandbox(ctx, userId, preapprovalId);
  const plan = resolvePlan(row.plan);
  return {
    id: pre.id,
    status: normalizeSubscriptionStatus(pre.status) ?? 'pending',
    reason: pre.reason ?? `Atende — Plano ${plan.name}`,
    plan: { id: plan.id, name: plan.name },
    amountBrl: centsToBrl(row.amountCents),
    amountCents: row.amountCents,
    payerEmail: pre.payer_email ?? row.email,
  };
}

/**
 * The payer's decision on the test checkout: the sandbox preapproval changes
 * as it would at Mercado Pago, our webhook handler is notified exactly as
 * Mercado Pago would notify it, and the browser is sent where Mercado Pago
 * would send it (the success page then verifies, as always).
 */
export async function decideSandboxCheckout(
  ctx: BillingContext,
  userId: string,
  preapprovalId: string,
  decision: SandboxDecision,
): Promise<SandboxDecisionResult> {
  const { provider, pre } = await ownedSandbox(ctx, userId, preapprovalId);
  if (normalizeSubscriptionStatus(pre.status) !== 'pending') {
    throw new AppError('CONFLICT', 'This sandbox checkout is already finished', {
      userMessage: 'Este pagamento de teste já foi concluído.',
    });
  }
  const query = `?preapproval_id=${encodeURIComponent(pre.id)}`;
  if (decision === 'pending') return { redirect: `/payment/pending${query}` };

  await provider.setStatus(pre.id, decision === 'approve' ? 'authorized' : 'cancelled');
  try {
    await handleNotification(ctx, { type: 'subscription_preapproval', dataId: pre.id, action: 'updated' });
  } catch (err) {
    // Like a failed webhook delivery: the return page still verifies with the provider.
    ctx.logger.error({ err, preapprovalId: pre.id }, 'sandbox notification failed');
  }
  if (decision === 'reject') return { redirect: `/payment/failure${query}` };
  const backUrl = new URL(pre.back_url ?? `${ctx.publicUrl}/payment/success`);
  return { redirect: `${backUrl.pathname}${query}` };
}
