import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLiveFeed, createOutbound, webAdapter, type LiveFeed, type LiveMessage, type Outbound } from './channels/core';
import { createWhatsApp, whatsappQueues, type WhatsApp } from './channels/whatsapp/service';
import { createResponder } from './chat/model';
import type { ChatRuntime } from './chat/runtime';
import { AnswerWrites } from './chat/answer-writes';
import { TurnWindows } from './chat/turn-windows';
import type { Responder } from './chat/types';
import type { Config } from './config';
import type { Database } from './db/client';
import { createNotifier, type Notifier } from './db/notify';
import { messages } from './db/schema';
import { createHandoffNotices } from './inbox/notices';
import { createInbox, type Inbox } from './inbox/service';
import { LocalDiskStorage, UrlSigner, type FileStorage } from './files/storage';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createEmbedder, type Embedder } from './knowledge/embedder';
import { createIngestion, ingestionQueues, type Ingestion } from './knowledge/ingest';
import { createRetriever, type Retriever } from './knowledge/retrieval';
import { VectorIndex } from './knowledge/vectors';
import { rollUpInsights } from './insights/rollup';
import { sendWeeklySummaries, WEEKLY_SUMMARY, weeklyQueues, weeklySchedules } from './insights/weekly';
import { createTaughtAnswerIndex, type TaughtAnswerIndex } from './learning/taught-answers';
import type { Logger } from './logger';
import { createMailer, mailQueues, type Mailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { SUPPORT_AGENT_ID } from './support/support-agent';
import { createUsageNotices, type UsageNotices } from './usage/notices';
import { SYSTEM_EMAIL } from './support/system-account';
import { pruneWebChatCounters } from './usage/web-chat-limits';
import { pruneWhatsApp } from './channels/whatsapp/retention';

/** Everything the routes need besides the database: built once at start-up (and by the tests). */
export interface Services {
  responder: Responder;
  embedder: Embedder | null;
  vectors: VectorIndex;
  retriever: Retriever;
  /** What a chat turn needs (web chat and WhatsApp run turns through it). */
  runtime: ChatRuntime;
  storage: FileStorage;
  signer: UrlSigner;
  jobs: JobQueue;
  ingestion: Ingestion;
  whatsapp: WhatsApp;
  /** Team messages to customers on each conversation's own channel, and the live feed of open web chats. */
  channels: { outbound: Outbound; live: LiveFeed };
  /** Outgoing e-mail, queued and delivered by a worker (SMTP or the outbox directory). */
  mail: Mailer;
  /** E-mails the owner when the quota or an agent's web chat limits are reached. */
  notices: UsageNotices;
  /** Tells every instance that something changed (Postgres LISTEN/NOTIFY; in-process on PGlite). */
  notifier: Notifier;
  /** The team's side of the conversations ('Atendimentos'). */
  inbox: Inbox;
  /** The merchant's taught answers as a chat turn looks them up (kept in memory, told of every write). */
  taughtAnswers: TaughtAnswerIndex;
  /** The weekly summary e-mail (a pg-boss schedule, Mondays 08:00 São Paulo): its worker, and one run on demand. */
  weekly: { startWorkers(): Promise<void>; send(now?: Date): Promise<number> };
}

export async function createServices(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: { responder?: Responder; storage?: FileStorage; jobRetryDelaySeconds?: number } = {},
): Promise<Services> {
  const responder = overrides.responder ?? createResponder(config);
  const embedder = createEmbedder(config);
  const vectors = new VectorIndex(database, logger);
  await vectors.init();
  const retriever = createRetriever({ db: database.db, embedder, vectors, logger });
  const storage = overrides.storage ?? (await createStorage(config));
  const jobs = createJobQueue(database, logger, [...ingestionQueues, ...whatsappQueues, ...mailQueues, ...weeklyQueues], weeklySchedules, overrides.jobRetryDelaySeconds);
  const ingestion = createIngestion({ db: database.db, config, storage, jobs, embedder, vectors, logger });
  const mail = createMailer({ jobs, transport: createMailTransport(config, logger), logger });
  const notices = createUsageNotices({ db: database.db, mail, publicUrl: config.publicUrl, logger });
  const notifier = createNotifier(database, (err) => logger.warn({ err }, 'database notification failed'));
  const taughtAnswers = createTaughtAnswerIndex(database.db, notifier);
  const windows = new TurnWindows();
  windows.follow(notifier);
  const runtime: ChatRuntime = {
    notifier,
    neverHandsOver: (agentId) => agentId === SUPPORT_AGENT_ID,
    db: database.db,
    responder,
    retriever,
    logger,
    taughtAnswers: (agentId, message) => taughtAnswers.find(agentId, message),
    notices,
    windows,
    answers: new AnswerWrites(database.db),
  };
  const weeklyDeps = { db: database.db, mail, publicUrl: config.publicUrl, logger, skipEmails: [SYSTEM_EMAIL] };
  const weekly = {
    send: (now?: Date) => sendWeeklySummaries(weeklyDeps, now),
    startWorkers: () =>
      jobs.work(WEEKLY_SUMMARY, async () => {
        await sendWeeklySummaries(weeklyDeps);
      }),
  };
  const whatsapp = createWhatsApp({ config, jobs, runtime });
  runtime.handoffs = createHandoffNotices({ db: database.db, mail, publicUrl: config.publicUrl, logger, notifyWhatsApp: whatsapp.notifyNumber });
  const live = createLiveFeed(notifier, (id) => pushedMessage(database, id));
  const channels = { outbound: createOutbound([webAdapter(live), whatsapp.adapter]), live };
  const inbox = createInbox({ db: database.db, notifier, outbound: channels.outbound, logger });
  return {
    responder,
    embedder,
    vectors,
    retriever,
    runtime,
    storage,
    signer: new UrlSigner(config.auth.secret),
    jobs,
    ingestion,
    whatsapp,
    channels,
    mail,
    notices,
    notifier,
    inbox,
    taughtAnswers,
    weekly,
  };
}

/** A stored message the live feed pushes to an open chat: only the team's and the agent's. */
async function pushedMessage(database: Database, id: string): Promise<LiveMessage | null> {
  const [row] = await database.db
    .select({ id: messages.id, conversationId: messages.conversationId, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row || row.role === 'user') return null;
  return { ...row, role: row.role, createdAt: row.createdAt.toISOString() };
}

export interface BackgroundWork {
  stop(): Promise<void>;
  /** Settles when the sweep run at start-up is done (at once without workers): the end of start-up's own work. */
  firstSweep: Promise<void>;
}

/**
 * Starts the job queue and, unless `workers` is false (a web-only process, which
 * only enqueues), the background workers (ingestion, WhatsApp, e-mail, sweeper, the Painel's rollup).
 */
export async function startBackgroundWork(services: Services, logger: Logger, options: { workers?: boolean } = {}): Promise<BackgroundWork> {
  await services.jobs.start();
  // The job queue first, then the analysis thread its file jobs use (knowledge/ingest/analysis.ts).
  const stopJobs = async () => {
    await services.jobs.stop();
    await services.ingestion.stop();
  };
  if (options.workers === false) return { stop: stopJobs, firstSweep: Promise.resolve() };
  await services.ingestion.startWorkers();
  await services.whatsapp.startWorkers();
  await services.mail.startWorkers();
  await services.weekly.startWorkers();
  // The WhatsApp ledgers are pruned hourly, not at every sweep: each prune reads the whole received-message ledger.
  let prunedAt = 0;
  const pruneHourly = async () => {
    if (Date.now() - prunedAt < 60 * 60_000) return;
    prunedAt = Date.now();
    await pruneWhatsApp(services.runtime.db);
  };
  const sweep = () =>
    Promise.all([
      services.ingestion.sweep().catch((err: unknown) => logger.error({ err }, 'ingestion sweep failed')),
      pruneWebChatCounters(services.runtime.db).catch((err: unknown) => logger.warn({ err }, 'web chat counters not pruned')),
      rollUpInsights(services.runtime.db).catch((err: unknown) => logger.warn({ err }, 'insights not rolled up')),
      services.inbox.expire().catch((err: unknown) => logger.warn({ err }, 'handoff timeouts not checked')),
      pruneHourly().catch((err: unknown) => logger.warn({ err }, 'WhatsApp ledgers not pruned')),
    ]);
  const firstSweep = sweep().then(() => undefined);
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    firstSweep,
    stop: async () => {
      clearInterval(timer);
      await stopJobs();
    },
  };
}

/**
 * S3-compatible storage when S3_BUCKET is set, otherwise private files under DATA_DIR/files. The S3 client is
 * loaded only then: ~12 MB of JavaScript heap and ~180 ms of start-up that a single-machine install never uses.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  const { bucket } = config.s3;
  if (!bucket) return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const { S3Storage } = await import('./files/s3-storage');
  return new S3Storage({ ...config.s3, bucket });
}
