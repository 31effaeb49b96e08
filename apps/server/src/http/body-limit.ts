import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { AppError } from '../lib/errors';

const KB = 1024;

/**
 * Request body limits, by route (issue 13). Hono's bodyLimit answers 413 from
 * the Content-Length alone, and reads a body without one (chunked) only up to
 * the limit: nothing bigger is ever held in memory. The error handler adds
 * `Connection: close` to every 413, so the client stops sending.
 *
 * Routes that take large bodies set their own, tested limit where they are
 * declared: uploads (50 MB per file), the WhatsApp webhook (Meta batches up to
 * 3 MB), the public chat and the owner's test chat (32 KB), agents' avatars
 * (512 KB) and Mercado Pago notifications (64 KB).
 * Everything else gets one of these. A new route that needs more adds a rule.
 */
export const BODY_LIMITS = {
  /** Sign-up, sign-in, password and profile changes: a few short fields. */
  auth: 8 * KB,
  /** Any other JSON body. */
  json: 16 * KB,
  /** PATCH /api/agents/{id}: the personality text (8,000 characters). */
  agent: 64 * KB,
  /** PUT /api/agents/{id}/knowledge: 100,000 characters of text and 10,000 of links. */
  knowledge: 512 * KB,
} as const;

/** Routes whose handlers declare their own limit. */
const OWN_LIMIT = [
  /^POST \/api\/agents\/[^/]+\/files$/,
  /^POST \/webhook\//,
  /^POST \/chat\//,
  /^POST \/api\/webhooks\/mercadopago$/,
  // The avatar (512 KB) and the owner's test chat (32 KB, as the public chat; 4 KB for its history).
  /^PUT \/api\/agents\/[^/]+\/appearance\/avatar$/,
  /^POST \/api\/agents\/[^/]+\/test-chat(\/history)?$/,
];

const RULES: Array<[RegExp, number]> = [
  [/^\w+ \/api\/auth\//, BODY_LIMITS.auth],
  [/^PATCH \/api\/agents\/[^/]+$/, BODY_LIMITS.agent],
  [/^PUT \/api\/agents\/[^/]+\/knowledge$/, BODY_LIMITS.knowledge],
];

/**
 * Hono's bodyLimit, without building the request's web `Request` when the Content-Length decides: Hono's own first
 * reads `c.req.raw.body`, which makes @hono/node-server build an undici Request and a web stream over the socket for
 * every request with a body (and for every GET through requestBodyLimits), and then `c.req.json()` reads through that
 * stream instead of straight from Node's request. Node frames a request by its Content-Length, so a body cannot be
 * longer than it says. Without one (chunked), Hono's counting reader is used, unchanged.
 */
export function bodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const counting = honoBodyLimit(options);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length, 10) > options.maxSize ? options.onError(c) : next();
    }
    return counting(c, next);
  };
}

export function requestBodyLimits(): MiddlewareHandler<AppEnv> {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize,
        onError: () => {
          throw payloadTooLarge(maxSize);
        },
      });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    // Only GET and HEAD requests have no body here (@hono/node-server gives every other one a stream).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const route = `${c.req.method} ${c.req.path}`;
    if (OWN_LIMIT.some((r) => r.test(route))) return next();
    const maxSize = RULES.find(([r]) => r.test(route))?.[1] ?? BODY_LIMITS.json;
    return limiterFor(maxSize)(c, next);
  };
}

export function payloadTooLarge(maxSize: number): AppError {
  const kb = Math.round(maxSize / KB);
  return new AppError('PAYLOAD_TOO_LARGE', `Request body larger than ${kb} KB`, {
    userMessage: `O conteúdo enviado é grande demais (máximo de ${kb} KB). Envie um texto menor.`,
  });
}
