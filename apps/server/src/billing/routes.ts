import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  billingOverviewSchema,
  confirmPaymentResultSchema,
  confirmPaymentSchema,
  createSubscriptionResultSchema,
  createSubscriptionSchema,
  planIds,
  planListSchema,
  plans,
  sandboxCheckoutSchema,
  sandboxDecisionResultSchema,
  sandboxDecisionSchema,
} from '@atende/shared';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { errorResponses, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import { RateLimiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { cancelSubscription } from './cancel-subscription';
import { confirmPayment } from './confirm-payment';
import { createBillingProvider, type BillingContext } from './context';
import { createSubscription } from './create-subscription';
import { legacySubscriptionRoutes } from './legacy-routes';
import { getBillingOverview } from './overview';
import { decideSandboxCheckout, getSandboxCheckout } from './sandbox/checkout';
import { mercadoPagoWebhookRoutes } from './webhook-routes';

const BillingOverviewSchema = named(billingOverviewSchema, 'BillingOverview');

const SandboxParams = z.object({ id: z.string().min(1).max(128) });

const routes = {
  plans: createRoute({
    method: 'get',
    path: '/api/plans',
    tags: ['billing'],
    summary: 'The plan table (docs/product.md §9)',
    responses: { 200: jsonResponse(named(planListSchema, 'PlanList'), 'Plans') },
  }),
  overview: createRoute({
    method: 'get',
    path: '/api/billing',
    tags: ['billing'],
    summary: "The user's plan, status, usage this month, subscription and payment history",
    security: sessionSecurity,
    responses: { 200: jsonResponse(BillingOverviewSchema, 'Billing overview'), ...errorResponses(401) },
  }),
  subscribe: createRoute({
    method: 'post',
    path: '/api/billing/subscriptions',
    tags: ['billing'],
    summary: 'Start a subscription checkout (Essencial or Pro); answers the URL to send the browser to',
    security: sessionSecurity,
    request: { body: jsonBody(createSubscriptionSchema) },
    responses: { 200: jsonResponse(named(createSubscriptionResultSchema, 'SubscriptionCheckout'), 'Checkout created'), ...errorResponses(400, 401, 409, 429, 502) },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/api/billing/confirm',
    tags: ['billing'],
    summary: 'Verify a returned preapproval with the provider and activate the plan bought when it is authorized',
    security: sessionSecurity,
    request: { body: jsonBody(confirmPaymentSchema) },
    responses: { 200: jsonResponse(named(confirmPaymentResultSchema, 'PaymentConfirmation'), 'Status at the provider'), ...errorResponses(400, 401, 404, 502) },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/api/billing/cancel',
    tags: ['billing'],
    summary: 'Cancel the current subscription (the account goes back to Gratuito)',
    security: sessionSecurity,
    responses: { 200: jsonResponse(BillingOverviewSchema, 'Billing overview after the cancellation'), ...errorResponses(401, 404, 502) },
  }),
  sandbox: createRoute({
    method: 'get',
    path: '/api/billing/sandbox/{id}',
    tags: ['billing'],
    summary: 'The built-in test checkout of one of your subscriptions (only without Mercado Pago credentials)',
    security: sessionSecurity,
    request: { params: SandboxParams },
    responses: { 200: jsonResponse(named(sandboxCheckoutSchema, 'SandboxCheckout'), 'Test checkout'), ...errorResponses(401, 404) },
  }),
  sandboxDecision: createRoute({
    method: 'post',
    path: '/api/billing/sandbox/{id}/decision',
    tags: ['billing'],
    summary: 'Approve, reject or leave pending a test checkout',
    security: sessionSecurity,
    request: { params: SandboxParams, body: jsonBody(sandboxDecisionSchema) },
    responses: { 200: jsonResponse(named(sandboxDecisionResultSchema, 'SandboxDecisionResult'), 'Where the browser goes next'), ...errorResponses(400, 401, 404, 409) },
  }),
};

export interface BillingDeps {
  db: Db;
  auth: Auth;
  config: Config;
  logger: Logger;
  mail?: Mailer;
}

/** Plans, checkout, return verification, 'Meu plano', the sandbox checkout and the Mercado Pago webhook. */
export function billingRoutes({ db, auth, config, logger, mail }: BillingDeps) {
  const ctx: BillingContext = { db, provider: createBillingProvider(config, db), publicUrl: config.publicUrl, logger: logger.child({ module: 'billing' }), mail };
  // Each checkout creates a preapproval at the provider: a signed-in user gets a handful per hour.
  const checkouts = new RateLimiter({ limit: 20, windowMs: 60 * 60_000 });
  const user = (c: { var: AppEnv['Variables'] }) => c.var.auth.user;

  const app = new OpenAPIHono<AppEnv>();
  // '/api/billing/*' also matches '/api/billing'.
  app.use('/api/billing/*', requireAuth(auth));
  app.use('/api/billing/*', noStore);

  app.route('/', mercadoPagoWebhookRoutes(ctx, config));
  app.route('/', legacySubscriptionRoutes(ctx, auth, checkouts));

  return app
    .openapi(routes.plans, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ plans: planIds.map((id) => plans[id]) }, 200);
    })
    .openapi(routes.overview, async (c) => c.json(await getBillingOverview(ctx, user(c).id), 200))
    .openapi(routes.subscribe, async (c) => {
      checkouts.consume(user(c).id);
      return c.json(await createSubscription(ctx, user(c), c.req.valid('json').plan), 200);
    })
    .openapi(routes.confirm, async (c) => c.json(await confirmPayment(ctx, user(c).id, c.req.valid('json').preapproval_id), 200))
    .openapi(routes.cancel, async (c) => {
      await cancelSubscription(ctx, user(c).id);
      return c.json(await getBillingOverview(ctx, user(c).id), 200);
    })
    .openapi(routes.sandbox, async (c) => c.json(await getSandboxCheckout(ctx, user(c).id, c.req.valid('param').id), 200))
    .openapi(routes.sandboxDecision, async (c) =>
      c.json(await decideSandboxCheckout(ctx, user(c).id, c.req.valid('param').id, c.req.valid('json').decision), 200),
    );
}

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
};
