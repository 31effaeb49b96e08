import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { clientNetwork } from '../http/client-ip';
import { FailureBackoff, rateLimited, RateLimiter, type BackoffRule, type LimitRule } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../lib/errors';
import { accountLinks, existingAccountMessage, welcomeMessage } from '../mail/messages';
import type { Auth } from './auth';
import { authBodySchemas, validatedAuthRequest } from './validation';

export interface AuthLimits {
  /** Failed sign-ins allowed per IP (IPv6: per /64) and window. */
  signInFailures: LimitRule;
  /** Failed sign-ins of one account, from any address, that lock it for a doubling time. */
  accountFailures?: BackoffRule;
  /** Sign-ups allowed per IP and window. */
  signUps: LimitRule;
  /** Password reset requests ('Esqueci minha senha'): e-mails per address, requests per IP (IPv6: per /64). */
  passwordResets?: { perEmail: LimitRule; perIp: LimitRule };
}

export function authLimitsFrom(config: Config): AuthLimits {
  return {
    signInFailures: { limit: config.limits.signInFailuresPer15Min, windowMs: 15 * 60_000 },
    accountFailures: ACCOUNT_FAILURES,
    signUps: { limit: config.limits.signUpsPerHour, windowMs: 60 * 60_000 },
    passwordResets: PASSWORD_RESETS,
  };
}

/**
 * Three reset e-mails per address per hour (beyond, the same answer and no e-mail: nothing tells a known address
 * from an unknown one), ten requests per IP per hour (beyond, 429).
 */
export const PASSWORD_RESETS = {
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
  perIp: { limit: 10, windowMs: 60 * 60_000 },
} as const satisfies AuthLimits['passwordResets'];

/**
 * Better Auth's answer to every password reset request, for a known address or not (better-auth's
 * api/routes/password.ts). Given as is to a request over the per-address limit, so it reads like any other;
 * password-reset.test.ts compares it with Better Auth's.
 */
const PASSWORD_RESET_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

/** Five wrong passwords for an account from anywhere, then 30 s, 1 min, 2 min… up to 15 min between tries. */
export const ACCOUNT_FAILURES: BackoffRule = { freeFailures: 5, baseLockMs: 30_000, maxLockMs: 15 * 60_000 };

/**
 * Mounts Better Auth at /api/auth/*. Failed sign-ins are counted per IP (IPv6:
 * per /64) and per account (its e-mail, from any address, with a doubling lock); past either limit the
 * sign-in is answered with 429 + Retry-After before any password check. Password reset requests are limited
 * per IP and per address. Every body must be JSON (the throttles read it as JSON).
 * Sign-up and profile updates are checked with our schemas first (lengths,
 * pt-BR messages): Better Auth stores whatever it is given.
 */
export function authRoutes(auth: Auth, config: Config, limits: AuthLimits = authLimitsFrom(config), mail?: Mailer) {
  const failures = new RateLimiter(limits.signInFailures);
  const accounts = new FailureBackoff(limits.accountFailures ?? ACCOUNT_FAILURES);
  const signUps = new RateLimiter(limits.signUps);
  const resetsPerEmail = new RateLimiter(limits.passwordResets?.perEmail ?? PASSWORD_RESETS.perEmail);
  const resetsPerIp = new RateLimiter(limits.passwordResets?.perIp ?? PASSWORD_RESETS.perIp);
  const app = new Hono<AppEnv>();

  // The throttles and checks below read JSON bodies; Better Auth also takes forms on some routes (sign-in,
  // sign-up), which would slip past them. The web app only sends JSON, so every other body is refused.
  app.post('/api/auth/*', jsonBodiesOnly);

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
    if (res.ok && mail) {
      // The new account's welcome, which also tells someone whose address was used by another how to take it back.
      const { user } = (await res.clone().json().catch(() => ({}))) as { user?: { email?: string; name?: string } | null };
      if (user?.email) {
        const links = accountLinks(config.publicUrl);
        await mail
          .send(welcomeMessage({ to: user.email, name: user.name ?? '', dashboardUrl: links.dashboard, forgotPasswordUrl: links.forgotPassword }))
          .catch((err: unknown) => c.get('logger').error({ err }, 'the welcome e-mail could not be queued'));
      }
    }
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

  // 'Esqueci minha senha': per IP, 429 beyond the limit; per address, beyond it the same answer and no e-mail.
  app.post('/api/auth/request-password-reset', async (c) => {
    const ip = clientNetwork(c, config.trustProxy);
    const wait = resetsPerIp.blockedFor(ip);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', 'Too many password reset requests', {
        userMessage: 'Muitos pedidos de redefinição de senha. Aguarde um pouco e tente novamente.',
        retryAfter: wait,
      });
    }
    resetsPerIp.hit(ip);
    const email = await requestEmail(c.req.raw);
    if (email && z.email().safeParse(email).success) {
      if (resetsPerEmail.blockedFor(email) > 0) return c.json(PASSWORD_RESET_ANSWER, 200);
      resetsPerEmail.hit(email);
    }
    return auth.handler(c.req.raw);
  });

  app.post('/api/auth/update-user', async (c) => auth.handler(await validatedAuthRequest(c, authBodySchemas.updateUser)));

  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
  return app;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Refuses a POST to /api/auth/* whose body is not JSON (415): a Content-Type other than application/json, or a
 * body without one. A POST without a body (sign-out) passes.
 */
const jsonBodiesOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type');
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length.trim() !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (type === undefined ? hasBody : !JSON_TYPE.test(type.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Auth requests take a JSON body (Content-Type: application/json)', {
      userMessage: 'Envie os dados em JSON (Content-Type: application/json).',
    });
  }
  await next();
};

/** The e-mail a sign-in, sign-up or password reset is for, as Better Auth compares it (read from a copy, bounded by the body limit). */
async function requestEmail(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}
