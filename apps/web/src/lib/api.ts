import { isApiErrorBody, type ErrorCode } from '@atende/shared';
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { App } from '../../../server/src/app';

/** An API failure with a pt-BR message that can be shown as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly userMessage: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_USER_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

/**
 * The API, typed from the server's routes (`App` is the type of `createApp`, imported as a type only: nothing of
 * the server reaches the bundle). A renamed path, input or answer field fails the web's typecheck.
 */
export const client = hc<App>('/', { init: { credentials: 'same-origin' }, headers: { Accept: 'application/json' } });

/** The body of a response's successful status (what `call` resolves to). */
type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, string> ? (Status extends 204 ? void : Status extends SuccessStatusCode ? Body : never) : never;

/**
 * Awaits a typed client request: resolves to its successful body (undefined for 204), or throws ApiError with the
 * server's pt-BR message (or the network message when the server could not be reached).
 *
 * @example const list = await call(client.api.agents.$get());
 */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<SuccessBody<R>> {
  let res: R;
  try {
    res = await request;
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'Network error', NETWORK_USER_MESSAGE);
  }
  if (res.status === 204) return undefined as SuccessBody<R>;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (isApiErrorBody(body)) {
      const { code, message, userMessage, details } = body.error;
      throw new ApiError(res.status, code, message, userMessage, details);
    }
    throw new ApiError(res.status, 'INTERNAL', `HTTP ${res.status}`, 'Ocorreu um erro inesperado. Tente novamente.');
  }
  return body as SuccessBody<R>;
}

/** PUT of a multipart form (a file), for the routes the typed client cannot describe; answers like `call`. */
export function putForm<T>(path: string, form: FormData): Promise<T> {
  const request = fetch(path, { method: 'PUT', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  return call(request as Promise<ClientResponse<T, 200, 'json'>>) as Promise<T>;
}

/** The pt-BR message for any thrown value. */
export function userMessageOf(error: unknown, fallback = 'Ocorreu um erro inesperado. Tente novamente.'): string {
  if (error instanceof ApiError) return error.userMessage;
  return fallback;
}
