import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type App, type AppDeps, type ServedApp } from '../../src/app';
import { createAuth } from '../../src/auth/auth';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createLogger } from '../../src/logger';
import type { FileStorage } from '../../src/files/storage';
import { createServices, startBackgroundWork, type Services } from '../../src/services';
import { openTestDatabase } from './database';

export const ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: App;
  /** The app and the listener the server serves it with (the public chat turn's fast route in front of Hono): serveApp(ctx.served, …). */
  served: ServedApp;
  database: Database;
  config: Config;
  services: Services;
  /** app.request with our origin header and JSON helpers. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string; cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

const relaxed = { limit: 1_000_000, windowMs: 60_000 };

export async function createTestContext(
  options: {
    env?: Record<string, string>;
    limits?: AppDeps['limits'];
    /** Start the job queue and workers (ingestion tests). */
    jobs?: boolean;
    /** Reuse a database and data directory (restart scenarios); the database is not closed by close(). */
    database?: Database;
    dataDir?: string;
    /** Replace the file storage (fault injection). */
    storage?: FileStorage;
    /** First retry delay of every job queue (doubled per retry), for tests that wait for a job's last attempt. */
    jobRetryDelaySeconds?: number;
    /** The inbox stream's heartbeat, at which it looks its session up again (15 s by default). */
    inboxHeartbeatMs?: number;
  } = {},
): Promise<TestContext> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atende-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests send many messages from one address; the web chat limits have their own tests.
    WEB_CHAT_RATE_MESSAGES: '1000000',
    WEB_CHAT_DAILY_PER_VISITOR: '1000000',
    WEB_CHAT_DAILY_PER_IP: '1000000',
    WEB_CHAT_DAILY_PER_IP_SHARE: '1',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const logger = createLogger(config);
  const services = await createServices(config, database, logger, { storage: options.storage, jobRetryDelaySeconds: options.jobRetryDelaySeconds });
  const auth = createAuth({ db: database.db, config, logger, mail: services.mail });
  const stopJobs = options.jobs ? (await startBackgroundWork(services, logger)).stop : async () => {};
  const served = createApp({
    config,
    database,
    auth,
    logger,
    services,
    limits: options.limits ?? { auth: { signInFailures: relaxed, signUps: relaxed, passwordResets: { perEmail: relaxed, perIp: relaxed } } },
    inboxHeartbeatMs: options.inboxHeartbeatMs,
  });
  const { app } = served;
  return {
    app,
    served,
    database,
    config,
    services,
    request: async (p, init = {}) => {
      const { json, token, cookie, headers, ...rest } = init;
      const h = new Headers(headers);
      h.set('origin', ORIGIN);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      if (cookie) h.set('cookie', cookie);
      return app.request(p, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    close: async () => {
      await services.notifier.close();
      await stopJobs();
      if (!options.database) await database.close();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  cookie: string;
}

/** Signs up a fresh user (which signs it in); returns its bearer token and session cookie. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<{ name: string; email: string; password: string; company: string; phone: string }> = {},
): Promise<TestUser> {
  const body = {
    name: 'Maria Souza',
    email: uniqueEmail(),
    password: 'senha-segura-123',
    company: 'Padaria da Maria',
    phone: '+55 11 98888-7777',
    ...overrides,
  };
  const signUp = await ctx.request('/api/auth/sign-up/email', { method: 'POST', json: body });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // Sign-up signs the new account in: its session is the user's.
  const data = (await signUp.json()) as { token: string | null; user: { id: string } | null };
  if (!data.token || !data.user) throw new Error(`sign-up did not sign in: ${JSON.stringify(data)}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { id: data.user.id, email: body.email, password: body.password, token: data.token, cookie };
}

export async function signIn(ctx: TestContext, email: string, password: string): Promise<TestUser> {
  const res = await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const data = (await res.json()) as { token: string; user: { id: string } };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { id: data.user.id, email, password, token: data.token, cookie };
}
