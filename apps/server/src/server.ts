import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, createWorkerApp, serveApp } from './app';
import { createAuth } from './auth/auth';
import { rekeyLegacyWebSessions } from './channels/web/session-migration';
import { webSessionKeys } from './chat/session-keys';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { scheduleMaintenance } from './db/maintenance';
import { releaseMemory, releaseMemoryWhenIdle } from './lib/memory';
import { makePrivate } from './lib/private-files';
import { createLogger, type Logger } from './logger';
import { createServices, startBackgroundWork, type Services } from './services';
import { bootstrapSupportAgent } from './support/bootstrap';

export interface RunningServer {
  url: string;
  database: Database;
  logger: Logger;
  close(): Promise<void>;
}

/** The built web app, two folders up from this module (src/ or dist/) in the monorepo. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Start-up: open db → migrate (and re-key web sessions stored by older releases), build the services, start the jobs and seed the
 * support agent (under the start-up lock: instances take turns) → build the app → listen.
 * ROLE=web starts no workers; ROLE=worker serves only /api/health.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config);
  // The data directory holds the embedded database, uploads, the outbox and secrets: the server's user only,
  // before and after the database opens (PGlite unpacks its files world-readable).
  await makePrivate(config.dataDir);
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dir: config.database.dir },
  );
  if (database.kind === 'pglite') await makePrivate(config.dataDir);
  const { services, background } = await database.exclusive(async () => {
    await database.migrate();
    await rekeyLegacyWebSessions(database.db, webSessionKeys(config), logger);
    const services = await createServices(config, database, logger);
    const background = await startBackgroundWork(services, logger, { workers: config.role !== 'web' });
    await bootstrapSupportAgent({ db: database.db, ingestion: services.ingestion, logger });
    return { services, background };
  });
  const stopMaintenance = scheduleMaintenance(database, logger);
  const served = config.role === 'worker' ? createWorkerApp({ config, database, logger, services }) : createWebApp(config, database, logger, services);

  const server = await serveApp(served, { port: config.port, hostname: config.host });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ url, role: config.role, database: database.kind, publicUrl: config.publicUrl, mail: services.mail.mode }, 'Atende is running');
  if (services.mail.mode === 'outbox' && config.role !== 'web') {
    logger[config.isProduction ? 'warn' : 'info']({ outbox: config.mail.outboxDir }, 'SMTP_URL is not set: e-mails (password resets included) are written to the outbox directory, not sent');
  }
  // What start-up allocated and no longer uses goes back to the system once its last work (the first sweep) is
  // done: a compacting collection of each thread's heap; after that, whenever the server goes idle after work that
  // grew the main thread's heap (ADR 0018).
  let closing = false;
  let stopIdleRelease = () => {};
  void background.firstSweep.then(async () => {
    if (closing) return;
    await releaseStartUpMemory(database, logger);
    if (closing) return;
    stopIdleRelease = releaseMemoryWhenIdle({
      alsoRelease: database.pglite && (() => database.pglite!.releaseMemory()),
      onRelease: (heap) => logger.debug({ heapMb: { before: mb(heap.before), after: mb(heap.after) } }, 'idle memory released'),
    });
  });

  return {
    url,
    database,
    logger,
    close: async () => {
      closing = true;
      stopIdleRelease();
      // Open live streams (the inbox, visitors' chats) end first, or the server would wait for them forever.
      await services.notifier.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopMaintenance();
      await background.stop();
      await database.close();
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** lib/memory.ts in the main thread and, on PGlite, in the database thread; a failure only costs memory. */
async function releaseStartUpMemory(database: Database, logger: Logger): Promise<void> {
  const before = process.memoryUsage.rss();
  await Promise.all([releaseMemory(), database.pglite?.releaseMemory().catch(() => {})]);
  logger.debug({ rssMb: { before: mb(before), after: mb(process.memoryUsage.rss()) } }, 'start-up memory released');
}

function createWebApp(config: Config, database: Database, logger: Logger, services: Services) {
  const auth = createAuth({
    db: database.db,
    config,
    logger,
    mail: services.mail,
    extraTrustedOrigins: config.isProduction ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173'],
  });
  return createApp({
    config,
    database,
    auth,
    logger,
    services,
    webDistDir: config.isProduction ? (config.webDistDir ?? defaultWebDistDir()) : config.webDistDir,
  });
}
