import { chatErrorMessages, errorCodes, isApiErrorBody } from '@atende/shared';

export type ChatErrorText = keyof typeof chatErrorMessages;

/** A chat failure: `message` is the docs/product.md §8 English text, `userMessage` the pt-BR text people see. */
export class ChatError extends Error {
  readonly userMessage: string;

  constructor(message: ChatErrorText, userMessage: string = chatErrorMessages[message]) {
    super(message);
    this.name = 'ChatError';
    this.userMessage = userMessage;
  }
}

/**
 * A non-OK answer, or an SSE `error` event (status 200, error body): the chat
 * service is unavailable, except for rate limits, where the server's own
 * pt-BR message (e.g. how long to wait) is shown.
 */
export function serviceError(status: number, body: unknown): ChatError {
  const apiError = isApiErrorBody(body) ? body.error : null;
  const limitedCode = apiError !== null && Object.hasOwn(errorCodes, apiError.code) && errorCodes[apiError.code].status === 429;
  if (status !== 429 && !limitedCode) return new ChatError('Chat service unavailable');
  return new ChatError('Chat service unavailable', apiError?.userMessage || errorCodes.RATE_LIMITED.pt);
}

/** fetch (or reading the stream) failed: offline, or the service could not be reached. */
export function networkError(online: boolean): ChatError {
  return new ChatError(online ? 'Failed to connect to chat service' : 'No internet connection');
}
