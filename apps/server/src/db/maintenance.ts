import type { PgliteQueries } from './pglite-remote';
import type { Logger } from '../logger';
import type { Database } from './client';

/** First run shortly after start-up, then hourly. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;
/**
 * Each table waits for a quiet second — the main thread busy less than this share of it — so a burst of chat turns
 * does not also wait behind VACUUM (60–100 ms per table on a busy PGlite thread: ADR 0018)…
 */
const QUIET_UTILIZATION = 0.3;
const QUIET_CHECK_MS = 1_000;
/** …but not longer than this after the run started: under sustained load the tables are vacuumed anyway. */
const MAX_WAIT_MS = 10 * 60_000;

/**
 * `VACUUM (ANALYZE)` of every table, one table per statement. PGlite runs no autovacuum: without this, rows
 * deleted or updated (job queue, conversations, re-indexed passages) are never reclaimed and the planner never
 * gets statistics (the knowledge bench measures what they are worth: ADR 0008). One table at a time keeps each
 * pause of PGlite's single connection short; chat queries run in between.
 */
export async function vacuumAll(pglite: PgliteQueries, stop: () => boolean = () => false, beforeEach: () => Promise<void> = async () => {}): Promise<number> {
  const tables = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  let done = 0;
  for (const { name } of tables.rows) {
    await beforeEach();
    if (stop()) break;
    await pglite.exec(`vacuum (analyze) ${name}`);
    done++;
  }
  return done;
}

/**
 * On PGlite, runs vacuumAll in the background on a schedule. Returns the function that stops it, waiting for
 * a run in progress (it stops between tables).
 */
export function scheduleMaintenance(database: Database, logger: Logger): () => Promise<void> {
  const { pglite } = database;
  if (!pglite) return async () => {}; // Postgres: autovacuum does it
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    const started = performance.now();
    const deadline = Date.now() + MAX_WAIT_MS;
    running = vacuumAll(pglite, () => stopped, () => whenQuiet(() => stopped || Date.now() > deadline)).then(
      (tables) => logger.debug({ tables, ms: Math.round(performance.now() - started) }, 'database maintenance done'),
      (err: unknown) => logger.warn({ err }, 'database maintenance failed'),
    );
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, EVERY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
    await running;
  };
}

/**
 * Resolves at the end of the first second in which this thread's event loop was busy less than QUIET_UTILIZATION
 * of the time, or as soon as `enough()` says to stop waiting.
 */
export async function whenQuiet(enough: () => boolean, checkMs = QUIET_CHECK_MS): Promise<void> {
  let last = performance.eventLoopUtilization();
  while (!enough()) {
    await new Promise((resolve) => setTimeout(resolve, checkMs).unref());
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, last).utilization < QUIET_UTILIZATION) return;
    last = now;
  }
}
