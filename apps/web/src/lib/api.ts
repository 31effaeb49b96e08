import { isApiErrorBody, type ErrorCode } from '@atende/shared';

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

/** fetch for our own API: JSON in and out, cookies included, errors as ApiError. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'Network error', NETWORK_USER_MESSAGE);
  }
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (isApiErrorBody(body)) {
      const { code, message, userMessage, details } = body.error;
      throw new ApiError(res.status, code, message, userMessage, details);
    }
    throw new ApiError(res.status, 'INTERNAL', `HTTP ${res.status}`, 'Ocorreu um erro inesperado. Tente novamente.');
  }
  return body as T;
}

/** The pt-BR message for any thrown value. */
export function userMessageOf(error: unknown, fallback = 'Ocorreu um erro inesperado. Tente novamente.'): string {
  if (error instanceof ApiError) return error.userMessage;
  return fallback;
}
