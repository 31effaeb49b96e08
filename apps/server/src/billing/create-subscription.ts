import { randomUUID } from 'node:crypto';
import { plans, toCents, type CreateSubscriptionResult, type PlanId } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { profiles, subscriptions } from '../db/schema';
import { AppError } from '../lib/errors';
import type { BillingContext } from './context';
import { providerFailure } from './errors';
import { formatExternalReference } from './external-reference';
import { closeOpenCheckouts } from './open-checkouts';
import { legacyReais } from './payments';
import type { Preapproval } from './provider';
import { currentSubscription } from './subscriptions';

/**
 * Starts a checkout: asks the provider for a monthly preapproval at the plan's
 * price in BRL and keeps a pending subscription row. Returns the URL the
 * browser goes to. Nothing about the account changes until the provider says
 * the subscription is authorized.
 */
export async function createSubscription(
  ctx: BillingContext,
  user: { id: string; email: string },
  planId: PlanId,
): Promise<CreateSubscriptionResult> {
  const plan = plans[planId];
  if (!plan.purchasable || plan.priceBrl === null) {
    throw new AppError('VALIDATION_FAILED', `Plan ${planId} is not sold through checkout`, {
      userMessage: 'Escolha um plano disponível para assinatura (Essencial ou Pro).',
    });
  }
  const current = await currentSubscription(ctx.db, user.id);
  // The same plan again only to pay it with another card, after Mercado Pago refused a monthly charge: once the new
  // checkout is authorized, activation cancels the refused subscription (activate.ts), so nobody pays twice.
  if (current?.plan === plan.id && (await paymentStatusOf(ctx, user.id)) !== 'rejected') {
    throw new AppError('CONFLICT', `Already subscribed to ${plan.id}`, { userMessage: `Você já assina o plano ${plan.name}.` });
  }

  const id = randomUUID();
  const externalReference = formatExternalReference({ userId: user.id, plan: plan.id, subscriptionId: id });
  let pre: Preapproval;
  try {
    pre = await ctx.provider.createPreapproval(
      {
        reason: `Atende — Plano ${plan.name}`,
        external_reference: externalReference,
        payer_email: user.email,
        auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: plan.priceBrl, currency_id: 'BRL' },
        back_url: `${ctx.publicUrl}/payment/success`,
        status: 'pending',
      },
      id,
    );
  } catch (err) {
    ctx.logger.error({ err, plan: plan.id }, 'could not create the preapproval');
    throw providerFailure(err);
  }
  if (!pre.init_point) {
    throw new AppError('UPSTREAM_FAILED', 'The preapproval has no init_point', { userMessage: 'URL de pagamento não disponível' });
  }

  await ctx.db.insert(subscriptions).values({
    id,
    userId: user.id,
    email: user.email,
    plan: plan.id,
    provider: ctx.provider.kind,
    preapprovalId: pre.id,
    externalReference,
    status: 'pending',
    amountCents: toCents(plan.priceBrl),
    amountBrl: legacyReais(toCents(plan.priceBrl)),
    initPoint: pre.init_point,
  });
  // A new checkout abandons the account's earlier pending ones: finished later, each would start charging too.
  await closeOpenCheckouts(ctx, user.id, { except: id, pendingOnly: true });
  return { init_point: pre.init_point };
}

async function paymentStatusOf(ctx: BillingContext, userId: string): Promise<string | undefined> {
  const [row] = await ctx.db.select({ paymentStatus: profiles.paymentStatus }).from(profiles).where(eq(profiles.id, userId));
  return row?.paymentStatus;
}
