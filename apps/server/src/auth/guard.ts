import type { Context, MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import type { AppEnv } from '../http/context';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a session (cookie or `Authorization: Bearer <token>`); sets c.var.auth.
 * A write authenticated by the cookie alone must come from a trusted origin (the
 * check Better Auth makes on its own routes): a form on another site, even a
 * same-site one that receives the SameSite=Lax cookie, cannot act for the user.
 * Idempotent: when several route groups guard overlapping paths, the session is
 * looked up once per request.
 */
export function requireAuth(auth: Auth): MiddlewareHandler<AppEnv> {
  const trusted = new Set(Array.isArray(auth.options.trustedOrigins) ? auth.options.trustedOrigins : []);
  return async (c, next) => {
    if (c.get('auth')) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    if (!SAFE_METHODS.has(c.req.method) && !c.req.header('authorization') && !trusted.has(requestOrigin(c) ?? '')) {
      throw new AppError('FORBIDDEN', 'Cookie-authenticated write from an untrusted origin', {
        userMessage: 'Requisição recusada: origem não permitida.',
      });
    }
    c.set('auth', session);
    await next();
  };
}

/** The Origin header, or the origin of the Referer when a browser sends no Origin. */
function requestOrigin(c: Context): string | undefined {
  const origin = c.req.header('origin');
  if (origin) return origin;
  try {
    return new URL(c.req.header('referer') ?? '').origin;
  } catch {
    return undefined;
  }
}
