import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ADDRESS_SHARE, DEFAULT_WEB_LIMITS, type WebLimitsInput } from '@atende/shared';
import { z } from 'zod';
import { videoEmbedUrlOf } from './video-embed';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const boolString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().trim().default('./data'),
  DATABASE_URL: optionalString,
  /** all: HTTP and background jobs in one process; web: HTTP only; worker: background jobs only (and /api/health). */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'AUTH_SECRET must have at least 32 characters').optional()),
  /** Key material for secrets stored encrypted in the database (WhatsApp credentials); defaults to AUTH_SECRET. */
  ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, 'ENCRYPTION_KEY must have at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front of the app. */
  /** Proxies in front of the server that append to X-Forwarded-For: true (one), a number, or false (http/client-ip.ts). */
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || ['false', '0', 'no'].includes(v)) return 0;
      if (['true', 'yes'].includes(v)) return 1;
      if (/^[1-9]$/.test(v)) return Number(v);
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, false or the number of proxies (1-9)' });
      return z.NEVER;
    }),
  /** Sign-ups allowed per IP per hour (abuse guard). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Failed sign-ins allowed per IP per 15 minutes before 429. */
  SIGNIN_FAILURE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Public chat messages allowed per IP per minute. */
  CHAT_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(120),
  /** Public chat messages allowed per chat session per minute. */
  CHAT_RATE_LIMIT_PER_SESSION: z.coerce.number().int().positive().default(30),
  /**
   * Default limits of every agent's public web chat (each owner can change their agent's): per visitor
   * WEB_CHAT_RATE_MESSAGES every WEB_CHAT_RATE_SECONDS, and per day per visitor and per address.
   */
  WEB_CHAT_RATE_MESSAGES: z.coerce.number().int().positive().default(DEFAULT_WEB_LIMITS.rateMessages),
  WEB_CHAT_RATE_SECONDS: z.coerce.number().int().positive().default(DEFAULT_WEB_LIMITS.rateSeconds),
  WEB_CHAT_DAILY_PER_VISITOR: z.coerce.number().int().positive().default(DEFAULT_WEB_LIMITS.dailyPerVisitor),
  WEB_CHAT_DAILY_PER_IP: z.coerce.number().int().positive().default(DEFAULT_WEB_LIMITS.dailyPerIp),
  /** ...and per address at most this share of the account's monthly messages (usage/web-chat-limits.ts defaultLimitsFor). */
  WEB_CHAT_DAILY_PER_IP_SHARE: z.coerce.number().positive().max(1).default(DEFAULT_ADDRESS_SHARE),
  /** TEST ONLY: let knowledge-base links point at loopback addresses (local test servers). */
  KNOWLEDGE_ALLOW_LOOPBACK_LINKS: boolString,
  /** Directory of the built web app served in production. */
  WEB_DIST_DIR: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  CHAT_MODEL: optionalString,
  EMBEDDING_MODEL: optionalString,
  /** Hard limit for one LLM answer (ms). */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  WHATSAPP_GRAPH_URL: optionalString.pipe(z.url().optional()),
  WHATSAPP_GRAPH_VERSION: optionalString,
  MERCADOPAGO_ACCESS_TOKEN: optionalString,
  MERCADOPAGO_API_URL: optionalString.pipe(z.url().optional()),
  MERCADOPAGO_WEBHOOK_SECRET: optionalString,
  /**
   * Runs the built-in test checkout ('Ambiente de teste', nothing is charged) without a Mercado Pago token in
   * production. Without it, production with an https PUBLIC_URL refuses to start with no token (issue 13).
   */
  MERCADOPAGO_SANDBOX: boolString,
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Outgoing e-mail server, e.g. smtps://user:pass@smtp.example.com:465 (none: e-mails go to DATA_DIR/outbox). */
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'use smtp://… or smtps://…' }).optional()),
  /** The sender of every e-mail: an address, or `Name <address>`. */
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'use an address or "Name <address>"')
      .optional(),
  ),
  /** The 'Tutoriais' link of the public site. */
  PUBLIC_BLOG_URL: optionalString.pipe(z.url().optional()),
  /** The landing page's explainer video: a YouTube or Vimeo address. */
  PUBLIC_VIDEO_URL: optionalString.pipe(z.url().optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** What this process runs: see ROLE. */
  role: Env['ROLE'];
  /** How many proxies in front of the server append to X-Forwarded-For (0: none; the socket's address is the caller's). */
  trustProxy: number;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  webDistDir: string | undefined;
  limits: { signUpsPerHour: number; signInFailuresPer15Min: number; chatPerIpPerMin: number; chatPerSessionPerMin: number };
  /** The public web chat limits of agents whose owner kept the defaults. */
  webChatLimits: WebLimitsInput;
  /** The share of an account's monthly messages one address may send per day by default (WEB_CHAT_DAILY_PER_IP_SHARE). */
  webChatAddressShare: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };
  auth: { secret: string };
  /** Key material (HKDF input) for AES-256-GCM encryption of stored credentials. */
  encryption: { secret: string };
  llm: { apiKey?: string; baseUrl?: string; chatModel: string; embeddingModel?: string; timeoutMs: number };
  /** KNOWLEDGE_ALLOW_LOOPBACK_LINKS: links may point at loopback addresses (tests only; never private networks). */
  knowledge: { allowLoopbackLinks: boolean };
  whatsapp: { graphUrl: string; graphVersion: string };
  mercadoPago: { accessToken?: string; apiUrl: string; webhookSecret?: string };
  s3: { endpoint?: string; bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  /** Outgoing e-mail: SMTP when `smtpUrl` is set, otherwise .eml files in `outboxDir`. */
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  /** Public, non-secret settings of the public site (served by GET /api/public-config). */
  site: { blogUrl: string; videoEmbedUrl?: string };
}

