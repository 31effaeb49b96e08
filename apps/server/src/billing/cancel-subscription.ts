import { AppError } from '../lib/errors';
import { applyPreapproval } from './apply-preapproval';
import type { BillingContext } from './context';
import type { EndedBy } from './end';
import { providerFailure } from './errors';
import { cancelAtProvider, closeOpenCheckouts } from './open-checkouts';
import type { Preapproval } from './provider';
import { currentSubscription } from './subscriptions';

/**
 * 'Cancelar assinatura': cancels the current subscription at the provider
 * first (the account is never downgraded while the provider keeps charging),
 * then applies the provider's own answer through the same path as a webhook.
 * The owner is e-mailed the cancellation, unless `endedBy` is 'silent' (account deletion).
 */
export async function cancelSubscription(ctx: BillingContext, userId: string, endedBy: Extract<EndedBy, 'owner' | 'silent'> = 'owner'): Promise<void> {
  const current = await currentSubscription(ctx.db, userId);
  if (!current) {
    throw new AppError('NOT_FOUND', 'No active subscription', { userMessage: 'Você não tem uma assinatura ativa para cancelar.' });
  }
  const id = current.preapprovalId;
  let pre: Preapproval;
  try {
    // The provider's answer (or the preapproval already cancelled by the payer) is what gets applied.
    const answer = await cancelAtProvider(ctx, id);
    if (!answer) throw new Error(`preapproval ${id} not found at the provider`);
    pre = answer;
  } catch (err) {
    ctx.logger.error({ err, preapprovalId: id }, 'could not cancel the subscription');
    throw providerFailure(err);
  }
  const result = await applyPreapproval(ctx, pre, userId, endedBy);
  if (!result.ok || result.status !== 'cancelled') {
    throw new AppError('UPSTREAM_FAILED', `Cancellation not confirmed (status ${pre.status})`, {
      userMessage: 'O Mercado Pago não confirmou o cancelamento. Tente novamente em instantes.',
    });
  }
  // 'Não haverá novas cobranças': a checkout left pending (or a paused subscription) must not start charging later.
  await closeOpenCheckouts(ctx, userId);
}

/**
 * Account deletion: cancels the account's subscription when it has one, and every checkout it left open at
 * the provider (once the account's rows are gone nothing could refuse them if they were authorized later).
 * A provider failure stops the deletion. Resolves to whether there was a paid subscription. Nothing is e-mailed
 * here: the deletion's own e-mail says the subscription was cancelled.
 */
export async function cancelIfSubscribed(ctx: BillingContext, userId: string): Promise<boolean> {
  const paid = Boolean(await currentSubscription(ctx.db, userId));
  if (paid) await cancelSubscription(ctx, userId, 'silent');
  await closeOpenCheckouts(ctx, userId, { strict: true });
  return paid;
}
