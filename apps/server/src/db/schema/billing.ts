import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdColumn } from './refs';
import { createdAt, updatedAt } from './columns';

/**
 * docs/product.md §3 subscriptions: one row per checkout (Mercado Pago preapproval or the
 * built-in sandbox). The account's plan changes only from a verified status.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    email: text('email').notNull(),
    plan: text('plan').notNull(),
    provider: text('provider', { enum: ['mercadopago', 'sandbox'] }).notNull(),
    /** The provider's preapproval id. */
    preapprovalId: text('preapproval_id').notNull().unique(),
    externalReference: text('external_reference').notNull(),
    /** pending | authorized | paused | cancelled */
    status: text('status').notNull().default('pending'),
    /** The monthly price asked of the provider, in centavos (R$ 149,00 → 14900): money is stored exactly. */
    amountCents: integer('amount_cents').notNull(),
    /**
     * @deprecated Whole reais, read and written by the previous release only (migration 0021 keeps
     * `amount_cents` filled from it for rows that release writes during a rolling deploy). Drop it, and the
     * trigger, in the next release.
     */
    amountBrl: integer('amount_brl'),
    initPoint: text('init_point'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** docs/product.md §3 payments: the payment history shown in 'Meu plano'. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    email: text('email').notNull(),
    plan: text('plan').notNull(),
    /** pending | approved | rejected | refunded */
    status: text('status').notNull(),
    /** The provider's payment / authorized-payment id (unique: webhooks may repeat). */
    providerPaymentId: text('provider_payment_id').unique(),
    subscriptionId: text('subscription_id'),
    /** The charge in centavos (R$ 12,34 → 1234); null when unknown or not in reais. */
    amountCents: integer('amount_cents'),
    /** @deprecated Whole reais, for the previous release during a rolling deploy (see subscriptions.amountBrl). */
    amountBrl: integer('amount_brl'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
);

/** Idempotency of provider notifications: one row per (provider, key). */
export const webhookEvents = pgTable('webhook_events', {
  key: text('key').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The built-in sandbox checkout (no Mercado Pago credentials): it keeps
 * preapprovals in the same shape as Mercado Pago's, so the return pages,
 * verification and webhooks run the same code paths.
 */
export const sandboxPreapprovals = pgTable('sandbox_preapprovals', {
  id: text('id').primaryKey(),
  /** The preapproval object as Mercado Pago would return it. */
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
