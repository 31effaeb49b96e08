import { z } from 'zod';
import { planIds, plans, type PlanId } from './plans';
import { usageSchema } from './quota';
import { EMAIL_MAX } from './auth';

/** docs/product.md §4 plan status of the account: pending is the default (no payment yet). */
export const paymentStatuses = ['pending', 'approved', 'rejected', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A subscription's status, as Mercado Pago names a preapproval's ('canceled' is normalised to 'cancelled'). */
export const subscriptionStatuses = ['pending', 'authorized', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Plans bought through checkout (Gratuito needs none, Enterprise goes through sales). */
export const purchasablePlanIds = planIds.filter((id) => plans[id].purchasable) as [PlanId, ...PlanId[]];

const purchasablePlan = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(purchasablePlanIds, { error: 'Escolha um plano disponível para assinatura (Essencial ou Pro).' }));

/** POST /api/billing/subscriptions */
export const createSubscriptionSchema = z.object({ plan: purchasablePlan });

/** The legacy POST /.netlify/functions/create-subscription payload (docs/product.md §3, §7). */
export const legacySubscriptionSchema = z.object({
  plan: purchasablePlan,
  payer_email: z.string().trim().min(1).max(EMAIL_MAX, `E-mail muito longo (no máximo ${EMAIL_MAX} caracteres)`),
});

/** POST /api/billing/confirm: only the id is read from the return URL; everything else is asked to the provider. */
export const confirmPaymentSchema = z.object({ preapproval_id: z.string().trim().min(1).max(128) });

export const sandboxDecisions = ['approve', 'reject', 'pending'] as const;
export type SandboxDecision = (typeof sandboxDecisions)[number];
export const sandboxDecisionSchema = z.object({ decision: z.enum(sandboxDecisions) });

const providers = ['mercadopago', 'sandbox'] as const;
const planIdSchema = z.enum(planIds);
const planRefSchema = z.object({ id: planIdSchema, name: z.string() });

/** A plan of the plan table (plans.ts holds the table itself). `null` means unlimited. */
export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  /** Monthly price in BRL; null for 'custom' (Enterprise). */
  priceBrl: z.number().nullable().describe('BRL per month; null = custom (Enterprise)'),
  maxAgents: z.number().nullable().describe('null = unlimited'),
  monthlyMessages: z.number().nullable().describe('null = unlimited'),
  support: z.string(),
  features: z.array(z.string()),
  popular: z.boolean().optional(),
  /** Whether the plan is bought through checkout (Enterprise goes through sales). */
  purchasable: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/plans */
export const planListSchema = z.object({ plans: z.array(planSchema) });

/** POST /api/billing/subscriptions: the checkout URL the browser goes to. */
export const createSubscriptionResultSchema = z.object({ init_point: z.string().describe('Checkout URL the browser goes to') });
export type CreateSubscriptionResult = z.infer<typeof createSubscriptionResultSchema>;

/** What the success page learns after the server verified the preapproval with the provider. */
export const confirmPaymentResultSchema = z.object({
  /** The provider's status; the plan changed only when it is 'authorized'. */
  status: z.enum(subscriptionStatuses),
  plan: planRefSchema,
});
export type ConfirmPaymentResult = z.infer<typeof confirmPaymentResultSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  plan: planIdSchema,
  planName: z.string(),
  status: z.enum(paymentStatuses),
  amountBrl: z.number().nullable().describe('The charge in reais, centavos included (12.34); null when unknown'),
  amountCents: z.number().int().nullable().describe('The same amount in centavos (1234), exact; null when unknown'),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const subscriptionSummarySchema = z.object({
  id: z.string(),
  plan: planIdSchema,
  planName: z.string(),
  status: z.enum(subscriptionStatuses),
  amountBrl: z.number().describe('The monthly price in reais, centavos included'),
  amountCents: z.number().int().describe('The same price in centavos, exact'),
  provider: z.enum(providers),
  createdAt: z.string(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** GET /api/billing: 'Meu plano'. */
export const billingOverviewSchema = z.object({
  plan: planSchema,
  status: z.enum(paymentStatuses),
  /** When the current paid plan started (null on Gratuito). */
  startedAt: z.string().nullable(),
  usage: usageSchema,
  /** The subscription that pays for the current plan, if any. */
  subscription: subscriptionSummarySchema.nullable(),
  payments: z.array(paymentRecordSchema),
  provider: z.enum(providers),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** GET /api/billing/sandbox/{id}: the built-in test checkout. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(subscriptionStatuses),
  reason: z.string(),
  plan: planRefSchema,
  amountBrl: z.number().describe('The monthly price in reais, centavos included'),
  amountCents: z.number().int().describe('The same price in centavos, exact'),
  payerEmail: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** POST /api/billing/sandbox/{id}/decision: where the browser goes next, as a real checkout would send it. */
export const sandboxDecisionResultSchema = z.object({ redirect: z.string() });
export type SandboxDecisionResult = z.infer<typeof sandboxDecisionResultSchema>;

/** Normalises a provider status ('canceled' and 'cancelled' are both used); unknown values are null. */
export function normalizeSubscriptionStatus(value: unknown): SubscriptionStatus | null {
  const status = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (status === 'canceled') return 'cancelled';
  return (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : null;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 'R$ 149,00' */
export function formatBrl(value: number): string {
  return brl.format(value).replace(/\u00a0/g, ' ');
}

/**
 * Money is kept in integer centavos (R$ 12,34 → 1234): a decimal amount from the provider becomes centavos once,
 * rounded to the nearest (12.34 × 100 is 1233.9999999999998 in floating point).
 */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Centavos as reais for the API's `amountBrl` fields (1234 → 12.34). */
export function centsToBrl(cents: number): number {
  return cents / 100;
}

/** 'R$ 12,34' from 1234 centavos. */
export function formatCents(cents: number): string {
  return formatBrl(cents / 100);
}
