import type { SubscriptionStatus } from '@atende/shared';
import { activateSubscription, cancelAtProvider } from './activate';
import type { BillingContext } from './context';
import { endSubscription, type EndedBy } from './end';
import type { Preapproval } from './provider';
import { findSubscription } from './subscriptions';
import { verifyPreapproval, type SubscriptionRow } from './verify-preapproval';

export type ApplyResult =
  | { ok: true; row: SubscriptionRow; status: SubscriptionStatus }
  | { ok: false; reason: 'unknown' | 'not_yours' | 'mismatch' | 'unknown_status' };

/**
 * Brings our state in line with a preapproval just fetched from the provider
 * (never with anything the browser or a notification body claims): authorized
 * activates the plan that was bought, paused/cancelled end it, pending changes
 * nothing. The return page passes the signed-in user, who must own it.
 * `endedBy` says who ended it, for the owner's e-mail (a notification: the provider).
 * Returns the subscription's status as it now stands on our side.
 */
export async function applyPreapproval(ctx: BillingContext, pre: Preapproval, userId?: string, endedBy: EndedBy = 'provider'): Promise<ApplyResult> {
  const row = await findSubscription(ctx.db, pre.id);
  if (!row) return { ok: false, reason: userId ? 'not_yours' : 'unknown' };
  const verdict = verifyPreapproval(pre, row, userId);
  if (!verdict.ok) {
    ctx.logger.warn({ preapprovalId: pre.id, reason: verdict.reason }, 'preapproval does not match our subscription; ignored');
    return verdict;
  }
  switch (verdict.status) {
    case 'authorized': {
      const result = await activateSubscription(ctx, row, { nextPaymentDate: pre.next_payment_date });
      if (result !== 'refused') return { ok: true, row, status: 'authorized' };
      // We cancelled it (replaced or cancelled by the owner) but the provider still has it running.
      await cancelAtProvider(ctx, row.preapprovalId, 'authorized at the provider after we cancelled it');
      return { ok: true, row, status: 'cancelled' };
    }
    case 'paused':
    case 'cancelled':
      await endSubscription(ctx, row, verdict.status, endedBy);
      return { ok: true, row, status: verdict.status };
    case 'pending':
      return { ok: true, row, status: row.status === 'cancelled' ? 'cancelled' : 'pending' };
  }
}
