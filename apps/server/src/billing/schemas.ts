import { z } from '@hono/zod-openapi';
import { paymentStatuses, planIds, subscriptionStatuses } from '@atende/shared';

/** OpenAPI descriptions of the billing answers (the TypeScript types live in @atende/shared). */
const PlanIdSchema = z.enum(planIds);

export const PlanSchema = z
  .object({
    id: PlanIdSchema,
    name: z.string(),
    priceBrl: z.number().nullable().openapi({ description: 'BRL per month; null = custom (Enterprise)' }),
    maxAgents: z.number().nullable().openapi({ description: 'null = unlimited' }),
    monthlyMessages: z.number().nullable().openapi({ description: 'null = unlimited' }),
    support: z.string(),
    features: z.array(z.string()),
    popular: z.boolean().optional(),
    purchasable: z.boolean(),
  })
  .openapi('Plan');

export const PlanListSchema = z.object({ plans: z.array(PlanSchema) }).openapi('PlanList');

const PlanRefSchema = z.object({ id: PlanIdSchema, name: z.string() });

export const BillingOverviewSchema = z
  .object({
    plan: PlanSchema,
    status: z.enum(paymentStatuses),
    startedAt: z.string().nullable(),
    usage: z.object({
      month: z.string(),
      messagesUsed: z.number(),
      messagesQuota: z.number().nullable(),
      agentsUsed: z.number(),
      agentsLimit: z.number().nullable(),
    }),
    subscription: z
      .object({
        id: z.string(),
        plan: PlanIdSchema,
        planName: z.string(),
        status: z.enum(subscriptionStatuses),
        amountBrl: z.number(),
        provider: z.enum(['mercadopago', 'sandbox']),
        createdAt: z.string(),
      })
      .nullable(),
    payments: z.array(
      z.object({
        id: z.string(),
        plan: PlanIdSchema,
        planName: z.string(),
        status: z.enum(paymentStatuses),
        amountBrl: z.number().nullable(),
        createdAt: z.string(),
      }),
    ),
    provider: z.enum(['mercadopago', 'sandbox']),
  })
  .openapi('BillingOverview');

export const InitPointSchema = z
  .object({ init_point: z.string().openapi({ description: 'Checkout URL the browser goes to' }) })
  .openapi('SubscriptionCheckout');

export const ConfirmResultSchema = z
  .object({ status: z.enum(subscriptionStatuses), plan: PlanRefSchema })
  .openapi('PaymentConfirmation');

export const SandboxCheckoutSchema = z
  .object({
    id: z.string(),
    status: z.enum(subscriptionStatuses),
    reason: z.string(),
    plan: PlanRefSchema,
    amountBrl: z.number(),
    payerEmail: z.string(),
  })
  .openapi('SandboxCheckout');

export const SandboxDecisionResultSchema = z.object({ redirect: z.string() }).openapi('SandboxDecisionResult');
