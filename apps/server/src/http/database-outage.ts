import type { MiddlewareHandler } from 'hono';
import { ping, type Database } from '../db/client';
import type { AppEnv } from './context';
import { databaseUnavailable } from '../lib/errors';
import { errorBody } from './errors';
import type { Logger } from '../logger';

/**
 * A 500 answered while the database is unreachable becomes 503 + Retry-After:
 * the instance is healthy and reconnects by itself once the database is back.
 * Covers errors that lost their cause on the way (Better Auth turns a failed
 * session query into its own "Failed to get session" 500), and never lets an
 * outage look like a sign-out (401) or a bug (500) to the web app.
 */
export function databaseOutage(database: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = Date.now();
    await next();
    if (c.res.status !== 500 || !(await inOutage(database, started, c.get('logger')))) return;
    const error = databaseUnavailable();
    const headers = new Headers(c.res.headers); // keeps CORS and the other headers already set
    headers.set('Content-Type', 'application/json');
    headers.set('Retry-After', String(error.retryAfter));
    headers.delete('Content-Length');
    c.res = undefined;
    c.res = new Response(JSON.stringify(errorBody(error)), { status: 503, headers });
  };
}

/**
 * Whether a 500 answered to a request that started at `started` (Date.now()) came from a database outage: a
 * connection dropped while the request ran (the database may already be back by now, so the ping would pass), or the
 * database does not answer a ping now.
 */
export async function inOutage(database: Database, started: number, log?: Logger): Promise<boolean> {
  if (database.lastConnectionErrorAt() >= started) return true;
  try {
    await ping(database.db);
    return false; // the database answers: a real 500
  } catch (err) {
    log?.warn({ err: (err as Error).message }, 'database unreachable: answering 503');
    return true;
  }
}
