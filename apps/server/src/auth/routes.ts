import { Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { clientIp } from '../http/client-ip';
import { rateLimited, RateLimiter, type LimitRule } from '../http/rate-limit';
import type { Auth } from './auth';
import { authBodySchemas, validatedAuthRequest } from './validation';

export interface AuthLimits {
  /** Failed sign-ins allowed per IP and window. */
  signInFailures: LimitRule;
  /** Sign-ups allowed per IP and window. */
  signUps: LimitRule;
}

export function authLimitsFrom(config: Config): AuthLimits {
  return {
    signInFailures: { limit: config.limits.signInFailuresPer15Min, windowMs: 15 * 60_000 },
    signUps: { limit: config.limits.signUpsPerHour, windowMs: 60 * 60_000 },
  };
}

/**
 * Mounts Better Auth at /api/auth/*. Failed sign-ins are counted per IP and,
 * past the limit, answered with 429 + Retry-After before any password check.
 * Sign-up and profile updates are checked with our schemas first (lengths,
 * pt-BR messages): Better Auth stores whatever it is given.
 */
export function authRoutes(auth: Auth, config: Config, limits: AuthLimits = authLimitsFrom(config)) {
  const failures = new RateLimiter(limits.signInFailures);
  const signUps = new RateLimiter(limits.signUps);
  const app = new Hono<AppEnv>();

  app.post('/api/auth/sign-in/email', async (c) => {
    const ip = clientIp(c, config.trustProxy);
    const wait = failures.blockedFor(ip);
    if (wait > 0) throw rateLimited(wait);
    const res = await auth.handler(c.req.raw);
    if (res.status === 401 || res.status === 403) failures.hit(ip);
    return res;
  });

  app.post('/api/auth/sign-up/email', async (c) => {
    signUps.consume(clientIp(c, config.trustProxy));
    return auth.handler(await validatedAuthRequest(c, authBodySchemas.signUp));
  });

  app.post('/api/auth/update-user', async (c) => auth.handler(await validatedAuthRequest(c, authBodySchemas.updateUser)));

  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
  return app;
}
