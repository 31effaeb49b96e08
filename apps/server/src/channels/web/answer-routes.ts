import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { errorBody, toAppError } from '../../http/errors';
import type { TurnResult } from '../../chat/runtime';

export const HEARTBEAT_MS = 15_000;

/**
 * The HTTP adapter of a web chat turn: runs it (`run`, given a callback for the reply's deltas when the client streams)
 * and answers the way the client asked: `{output}` as JSON, or, with `Accept: text/event-stream`, the reply streamed as
 * `token` events, then `done` (or `error`), with heartbeats (see ChatStreamEvent). Used by the public chat and by the
 * owner's test chat.
 *
 * The stream is one `ReadableStream` that @hono/node-server copies to the socket (ADR 0017, "streamed turns"), not
 * Hono's `streamSSE` (a `TransformStream`, its writer and a promise chain per event): events written in the same tick
 * (a provider's network chunk carries several tokens) go out as one chunk, and while the socket is not draining they
 * accumulate into the next one.
 */
export async function answerTurn(c: Context<AppEnv>, run: (onDelta?: (delta: string) => void) => Promise<TurnResult>): Promise<Response> {
  if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
    const { output, silent } = await run();
    return c.json({ output, ...(silent && { silent }) });
  }

  const events = new EventStream();
  void streamTurn(c, events, run);
  c.header('Transfer-Encoding', 'chunked'); // @hono/node-server then sends the headers at once, without reading ahead
  c.header('Content-Type', 'text/event-stream');
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('Connection', 'keep-alive');
  c.header('X-Accel-Buffering', 'no');
  return c.newResponse(events.body);
}

async function streamTurn(c: Context<AppEnv>, events: EventStream, run: (onDelta?: (delta: string) => void) => Promise<TurnResult>): Promise<void> {
  const heartbeat = setInterval(() => events.write(': ping\n\n'), HEARTBEAT_MS);
  try {
    // A visitor who left does not stop the turn: it runs to its end and stores its answer (writes are then dropped).
    const { output, silent } = await run((delta) => events.write(`event: token\ndata: ${JSON.stringify({ delta })}\n\n`));
    events.end(`event: done\ndata: ${JSON.stringify({ output, ...(silent && { silent }) })}\n\n`);
  } catch (err) {
    const error = toAppError(err, 'Chat service unavailable');
    if (error.status >= 500) c.get('logger')?.error({ err }, 'chat turn failed');
    events.end(`event: error\ndata: ${JSON.stringify(errorBody(error))}\n\n`);
  } finally {
    clearInterval(heartbeat);
  }
}

const encoder = new TextEncoder();

/**
 * Text written to a response body, coalesced: what is written in one tick is enqueued as one chunk at the end of it
 * (a microtask), and only when the reader has taken the chunk before (otherwise it waits for the reader's next pull,
 * growing). The reader here is @hono/node-server, which reads the next chunk only once the socket has taken the last
 * (its `drain`), so a slow client holds at most one chunk in the stream plus the text written since.
 */
export class EventStream {
  readonly body: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #pending = '';
  #scheduled = false;
  #closed = false;

  constructor() {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      pull: () => this.#flush(),
      cancel: () => {
        // The client went away (@hono/node-server cancels the reader when the socket closes).
        this.#closed = true;
        this.#pending = '';
      },
    });
  }

  /** True once the stream was ended or the client went away: further writes are dropped. */
  get closed(): boolean {
    return this.#closed;
  }

  write(text: string): void {
    if (this.#closed) return;
    this.#pending += text;
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  /** Writes the last text and ends the body (with everything still pending, whether or not the reader is ready). */
  end(text: string): void {
    if (this.#closed) return;
    this.#pending += text;
    this.#closed = true;
    this.#enqueue();
    this.#controller.close();
  }

  #flush(): void {
    if (this.#closed || !this.#pending) return;
    if ((this.#controller.desiredSize ?? 0) <= 0) return; // the reader has not taken the last chunk: wait for its pull
    this.#enqueue();
  }

  #enqueue(): void {
    if (!this.#pending) return;
    const chunk = encoder.encode(this.#pending);
    this.#pending = '';
    this.#controller.enqueue(chunk);
  }
}
