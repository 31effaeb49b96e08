import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import type { AppEnv } from './context';
import { AppError } from './errors';

/** Requires a session (cookie or `Authorization: Bearer <token>`); sets c.var.auth. */
export function requireAuth(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    c.set('auth', session);
    await next();
  };
}
