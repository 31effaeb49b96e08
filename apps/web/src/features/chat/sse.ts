import { replyText, type ChatStreamEvent } from '@atende/shared';
import { ChatError, serviceError } from './errors';

/** One server-sent event: its name ('message' when the stream gives none) and its data lines joined by '\n'. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental parser for a text/event-stream body (the WHATWG rules we need):
 * bytes may arrive split anywhere, even inside a multi-byte UTF-8 character or
 * between '\r' and '\n'; lines starting with ':' are comments (heartbeats); a
 * blank line dispatches the pending event.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  let eventName = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const onLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
  };

  const drain = (final: boolean) => {
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      // A '\r' at the end of a chunk may be the first half of '\r\n'.
      if (ch === '\r' && i === buffer.length - 1 && !final) break;
      onLine(buffer.slice(start, i));
      if (ch === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };

  return {
    push(chunk: Uint8Array) {
      buffer += decoder.decode(chunk, { stream: true });
      drain(false);
    },
    /** End of stream: an event without its closing blank line is incomplete and dropped (as browsers do). */
    end() {
      buffer += decoder.decode();
      drain(true);
    },
  };
}

/** Reads an SSE event as one of the chat stream events; unknown events and malformed data give null. */
export function toChatStreamEvent({ event, data }: SseEvent): ChatStreamEvent | null {
  if (event !== 'token' && event !== 'done' && event !== 'error') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  return { event, data: parsed } as ChatStreamEvent;
}

/**
 * Consumes the chat reply stream of POST /webhook/{id}: calls onDelta for each
 * token and resolves with the full reply (the `done` output, else the tokens
 * received). An `error` event rejects with a ChatError; a failing read rejects
 * with the read error (the caller maps it, as for fetch).
 */
export async function readChatStream(body: ReadableStream<Uint8Array>, onDelta?: (delta: string) => void): Promise<string> {
  let streamed = '';
  // Set by the first final event (done or error); later events are ignored.
  const state: { outcome?: { output: string | null } | { failure: ChatError } } = {};
  const parser = createSseParser((raw) => {
    const event = state.outcome ? null : toChatStreamEvent(raw);
    if (event?.event === 'token' && typeof event.data.delta === 'string') {
      streamed += event.data.delta;
      onDelta?.(event.data.delta);
    } else if (event?.event === 'done') {
      // silent: the team has the conversation; their answer comes on the live stream.
      state.outcome = { output: event.data.silent ? '' : replyText(event.data) };
    } else if (event?.event === 'error') {
      state.outcome = { failure: serviceError(200, event.data) };
    }
  });

  const reader = body.getReader();
  try {
    while (!state.outcome) {
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        break;
      }
      parser.push(value);
    }
  } finally {
    // Once the reply is complete (or the read failed) the connection is not needed any more.
    reader.cancel().catch(() => {});
  }

  const { outcome } = state;
  if (outcome && 'failure' in outcome) throw outcome.failure;
  if (outcome && 'output' in outcome && outcome.output === '') return '';
  const reply = outcome?.output ?? replyText(streamed);
  if (!reply) throw new ChatError('No response received from chat service');
  return reply;
}
