import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { PASSWORD_MAX, PASSWORD_MIN } from '@atende/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { accountLinks, passwordChangedMessage, passwordResetMessage, validityInWords } from '../mail/messages';
import { ensureProfile, syncProfile } from './profile';

export interface AuthOptions {
  db: Db;
  config: Config;
  logger: Logger;
  /** Extra origins allowed to POST to /api/auth (the Vite dev server, e2e hosts). */
  extraTrustedOrigins?: string[];
  /** Sends the password reset e-mails ('Esqueci minha senha'); without it the reset answers 400. */
  mail?: Mailer;
}

/** How long a password reset link is valid (seconds). */
export const RESET_PASSWORD_TTL = 60 * 60;

const DAY = 24 * 60 * 60;

/** Better Auth as Atende configures it; loaded by auth.ts when a request first needs it. */
export function createBetterAuth({ db, config, logger, mail }: AuthOptions, trustedOrigins: string[]) {
  const log = logger.child({ module: 'auth' });
  const links = accountLinks(config.publicUrl);
  /** 'Sua senha do Atende foi alterada': a failure to queue it is logged, never the password change's. */
  const passwordChanged = async (user: { email: string; name: string }) => {
    if (!mail) return;
    await mail
      .send(passwordChangedMessage({ to: user.email, name: user.name, forgotPasswordUrl: links.forgotPassword }))
      .catch((err: unknown) => log.error({ err }, 'the password-changed e-mail could not be queued'));
  };
  return betterAuth({
    appName: 'Atende',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.auth.secret,
    trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Sign-up signs you in (issue 15). A sign-up for an e-mail that already has an account is answered by
      // our route in front (auth/routes.ts): an e-mail to the address, never a session or an error that says so.
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL,
      // The e-mail links to our own page (/reset-password?token=…), which posts the new password to
      // /api/auth/reset-password. Unknown e-mails get the same answer and no e-mail (Better Auth).
      ...(mail && {
        sendResetPassword: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
          await mail.send(
            passwordResetMessage({ to: user.email, name: user.name, resetUrl: links.resetPassword(token), validFor: validityInWords(RESET_PASSWORD_TTL) }),
          );
        },
        // The owner is told of every new password, so one they did not set is noticed (ADR 0010).
        onPasswordReset: async ({ user }: { user: { email: string; name: string } }) => passwordChanged(user),
      }),
    },
    user: {
      additionalFields: {
        company: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: true, input: true },
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    // Throttling is ours (auth/routes.ts): failed sign-ins (not requests), sign-ups, password reset requests.
    rateLimit: { enabled: false },
    advanced: {
      // Enforce the Origin check everywhere, including under NODE_ENV=test where Better Auth would skip it.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    plugins: [bearer()],
    hooks: {
      // A new password ends every other session, whatever the client asks: whoever learned the old password
      // (or stole a session) is out. Better Auth replaces the caller's session with a fresh one (new cookie/token).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || ctx.context.returned instanceof APIError) return;
        const user = ctx.context.session?.user;
        if (user) await passwordChanged(user);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            const extra = created as typeof created & { company?: string | null; phone?: string | null };
            await ensureProfile(db, {
              id: created.id,
              name: created.name,
              company: extra.company ?? null,
              phone: extra.phone ?? null,
            });
          },
        },
        update: {
          // update-user changes the sign-in record; GET /api/me reads the profile first.
          after: async (updated) => {
            const extra = updated as typeof updated & { company?: string | null; phone?: string | null };
            await syncProfile(db, { id: updated.id, name: updated.name, company: extra.company, phone: extra.phone });
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await ensureProfile(db, { id: session.userId });
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error : level === 'warn' ? log.warn : log.debug;
        fn.call(log, { args }, message);
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
