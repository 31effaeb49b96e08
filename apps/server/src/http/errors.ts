import type { ApiErrorBody } from '@atende/shared';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnreachable } from '../db/unreachable';
import { AppError, databaseUnavailable } from '../lib/errors';
import type { AppEnv } from './context';

/** The API error body of an AppError: `{ error: { code, message, userMessage, details? } }`. */
export function errorBody(error: AppError): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      userMessage: error.userMessage,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

/** Renders every error as the one API error body; unknown errors become INTERNAL without leaking details. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const appError = toAppError(err);
  const log = c.get('logger');
  if (appError.status >= 500) log?.error({ err }, appError.message);
  else log?.debug({ code: appError.code }, appError.message);
  if (appError.retryAfter) c.header('Retry-After', String(appError.retryAfter));
  // The rest of an oversized body is not read: close the connection so the client stops sending it.
  if (appError.status === 413) c.header('Connection', 'close');
  return c.json(errorBody(appError), appError.status as 400);
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
    errorBody(new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`, { userMessage: 'Endereço não encontrado.' })),
    404,
  );
}
