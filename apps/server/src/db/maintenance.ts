import type { PgliteQueries } from './pglite-remote';
import type { Logger } from '../logger';
import type { Database } from './client';

/** First run shortly after start-up, then hourly. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * `VACUUM (ANALYZE)` of every table, one table per statement. PGlite runs no autovacuum: without this, rows
 * deleted or updated (job queue, conversations, re-indexed passages) are never reclaimed and the planner never
 * gets statistics (the knowledge bench measures what they are worth: ADR 0008). One table at a time keeps each
 * pause of PGlite's single connection short; chat queries run in between.
 */
export async function vacuumAll(pglite: PgliteQueries, stop: () => boolean = () => false): Promise<number> {
  const tables = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  let done = 0;
  for (const { name } of tables.rows) {
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
    running = vacuumAll(pglite, () => stopped).then(
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
