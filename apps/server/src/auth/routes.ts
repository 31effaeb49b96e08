import { Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { clientNetwork } from '../http/client-ip';
import { FailureBackoff, rateLimited, RateLimiter, type BackoffRule, type LimitRule } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { accountLinks, existingAccountMessage } from '../mail/messages';
import type { Auth } from './auth';
import { authBodySchemas, validatedAuthRequest } from './validation';

export interface AuthLimits {
  /** Failed sign-ins allowed per IP (IPv6: per /64) and window. */
  signInFailures: LimitRule;
  /** Failed sign-ins of one account, from any address, that lock it for a doubling time. */
  accountFailures?: BackoffRule;
  /** Sign-ups allowed per IP and window. */
  signUps: LimitRule;
}

export function authLimitsFrom(config: Config): AuthLimits {
  return {
    signInFailures: { limit: config.limits.signInFailuresPer15Min, windowMs: 15 * 60_000 },
    accountFailures: ACCOUNT_FAILURES,
    signUps: { limit: config.limits.signUpsPerHour, windowMs: 60 * 60_000 },
  };
}

/** Five wrong passwords for an account from anywhere, then 30 s, 1 min, 2 min… up to 15 min between tries. */
export const ACCOUNT_FAILURES: BackoffRule = { freeFailures: 5, baseLockMs: 30_000, maxLockMs: 15 * 60_000 };

/**
 * Mounts Better Auth at /api/auth/*. Failed sign-ins are counted per IP (IPv6:
 * per /64) and per account (its e-mail, from any address, with a doubling lock); past either limit the
 * sign-in is answered with 429 + Retry-After before any password check.
 * Sign-up and profile updates are checked with our schemas first (lengths,
 * pt-BR messages): Better Auth stores whatever it is given.
 */
export function authRoutes(auth: Auth, config: Config, limits: AuthLimits = authLimitsFrom(config), mail?: Mailer) {
  const failures = new RateLimiter(limits.signInFailures);
  const accounts = new FailureBackoff(limits.accountFailures ?? ACCOUNT_FAILURES);
  const signUps = new RateLimiter(limits.signUps);
  const app = new Hono<AppEnv>();

  app.post('/api/auth/sign-in/email', async (c) => {
    const ip = clientNetwork(c, config.trustProxy);
    const account = await requestEmail(c.req.raw);
    const wait = Math.max(failures.blockedFor(ip), account ? accounts.blockedFor(account) : 0);
    if (wait > 0) throw rateLimited(wait);
    const res = await auth.handler(c.req.raw);
    if (res.status === 401 || res.status === 403) {
      failures.hit(ip);
      if (account) accounts.fail(account);
    } else if (res.ok && account) accounts.succeed(account);
    return res;
  });

  // A new account is signed in at once (cookie and set-auth-token). For an e-mail that already has one, the
  // address's owner is e-mailed how to sign in or reset the password, and the answer says only that an
  // e-mail was sent: no session, no error naming the account.
  app.post('/api/auth/sign-up/email', async (c) => {
    signUps.consume(clientNetwork(c, config.trustProxy));
    const request = await validatedAuthRequest(c, authBodySchemas.signUp);
    const email = await requestEmail(request);
    const res = await auth.handler(request);
    if (res.status !== 422 || !mail || !email) return res;
    const { code } = (await res.clone().json().catch(() => ({}))) as { code?: string };
    if (code !== 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' && code !== 'USER_ALREADY_EXISTS') return res;
    const links = accountLinks(config.publicUrl);
    try {
      await mail.send(existingAccountMessage({ to: email, loginUrl: links.login, forgotPasswordUrl: links.forgotPassword }));
    } catch (err) {
      c.get('logger').error({ err }, 'the existing-account e-mail could not be queued');
    }
    return c.json({ token: null, user: null, emailSent: true }, 200);
  });

  app.post('/api/auth/update-user', async (c) => auth.handler(await validatedAuthRequest(c, authBodySchemas.updateUser)));

  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
  return app;
}

/** The e-mail a sign-in or sign-up is for, as Better Auth compares it (read from a copy, bounded by the body limit). */
async function requestEmail(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}
