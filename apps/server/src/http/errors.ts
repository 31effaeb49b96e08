import type { ApiErrorBody } from '@atende/shared';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnreachable, isUnstorableText } from '../db/unreachable';
import { AppError, databaseUnavailable } from '../lib/errors';
import type { Logger } from '../logger';
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
  const { status, headers, body } = errorAnswer(err, c.get('logger'));
  for (const [name, value] of headers) c.header(name, value);
  return c.json(body, status as 400);
};

/**
 * The answer to a thrown value, logged (5xx as errors, with the cause): its status, the headers it adds and the API
 * error body. Retry-After for 429/503; an oversized body is not read, so a 413 closes the connection and the client
 * stops sending it.
 */
export function errorAnswer(err: unknown, log?: Logger): { status: number; headers: Array<[string, string]>; body: ApiErrorBody } {
  const error = toAppError(err);
  if (error.status >= 500) log?.error({ err }, error.message);
  else log?.debug({ code: error.code }, error.message);
  const headers: Array<[string, string]> = [];
  if (error.retryAfter) headers.push(['Retry-After', String(error.retryAfter)]);
  if (error.status === 413) headers.push(['Connection', 'close']);
  return { status: error.status, headers, body: errorBody(error) };
}

/** Any thrown value as the AppError to render. */
export function toAppError(err: unknown, internalMessage = 'Internal server error'): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnreachable(err)) return databaseUnavailable(err);
  if (isUnstorableText(err)) {
    return new AppError('VALIDATION_FAILED', 'The text contains a character that cannot be stored', {
      userMessage: 'O texto enviado contém um caractere inválido. Remova-o e tente novamente.',
    });
  }
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
