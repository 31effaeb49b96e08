import { z } from '@hono/zod-openapi';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from '../http/body-limit';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { AppError } from '../lib/errors';
import { errorResponses } from '../http/openapi';
import type { BillingContext } from './context';
import { verifySignature } from './mercadopago/signature';
import { handleNotification } from './webhook';

const NotificationSchema = z
  .object({
    action: z.string().optional(),
    type: z.string().optional(),
    data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
  })
  .openapi('MercadoPagoNotification');

const asText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/**
 * POST /api/webhooks/mercadopago: verify (x-signature over the query's data.id,
 * fresh within 10 minutes, when a secret is configured) → parse → dispatch. The body is only a hint of what changed;
 * the resource is always fetched again from Mercado Pago.
 */
export function mercadoPagoWebhookRoutes(ctx: BillingContext, config: Config) {
  const secret = config.mercadoPago.webhookSecret;
  const app = new OpenAPIHono<AppEnv>();

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/webhooks/mercadopago',
    tags: ['billing'],
    summary: 'Mercado Pago notifications (x-signature verified when MERCADOPAGO_WEBHOOK_SECRET is set)',
    request: {
      query: z.object({ 'data.id': z.string().optional(), type: z.string().optional() }),
      body: { content: { 'application/json': { schema: NotificationSchema } } },
    },
    responses: { 200: { description: 'Received' }, ...errorResponses(401, 413, 502) },
  });

  app.post(
    '/api/webhooks/mercadopago',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Notification too large');
      },
    }),
    async (c) => {
      const raw = await c.req.text();
      const body = parseObject(raw);
      const data = parseObject(body.data);
      const queryId = c.req.query('data.id') ?? c.req.query('id');
      // With a secret, only the id the signature covers (the query's) is processed, never the body's.
      const dataId = secret ? queryId : (asText(data.id) ?? queryId);

      if (secret) {
        const signed = { signature: c.req.header('x-signature'), requestId: c.req.header('x-request-id'), dataId: queryId };
        if (!queryId || !verifySignature(signed, secret)) {
          ctx.logger.warn({ dataId: queryId, bodyId: asText(data.id) }, 'Mercado Pago notification with an invalid, stale or id-less signature');
          throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature', { userMessage: 'Assinatura inválida.' });
        }
      }

      const type = asText(body.type) ?? c.req.query('type') ?? c.req.query('topic');
      if (!type || !dataId) return c.json({ received: true }, 200);
      const notification = { type, dataId, action: asText(body.action) ?? '' };
      try {
        const outcome = await handleNotification(ctx, notification);
        ctx.logger.info({ ...notification, outcome }, 'Mercado Pago notification');
      } catch (err) {
        ctx.logger.error({ err, ...notification }, 'Mercado Pago notification failed; the provider will retry');
        throw new AppError('UPSTREAM_FAILED', 'Notification not processed', { cause: err });
      }
      return c.json({ received: true }, 200);
    },
  );
  return app;
}

function parseObject(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}
