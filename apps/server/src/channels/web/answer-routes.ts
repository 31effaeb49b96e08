import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { CoalescedText } from '../../http/coalesced-text';
import { errorBody, toAppError } from '../../http/errors';
import type { TurnResult } from '../../chat/runtime';
import type { Exchange } from '../../http/fast-route';
import type { Logger } from '../../logger';

export const HEARTBEAT_MS = 15_000;

/** A web chat turn, given a callback for the reply's deltas when the client streams. */
export type RunTurn = (onDelta?: (delta: string) => void) => Promise<TurnResult>;

/**
 * The HTTP adapter of a web chat turn: runs it and answers the way the client asked: `{output}` as JSON, or, with
 * `Accept: text/event-stream`, the reply streamed as `token` events, then `done` (or `error`), with heartbeats (see
 * ChatStreamEvent). Used by the public chat (on Hono in tests; see answerTurnFast) and by the owner's test chat.
 *
 * The stream is one `ReadableStream` that @hono/node-server copies to the socket (ADR 0017, "streamed turns"), not
 * Hono's `streamSSE` (a `TransformStream`, its writer and a promise chain per event): events written in the same tick
 * (a provider's network chunk carries several tokens) go out as one chunk, and while the socket is not draining they
 * accumulate into the next one.
 */
export async function answerTurn(c: Context<AppEnv>, run: RunTurn): Promise<Response> {
  if (!wantsStream(c.req.header('accept'))) return c.json(turnBody(await run()));
  const events = new EventStream();
  void streamTurn(events, run, c.get('logger'));
  // With Transfer-Encoding: chunked, @hono/node-server sends the headers at once, without reading ahead.
  for (const [name, value] of STREAM_HEADERS) c.header(name, value);
  return c.newResponse(events.body);
}

/** answerTurn on the public chat turn's fast route (http/fast-route.ts, ADR 0021): the same answers, on Node's response. */
export async function answerTurnFast(exchange: Exchange, run: RunTurn): Promise<void> {
  if (!wantsStream(exchange.header('accept'))) return exchange.sendJson(200, turnBody(await run()));
  await streamTurn(exchange.stream(STREAM_HEADERS), run, exchange.log);
}

const wantsStream = (accept: string | undefined) => (accept ?? '').includes('text/event-stream');

const turnBody = ({ output, silent }: TurnResult) => ({ output, ...(silent && { silent }) });

const STREAM_HEADERS = [
  ['Transfer-Encoding', 'chunked'],
  ['Content-Type', 'text/event-stream'],
  ['Cache-Control', 'no-cache, no-transform'],
  ['Connection', 'keep-alive'],
  ['X-Accel-Buffering', 'no'],
] as const;

/** Where a streamed turn writes its events: EventStream (Hono) or ResponseStream (the fast route). */
interface EventSink {
  write(text: string): void;
  end(text: string): void;
}

async function streamTurn(events: EventSink, run: RunTurn, log: Logger | undefined): Promise<void> {
  const heartbeat = setInterval(() => events.write(': ping\n\n'), HEARTBEAT_MS);
  try {
    // A visitor who left does not stop the turn: it runs to its end and stores its answer (writes are then dropped).
    const result = await run((delta) => events.write(`event: token\ndata: ${JSON.stringify({ delta })}\n\n`));
    events.end(`event: done\ndata: ${JSON.stringify(turnBody(result))}\n\n`);
  } catch (err) {
    const error = toAppError(err, 'Chat service unavailable');
    if (error.status >= 500) log?.error({ err }, 'chat turn failed');
    events.end(`event: error\ndata: ${JSON.stringify(errorBody(error))}\n\n`);
  } finally {
    clearInterval(heartbeat);
  }
}

const encoder = new TextEncoder();

/**
 * A streamed answer as a web ReadableStream (CoalescedText), read by @hono/node-server: a chunk is enqueued only when
 * the reader has taken the one before (otherwise it waits for the reader's next pull, growing). The reader pulls the
 * next chunk only once the socket has taken the last (its `drain`), so a slow client holds at most one chunk in the
 * stream plus the text written since.
 */
export class EventStream extends CoalescedText {
  readonly body: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;

  constructor() {
    super();
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      pull: () => this.flush(),
      // The client went away (@hono/node-server cancels the reader when the socket closes).
      cancel: () => this.abandon(),
    });
  }

  /** Writes the last text and ends the body (with everything still pending, whether or not the reader is ready). */
  end(text: string): void {
    if (this.isClosed) return;
    this.pending += text;
    this.isClosed = true;
    this.#enqueue();
    this.#controller.close();
  }

  protected flush(): void {
    if (this.isClosed || !this.pending) return;
    if ((this.#controller.desiredSize ?? 0) <= 0) return; // the reader has not taken the last chunk: wait for its pull
    this.#enqueue();
  }

  #enqueue(): void {
    if (!this.pending) return;
    const chunk = encoder.encode(this.pending);
    this.pending = '';
    this.#controller.enqueue(chunk);
  }
}
