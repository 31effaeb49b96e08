import { normalizeSubscriptionStatus, toCents, type SubscriptionStatus } from '@atende/shared';
import type { subscriptions } from '../db/schema';
import { parseExternalReference } from './external-reference';
import type { Preapproval } from './provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export type PreapprovalVerdict =
  | { ok: true; status: SubscriptionStatus }
  | { ok: false; reason: 'not_yours' | 'mismatch' | 'unknown_status' };

/**
 * Decides whether a preapproval fetched from the provider really is our
 * subscription row: same id, an external_reference naming the row's account,
 * plan and id, and the price and currency we asked for. When `userId` is
 * given (the signed-in user on the return page) the row must be theirs.
 *
 * The plan that gets activated is the row's plan — the one that was bought —
 * never a default.
 */
export function verifyPreapproval(pre: Preapproval, row: SubscriptionRow, userId?: string): PreapprovalVerdict {
  const ref = parseExternalReference(pre.external_reference);
  if (userId !== undefined && (row.userId !== userId || ref?.userId !== userId)) return { ok: false, reason: 'not_yours' };
  if (
    pre.id !== row.preapprovalId ||
    !ref ||
    ref.userId !== row.userId ||
    ref.subscriptionId !== row.id ||
    ref.plan !== row.plan ||
    typeof pre.auto_recurring?.transaction_amount !== 'number' ||
    toCents(pre.auto_recurring.transaction_amount) !== row.amountCents ||
    pre.auto_recurring?.currency_id !== 'BRL'
  ) {
    return { ok: false, reason: 'mismatch' };
  }
  const status = normalizeSubscriptionStatus(pre.status);
  return status ? { ok: true, status } : { ok: false, reason: 'unknown_status' };
}
