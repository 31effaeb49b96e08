import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../http/context';
import { errorBody, toAppError } from '../../http/errors';
import type { TurnResult } from '../../chat/runtime';

const HEARTBEAT_MS = 15_000;

/**
 * The HTTP adapter of a web chat turn: runs it (`run`, given the SSE writer when the client streams) and answers the way the client asked: `{output}` as JSON, or, with
 * `Accept: text/event-stream`, the reply streamed as `token` events, then `done` (or `error`), with
 * heartbeats (see ChatStreamEvent). Used by the public chat and by the owner's test chat.
 */
export async function answerTurn(c: Context<AppEnv>, run: (onDelta?: (delta: string) => void) => Promise<TurnResult>): Promise<Response> {
  if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
    const { output, silent } = await run();
    return c.json({ output, ...(silent && { silent }) });
  }

  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const heartbeat = setInterval(() => void stream.write(': ping\n\n'), HEARTBEAT_MS);
    try {
      const { output, silent } = await run((delta) => void stream.writeSSE({ event: 'token', data: JSON.stringify({ delta }) }));
      await stream.writeSSE({ event: 'done', data: JSON.stringify({ output, ...(silent && { silent }) }) });
    } catch (err) {
      const error = toAppError(err, 'Chat service unavailable');
      if (error.status >= 500) c.get('logger')?.error({ err }, 'chat turn failed');
      await stream.writeSSE({ event: 'error', data: JSON.stringify(errorBody(error)) });
    } finally {
      clearInterval(heartbeat);
    }
  });
}
