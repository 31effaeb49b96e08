import { errorCodes, type ErrorCode } from '@atende/shared';

/**
 * The one error type of the server, thrown by any module (domain code and routes alike). Only http/ renders it
 * (http/errors.ts: the API error body, Retry-After).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly details?: Record<string, string[]>;
  /** Seconds, rendered as Retry-After for 429/503. */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { userMessage?: string; details?: Record<string, string[]>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage ?? errorCodes[code].pt;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
}

export const notFound = (what = 'Resource') =>
  new AppError('NOT_FOUND', `${what} not found`, { userMessage: `${translateWhat(what)} não encontrado.` });

function translateWhat(what: string): string {
  const known: Record<string, string> = { Resource: 'Recurso', Agent: 'Agente', Profile: 'Perfil', File: 'Arquivo' };
  return known[what] ?? what;
}

/** The database cannot be reached: 503, try again in a few seconds (the instance reconnects by itself). */
export const databaseUnavailable = (cause?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', 'Database unreachable', { cause, retryAfter: 5 });
