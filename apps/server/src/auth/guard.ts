import type { Context, MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import type { AppEnv } from '../http/context';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a session (cookie or `Authorization: Bearer <token>`); sets c.var.auth.
 * A write authenticated by the cookie must come from a trusted origin (the
 * check Better Auth makes on its own routes): a form on another site, even a
 * same-site one that receives the SameSite=Lax cookie, cannot act for the user.
 * A write from elsewhere is authenticated with its bearer token alone — the
 * cookie is left out — so that any `Authorization` header next to the cookie
 * cannot switch the check off (issue 13, item 6).
 * Idempotent: when several route groups guard overlapping paths, the session is
 * looked up once per request.
 */
export function requireAuth(auth: Auth): MiddlewareHandler<AppEnv> {
  const trusted = new Set(Array.isArray(auth.options.trustedOrigins) ? auth.options.trustedOrigins : []);
  return async (c, next) => {
    if (c.get('auth')) return next();
    const headers = c.req.raw.headers;
    const foreignWrite = !SAFE_METHODS.has(c.req.method) && !trusted.has(requestOrigin(c) ?? '');
    const session = await auth.api.getSession({ headers: foreignWrite ? withoutCookies(headers) : headers });
    if (!session && foreignWrite && headers.has('cookie')) {
      throw new AppError('FORBIDDEN', 'Cookie-authenticated write from an untrusted origin', {
        userMessage: 'Requisição recusada: origem não permitida.',
      });
    }
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    c.set('auth', session);
    await next();
  };
}

function withoutCookies(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('cookie');
  return copy;
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
