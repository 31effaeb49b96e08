import path from 'node:path';
import { createLiveFeed, createOutbound, webAdapter, type LiveFeed, type Outbound } from './channels/core';
import { createWhatsApp, whatsappQueues, type WhatsApp } from './channels/whatsapp/service';
import { createResponder } from './chat/model';
import type { ChatRuntime } from './chat/runtime';
import type { Responder } from './chat/types';
import type { Config } from './config';
import type { Database } from './db/client';
import { S3Storage } from './files/s3-storage';
import { LocalDiskStorage, UrlSigner, type FileStorage } from './files/storage';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createEmbedder, type Embedder } from './knowledge/embedder';
import { createIngestion, ingestionQueues, type Ingestion } from './knowledge/ingest';
import { createRetriever, type Retriever } from './knowledge/retrieval';
import { VectorIndex } from './knowledge/vectors';
import { rollUpInsights } from './insights/rollup';
import { findTaughtAnswer } from './learning/taught-answers';
import type { Logger } from './logger';
import { createMailer, mailQueues, type Mailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { createUsageNotices, type UsageNotices } from './usage/notices';
import { pruneWebChatCounters } from './usage/web-chat-limits';

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
}

export async function createServices(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: { responder?: Responder; storage?: FileStorage } = {},
): Promise<Services> {
  const responder = overrides.responder ?? createResponder(config);
  const embedder = createEmbedder(config);
  const vectors = new VectorIndex(database, logger);
  await vectors.init();
  const retriever = createRetriever({ db: database.db, embedder, vectors, logger });
  const storage = overrides.storage ?? createStorage(config);
  const jobs = createJobQueue(database, logger, [...ingestionQueues, ...whatsappQueues, ...mailQueues]);
  const ingestion = createIngestion({ db: database.db, config, storage, jobs, embedder, vectors, logger });
  const mail = createMailer({ jobs, transport: createMailTransport(config, logger), logger });
  const notices = createUsageNotices({ db: database.db, mail, publicUrl: config.publicUrl, logger });
  const runtime: ChatRuntime = {
    db: database.db,
    responder,
    retriever,
    logger,
    taughtAnswers: (agentId, message) => findTaughtAnswer(database.db, agentId, message),
    notices,
  };
  const whatsapp = createWhatsApp({ config, jobs, runtime });
  const live = createLiveFeed();
  const channels = { outbound: createOutbound([webAdapter(live), whatsapp.adapter]), live };
  return { responder, embedder, vectors, retriever, runtime, storage, signer: new UrlSigner(config.auth.secret), jobs, ingestion, whatsapp, channels, mail, notices };
}

/**
 * Starts the job queue and, unless `workers` is false (a web-only process, which
 * only enqueues), the background workers (ingestion, WhatsApp, e-mail, sweeper, the Painel's rollup). Returns a stop function.
 */
export async function startBackgroundWork(services: Services, logger: Logger, options: { workers?: boolean } = {}): Promise<() => Promise<void>> {
  await services.jobs.start();
  if (options.workers === false) return () => services.jobs.stop();
  await services.ingestion.startWorkers();
  await services.whatsapp.startWorkers();
  await services.mail.startWorkers();
  const sweep = () =>
    Promise.all([
      services.ingestion.sweep().catch((err: unknown) => logger.error({ err }, 'ingestion sweep failed')),
      pruneWebChatCounters(services.runtime.db).catch((err: unknown) => logger.warn({ err }, 'web chat counters not pruned')),
      rollUpInsights(services.runtime.db).catch((err: unknown) => logger.warn({ err }, 'insights not rolled up')),
    ]);
  void sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await services.jobs.stop();
  };
}

/** S3-compatible storage when S3_BUCKET is set, otherwise private files under DATA_DIR/files. */
export function createStorage(config: Config): FileStorage {
  const { bucket } = config.s3;
  return bucket ? new S3Storage({ ...config.s3, bucket }) : new LocalDiskStorage(path.join(config.dataDir, 'files'));
}
