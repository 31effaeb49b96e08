import { z } from 'zod';
import { planIds, plans, type Plan, type PlanId } from './plans';
import type { Usage } from './agents';

/** SPEC §4 plan status of the account: pending is the default (no payment yet). */
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

/** The legacy POST /.netlify/functions/create-subscription payload (SPEC §3, §7). */
export const legacySubscriptionSchema = z.object({ plan: purchasablePlan, payer_email: z.string().trim().min(1) });

/** POST /api/billing/confirm: only the id is read from the return URL; everything else is asked to the provider. */
export const confirmPaymentSchema = z.object({ preapproval_id: z.string().trim().min(1).max(128) });

export const sandboxDecisions = ['approve', 'reject', 'pending'] as const;
export type SandboxDecision = (typeof sandboxDecisions)[number];
export const sandboxDecisionSchema = z.object({ decision: z.enum(sandboxDecisions) });

export interface CreateSubscriptionResult {
  init_point: string;
}

/** What the success page learns after the server verified the preapproval with the provider. */
export interface ConfirmPaymentResult {
  /** The provider's status; the plan changed only when it is 'authorized'. */
  status: SubscriptionStatus;
  plan: { id: PlanId; name: string };
}

export interface PaymentRecord {
  id: string;
  plan: PlanId;
  planName: string;
  status: PaymentStatus;
  amountBrl: number | null;
  createdAt: string;
}

export interface SubscriptionSummary {
  id: string;
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  amountBrl: number;
  provider: 'mercadopago' | 'sandbox';
  createdAt: string;
}

/** GET /api/billing: 'Meu plano'. */
export interface BillingOverview {
  plan: Plan;
  status: PaymentStatus;
  /** When the current paid plan started (null on Gratuito). */
  startedAt: string | null;
  usage: Usage;
  /** The subscription that pays for the current plan, if any. */
  subscription: SubscriptionSummary | null;
  payments: PaymentRecord[];
  provider: 'mercadopago' | 'sandbox';
}

/** GET /api/billing/sandbox/{id}: the built-in test checkout. */
export interface SandboxCheckout {
  id: string;
  status: SubscriptionStatus;
  reason: string;
  plan: { id: PlanId; name: string };
  amountBrl: number;
  payerEmail: string;
}

export interface SandboxDecisionResult {
  /** Where the browser goes next, as a real checkout would send it. */
  redirect: string;
}

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
