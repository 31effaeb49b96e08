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
 * Seconds between a PGlite worker's polls while LISTEN/NOTIFY wakes it: the bound on how late a job is picked up
 * if a wake-up was missed (a retry after a crash, a job whose heartbeat expired).
 */
export const BACKSTOP_POLL_SECONDS = 10;

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
  // On PGlite (one process, one database thread that every chat turn waits on) the workers are woken by
  // LISTEN/NOTIFY: pg-boss's send NOTIFYs in its insert, the worker fetches at once. They poll only as
  // a backstop (BACKSTOP_POLL_SECONDS), and a retry or a delayed job is woken by a local timer when it
  // comes due (`nudgeAt`). On Postgres the workers poll every second, as other instances send too.
  const notify = database.kind === 'pglite';
  // Its flow poller (job dependencies, unused here) runs every minute there. Supervision and the queue monitor stay at
  // 5 s: together they find a crashed worker's job (its heartbeat expired), so a longer interval delays its retry.
  const embedded = notify ? { flowIntervalSeconds: 60 } : {};
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, ...embedded, backend: 'pglite', db: fromPglite(database.pglite!), useListenNotify: notify })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on('error', (err: Error & { client?: unknown }) => {
    // pg-pool attaches its whole client object to connection errors: kilobytes per log line, every poll of an outage.
    delete err.client;
    log.error({ err }, 'job queue error');
  });
  let started = false;
  const workers = new Map<string, string[]>();
  const timers = new Set<NodeJS.Timeout>();
  /** Wakes this process's workers of `queue` after `seconds` (a retry's or a delayed job's due time). */
  const nudgeAt = (queue: string, seconds: number) => {
    if (!notify) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    }, seconds * 1000 + 100);
    timer.unref();
    timers.add(timer);
  };
  const retryDelays = new Map(queues.map((q) => [q.name, retryDelaySeconds ?? q.retryDelaySeconds ?? 5]));
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
          notify,
        });
        // createQueue leaves an existing queue as it is: a data directory from before LISTEN/NOTIFY gets it here.
        await boss.updateQueue(q.name, { notify });
      }
      for (const s of schedules) await boss.schedule(s.queue, s.cron, null, { tz: s.tz });
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
    async send(queue, data, options = {}) {
      await boss.send(queue, data, {
        ...(options.key ? { singletonKey: options.key } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (options.startAfterSeconds) nudgeAt(queue, options.startAfterSeconds);
    },
    async work(queue, handler) {
      const options = { includeMetadata: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: BACKSTOP_POLL_SECONDS, batchSize: 1 } as const;
      const id = await boss.work(queue, options, async (jobs) => {
        try {
          for (const job of jobs) {
            try {
              await handler(job as never);
            } catch (err) {
              // pg-boss retries it after retryDelay × 2^retryCount to twice that (random): wake the worker at both ends.
              const { retryCount, retryLimit } = job as unknown as { retryCount: number; retryLimit: number };
              if (retryCount < retryLimit) {
                const delay = retryDelays.get(queue)! * 2 ** Math.min(16, retryCount);
                nudgeAt(queue, delay);
                nudgeAt(queue, 2 * delay);
              }
              throw err;
            }
            // pg-boss then finds the job gone and has nothing to complete.
            if (deleteWhenDone.has(queue)) await boss.deleteJob(queue, job.id);
          }
        } finally {
          // A queue's worker that found a job looks for the next one at once; only an empty fetch waits. Otherwise
          // pg-boss waits its interval after every job — on PGlite the backstop poll, as a burst of sends wakes it
          // only once (seven files uploaded together took a minute to read).
          for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
        }
      });
      workers.set(queue, [...(workers.get(queue) ?? []), id]);
    },
  };
}
