import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

/**
 * The request's id (X-Request-Id, on the response too): the caller's when it sends a plausible one, else a new UUID.
 * The same rule as Hono's requestId middleware, kept here because the public chat turn's route (http/fast-route.ts)
 * answers without Hono.
 */
export function requestIdOf(header: string | undefined): string {
  return header && header.length <= 255 && !/[^\w\-=]/.test(header) ? header : crypto.randomUUID();
}

export function requestIds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
}

/** Binds a child logger with the request id and logs one line per request. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('logger', log);
    await next();
    logRequest(log, { method: c.req.method, path: c.req.path, status: c.res.status, started });
  };
}

/** The one line per request: failures (5xx) as errors. `started` is the request's performance.now(). */
export function logRequest(log: Logger, request: { method: string; path: string; status: number; started: number }): void {
  const { method, path, status } = request;
  const line = { method, path, status, ms: Math.round((performance.now() - request.started) * 10) / 10 };
  if (status >= 500) log.error(line, 'request failed');
  else log.info(line, 'request');
}