export class ConfigError extends Error {}

/**
 * Parses the environment once. Anything missing gets an embedded default so
 * that `npm start` runs with no configuration at all.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const videoEmbedUrl = env.PUBLIC_VIDEO_URL ? videoEmbedUrlOf(env.PUBLIC_VIDEO_URL) : undefined;
  if (env.PUBLIC_VIDEO_URL && !videoEmbedUrl) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_VIDEO_URL: use a YouTube or Vimeo video address');
  }
  if (env.ROLE !== 'all') {
    // Split processes share one database, one secret and one file store: what one writes, the others must read.
    const missing: string[] = [];
    if (!env.DATABASE_URL) missing.push('DATABASE_URL (the embedded database belongs to one process)');
    if (!env.AUTH_SECRET) missing.push('AUTH_SECRET (a generated one differs per DATA_DIR: sessions and signed links would not survive a hop)');
    if (!env.S3_BUCKET) missing.push('S3_BUCKET (local disk is only visible to the process that wrote the file)');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      missing.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, for the SDK\'s default credentials)');
    }
    if (missing.length) {
      throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  ROLE: ${env.ROLE} needs ${m}`).join('\n')}`);
    }
  }
  // A public production server must never let anyone approve their own plan in the test checkout by accident.
  if (env.NODE_ENV === 'production' && publicUrl.startsWith('https:') && !env.MERCADOPAGO_ACCESS_TOKEN && !env.MERCADOPAGO_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n' +
        '  MERCADOPAGO_ACCESS_TOKEN: required in production (an https PUBLIC_URL); without it anyone could approve a paid plan in the test checkout. ' +
        'Set MERCADOPAGO_SANDBOX=true to run the test checkout on purpose.\n' +
        '  (pt-BR) Configure MERCADOPAGO_ACCESS_TOKEN para cobrar de verdade, ou MERCADOPAGO_SANDBOX=true para usar o ambiente de teste de propósito.',
    );
  }
  const authSecret = env.AUTH_SECRET ?? loadOrCreateSecret(dataDir, 'auth-secret');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    role: env.ROLE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: env.WEB_DIST_DIR,
    limits: {
      signUpsPerHour: env.SIGNUP_RATE_LIMIT,
      signInFailuresPer15Min: env.SIGNIN_FAILURE_LIMIT,
      chatPerIpPerMin: env.CHAT_RATE_LIMIT_PER_IP,
      chatPerSessionPerMin: env.CHAT_RATE_LIMIT_PER_SESSION,
    },
    webChatLimits: {
      rateMessages: env.WEB_CHAT_RATE_MESSAGES,
      rateSeconds: env.WEB_CHAT_RATE_SECONDS,
      dailyPerVisitor: env.WEB_CHAT_DAILY_PER_VISITOR,
      dailyPerIp: env.WEB_CHAT_DAILY_PER_IP,
    },
    webChatAddressShare: env.WEB_CHAT_DAILY_PER_IP_SHARE,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    auth: { secret: authSecret },
    encryption: { secret: env.ENCRYPTION_KEY ?? authSecret },
    llm: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      chatModel: env.CHAT_MODEL ?? 'gpt-4o-mini',
      embeddingModel: env.EMBEDDING_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
    },
    knowledge: { allowLoopbackLinks: env.KNOWLEDGE_ALLOW_LOOPBACK_LINKS },
    whatsapp: {
      graphUrl: (env.WHATSAPP_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
      graphVersion: env.WHATSAPP_GRAPH_VERSION ?? 'v21.0',
    },
    mercadoPago: {
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
      apiUrl: (env.MERCADOPAGO_API_URL ?? 'https://api.mercadopago.com').replace(/\/+$/, ''),
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
    },
    s3: {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Atende <nao-responda@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    site: { blogUrl: env.PUBLIC_BLOG_URL ?? 'https://blog.atende.app', videoEmbedUrl },
  };
}

/** "Is X configured?" helpers: features ask these instead of crashing. */
export const isLlmConfigured = (c: Config) => Boolean(c.llm.apiKey || c.llm.baseUrl);
export const isMercadoPagoConfigured = (c: Config) => Boolean(c.mercadoPago.accessToken);
export const isSmtpConfigured = (c: Config) => Boolean(c.mail.smtpUrl);

/** A random secret persisted under the data directory (created once, owner-only). */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}
