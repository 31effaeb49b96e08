import { fromPglite, PgBoss, type Job } from 'pg-boss';
import type { Database } from '../db/client';
import type { Logger } from '../logger';

export interface JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Enqueues a job; `key` de-duplicates jobs that are waiting or running for the same thing. */
  send<T extends object>(queue: string, data: T, options?: { key?: string; startAfterSeconds?: number }): Promise<void>;
  work<T>(queue: string, handler: (job: Job<T> & { retryCount: number; retryLimit: number }) => Promise<void>): Promise<void>;
}

/** A job sent on a calendar (pg-boss cron, evaluated in `tz`): one job per occurrence, whichever instance sends it. */
export interface ScheduleDefinition {
  queue: string;
  /** Cron expression (minute hour day month weekday). */
  cron: string;
  tz: string;
}

export interface QueueDefinition {
  name: string;
  retryLimit: number;
  /** Seconds between heartbeats after which a running job is considered dead (crash) and retried. */
  heartbeatSeconds: number;
  /**
   * `stately` (default): one waiting and one running job per key, so every send needs a key.
   * `standard`: every job is kept, with or without a key.
   */
  policy?: 'stately' | 'standard';
  /** Seconds between retries, doubled each time (default 5). */
  retryDelaySeconds?: number;
  /** Delete a job as soon as its handler succeeds (its data has no use afterwards and may be personal). */
  deleteWhenDone?: boolean;
}

/**
 * Durable background jobs on the application database (pg-boss): on PGlite it
 * shares the embedded instance; on Postgres it uses its own small pool, so N
 * instances and workers share one queue and each job runs once.
 */
export function createJobQueue(
  database: Database,
  logger: Logger,
  queues: QueueDefinition[],
  schedules: ScheduleDefinition[] = [],
  /** Replaces every queue's first retry delay (tests that wait for a job's last attempt). */
  retryDelaySeconds?: number,
): JobQueue {
  const log = logger.child({ module: 'jobs' });
  // pg-boss's cron monitor runs only when something is scheduled.
  const common = { schema: 'pgboss', superviseIntervalSeconds: 5, monitorIntervalSeconds: 5, schedule: schedules.length > 0 } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(database.pglite!) })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on('error', (err: Error & { client?: unknown }) => {
    // pg-pool attaches its whole client object to connection errors: kilobytes per log line, every poll of an outage.
    delete err.client;
    log.error({ err }, 'job queue error');
  });
  let started = false;
  const deleteWhenDone = new Set(queues.filter((q) => q.deleteWhenDone).map((q) => q.name));

  return {
    async start() {
      await boss.start();
      for (const q of queues) {
        await boss.createQueue(q.name, {
          policy: q.policy ?? 'stately',
          retryLimit: q.retryLimit,
          retryDelay: retryDelaySeconds ?? q.retryDelaySeconds ?? 5,
          retryBackoff: true,
          heartbeatSeconds: q.heartbeatSeconds,
        });
      }
      for (const s of schedules) await boss.schedule(s.queue, s.cron, null, { tz: s.tz });
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
    async send(queue, data, options = {}) {
      await boss.send(queue, data, {
        ...(options.key ? { singletonKey: options.key } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(queue, handler) {
      await boss.work(queue, { includeMetadata: true, pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          await handler(job as never);
          // pg-boss then finds the job gone and has nothing to complete.
          if (deleteWhenDone.has(queue)) await boss.deleteJob(queue, job.id);
        }
      });
    },
  };
}
