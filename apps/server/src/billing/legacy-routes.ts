import { legacySubscriptionSchema } from '@atende/shared';
import { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import type { AppEnv } from '../http/context';
import { requireAuth } from '../auth/guard';
import { AppError } from '../lib/errors';
import { toAppError } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';
import type { BillingContext } from './context';
import { createSubscription } from './create-subscription';

/**
 * The original product's contract (docs/product.md §3, §7):
 * POST /.netlify/functions/create-subscription {plan, payer_email} → {init_point} | {error}.
 * Signed in only, and the payer must be the account's own e-mail.
 */
export function legacySubscriptionRoutes(ctx: BillingContext, auth: Auth, checkouts: RateLimiter) {
  const app = new Hono<AppEnv>();
  const guard = requireAuth(auth);
  app.post('/.netlify/functions/create-subscription', async (c) => {
    try {
      // The shared guard (session + trusted origin for cookie writes), run here so its errors get this
      // contract's {error} body.
      await guard(c, async () => {});
      const session = c.var.auth;
      const input = legacySubscriptionSchema.safeParse(await c.req.json().catch(() => null));
      if (!input.success) {
        throw new AppError('VALIDATION_FAILED', 'Invalid subscription request', {
          userMessage: input.error.issues[0]?.message ?? 'Dados inválidos.',
        });
      }
      if (input.data.payer_email.toLowerCase() !== session.user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'payer_email is not the account e-mail', {
          userMessage: 'O e-mail do pagador deve ser o e-mail da sua conta.',
        });
      }
      checkouts.consume(session.user.id);
      return c.json(await createSubscription(ctx, session.user, input.data.plan), 200);
    } catch (err) {
      const error = toAppError(err, 'Failed to create subscription');
      if (error.status >= 500) ctx.logger.error({ err }, 'create-subscription failed');
      c.header('Cache-Control', 'no-store');
      if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
      return c.json({ error: error.status >= 500 && error.code === 'INTERNAL' ? 'Failed to create subscription' : error.userMessage }, error.status as 400);
    }
  });
  return app;
}
