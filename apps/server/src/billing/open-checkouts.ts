import { normalizeSubscriptionStatus } from '@atende/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import type { BillingContext } from './context';
import { providerFailure } from './errors';
import { ProviderError, type Preapproval } from './provider';

/**
 * The account's preapprovals that are neither its current subscription nor over: checkouts left pending
 * (the payer closed the tab, or the first charge was still in review) and paused subscriptions. At Mercado
 * Pago each of them can still become authorized — the payer finishing that checkout later, a charge clearing,
 * a paused subscription resumed — and start charging.
 *
 * Closing one cancels it at the provider and marks it cancelled here, even when the provider failed (an
 * authorization arriving later is then refused and cancelled at the provider again, docs/decisions/0006). `pendingOnly` leaves
 * paused subscriptions alone (a new checkout). `strict` (account
 * deletion, after which no row would be left to refuse anything) stops at the first provider failure;
 * otherwise a failure is only logged.
 */
export async function closeOpenCheckouts(
  ctx: BillingContext,
  userId: string,
  options: { except?: string; strict?: boolean; pendingOnly?: boolean } = {},
): Promise<number> {
  const open = await ctx.db
    .select({ id: subscriptions.id, preapprovalId: subscriptions.preapprovalId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, options.pendingOnly ? ['pending'] : ['pending', 'paused']),
        options.except ? ne(subscriptions.id, options.except) : undefined,
      ),
    );
  for (const row of open) {
    try {
      await cancelAtProvider(ctx, row.preapprovalId);
      ctx.logger.info({ preapprovalId: row.preapprovalId }, 'open checkout cancelled at the provider');
    } catch (err) {
      ctx.logger.error({ err, preapprovalId: row.preapprovalId }, 'could not cancel an open checkout at the provider: it may still be charged');
      // Left open here too, so the next attempt tries again.
      if (options.strict) throw providerFailure(err);
    }
    await ctx.db.update(subscriptions).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(subscriptions.id, row.id));
  }
  return open.length;
}

/**
 * Cancels a preapproval at the provider: its answer, or the preapproval as it stands when it was cancelled already (by
 * the payer, at Mercado Pago); null when the provider does not have it. Any other failure is thrown.
 */
export async function cancelAtProvider(ctx: BillingContext, preapprovalId: string): Promise<Preapproval | null> {
  try {
    return await ctx.provider.updatePreapproval(preapprovalId, { status: 'cancelled' });
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) return null;
    const fresh = await ctx.provider.getPreapproval(preapprovalId).catch(() => null);
    if (fresh && normalizeSubscriptionStatus(fresh.status) === 'cancelled') return fresh;
    throw err;
  }
}
