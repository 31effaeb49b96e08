import type { AuthOptions, BetterAuth } from './better-auth';

export type { AuthOptions } from './better-auth';

/** The part of Better Auth the routes use: its handler, the session of a request, its internals (passwords). */
export interface Auth {
  options: { trustedOrigins: string[] };
  handler(request: Request): Promise<Response>;
  api: { getSession(context: { headers: Headers }): ReturnType<BetterAuth['api']['getSession']> };
  readonly $context: BetterAuth['$context'];
}

/**
 * Accounts and sessions (Better Auth, configured in better-auth.ts). Better Auth and what it brings (Kysely, jose,
 * its plugins: ~11 MB of JavaScript heap) is loaded when a request first needs it — a sign-in, a Painel request —
 * not at start-up: a server that only answers chats never loads it (ADR 0018).
 */
export function createAuth(options: AuthOptions): Auth {
  const trustedOrigins = [options.config.publicUrl, ...(options.extraTrustedOrigins ?? [])];
  let instance: Promise<BetterAuth> | undefined;
  const load = (): Promise<BetterAuth> =>
    (instance ??= import('./better-auth').then(
      ({ createBetterAuth }) => createBetterAuth(options, trustedOrigins),
      (err: unknown) => {
        instance = undefined; // the next request tries again
        throw err;
      },
    ));
  return {
    options: { trustedOrigins },
    handler: async (request) => (await load()).handler(request),
    api: { getSession: async (context) => (await load()).api.getSession(context) },
    get $context() {
      return load().then((auth) => auth.$context);
    },
  };
}
