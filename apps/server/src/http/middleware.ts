import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnreachable } from '../db/unreachable';
import type { Logger } from '../logger';
import type { AppEnv } from './context';
import { AppError, databaseUnavailable } from '../lib/errors';

/** Binds a child logger with the request id and logs one line per request. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('logger', log);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
}

/** Renders every error as the one API error body; unknown errors become INTERNAL without leaking details. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const appError = toAppError(err);
  const log = c.get('logger');
  if (appError.status >= 500) log?.error({ err }, appError.message);
  else log?.debug({ code: appError.code }, appError.message);
  if (appError.retryAfter) c.header('Retry-After', String(appError.retryAfter));
  return c.json(appError.toBody(), appError.status as 400);
};

/** Any thrown value as the AppError to render. */
export function toAppError(err: unknown, internalMessage = 'Internal server error'): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnreachable(err)) return databaseUnavailable(err);
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE', err.message || 'Payload too large');
    if (err.status === 401) return new AppError('UNAUTHENTICATED', err.message || 'Unauthenticated');
    if (err.status === 404) return new AppError('NOT_FOUND', err.message || 'Not found');
    if (err.status < 500) return new AppError('VALIDATION_FAILED', err.message || 'Bad request');
  }
  return new AppError('INTERNAL', internalMessage, { cause: err });
}

export function apiNotFound(c: Context<AppEnv>) {
  return c.json(
    new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`, {
      userMessage: 'Endereço não encontrado.',
    }).toBody(),
    404,
  );
}
