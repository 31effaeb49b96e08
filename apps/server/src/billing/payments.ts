import { randomUUID } from 'node:crypto';
import { centsToBrl, resolvePlan, type PaymentRecord, type PaymentStatus } from '@atende/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { payments } from '../db/schema';
import type { SubscriptionRow } from './verify-preapproval';

/** A provider payment status in the four of docs/product.md §4. */
export function paymentStatusOf(providerStatus: string | null | undefined): PaymentStatus {
  switch (providerStatus?.toLowerCase()) {
    case 'approved':
    case 'authorized':
      return 'approved';
    case 'rejected':
    case 'cancelled':
    case 'canceled':
      return 'rejected';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      return 'pending';
  }
}

/** The history key of the activation entry, until the first real charge of the subscription takes it over. */
export const activationKey = (row: SubscriptionRow) => `preapproval:${row.preapprovalId}`;

export interface PaymentEntry {
  subscription: SubscriptionRow;
  /** Unique per charge at the provider (notifications repeat). */
  key: string;
  status: PaymentStatus;
  /** The charge in centavos; null when unknown (or not in reais). */
  amountCents: number | null;
  /** Earlier keys of the same charge (the activation entry, a charge not yet attempted) that this entry replaces. */
  replaces?: string[];
}

/**
 * The whole reais the previous release reads from the deprecated `amount_brl` columns, written beside the centavos
 * for one release (migration 0021, docs/deploying.md).
 */
export const legacyReais = (cents: number | null): number | null => (cents === null ? null : Math.round(cents / 100));

/**
 * Records one charge in the payment history, once: a repeated notification
 * updates the status of the same entry, and a charge first seen under another
 * key (the activation entry, a scheduled charge) keeps a single row.
 */
export async function recordPayment(tx: Executor, entry: PaymentEntry): Promise<void> {
  const { subscription: sub, key, status } = entry;
  const amount = { amountCents: entry.amountCents, amountBrl: legacyReais(entry.amountCents) };
  const known = await tx.update(payments).set({ status }).where(eq(payments.providerPaymentId, key)).returning({ id: payments.id });
  if (known.length > 0) return;
  for (const earlier of entry.replaces ?? []) {
    const claimed = await tx
      .update(payments)
      .set({ providerPaymentId: key, status, ...(entry.amountCents !== null ? amount : {}) })
      .where(eq(payments.providerPaymentId, earlier))
      .returning({ id: payments.id });
    if (claimed.length > 0) return;
  }
  await tx
    .insert(payments)
    .values({
      id: randomUUID(),
      userId: sub.userId,
      email: sub.email,
      plan: sub.plan,
      status,
      providerPaymentId: key,
      subscriptionId: sub.id,
      ...amount,
    })
    .onConflictDoUpdate({ target: payments.providerPaymentId, set: { status: sql`excluded.status` } });
}

export async function listPayments(db: Db, userId: string, limit = 50): Promise<PaymentRecord[]> {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
  return rows.map((row) => {
    const plan = resolvePlan(row.plan);
    return {
      id: row.id,
      plan: plan.id,
      planName: plan.name,
      status: paymentStatusOf(row.status),
      amountBrl: row.amountCents === null ? null : centsToBrl(row.amountCents),
      amountCents: row.amountCents,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
