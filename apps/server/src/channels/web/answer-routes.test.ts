import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { withFastRoutes, type FastRoute } from '../../http/fast-route';
import type { AppEnv } from '../../http/context';
import type { TurnResult } from '../../chat/runtime';
import { AppError } from '../../lib/errors';
import { answerTurn, answerTurnFast, EventStream, HEARTBEAT_MS, type RunTurn } from './answer-routes';

const decoder = new TextDecoder();
const text = (chunk: Uint8Array | undefined) => decoder.decode(chunk);

describe('EventStream', () => {
  it('sends what is written in one tick as one chunk', async () => {
    const events = new EventStream();
    const reader = events.body.getReader();
    events.write('a');
    events.write('b');
    events.write('c');
    expect(text((await reader.read()).value)).toBe('abc');
  });

  it('while the reader has not taken a chunk, gathers what follows into the next one', async () => {
    const events = new EventStream();
    const reader = events.body.getReader();
    events.write('1');
    await Promise.resolve(); // the tick ends: '1' is enqueued, nobody has read it
    events.write('2');
    await Promise.resolve();
    events.write('3');
    await Promise.resolve();
    expect(text((await reader.read()).value)).toBe('1');
    expect(text((await reader.read()).value)).toBe('23');
  });

  it('ends with everything still pending', async () => {
    const events = new EventStream();
    const reader = events.body.getReader();
    events.write('x');
    events.end('y');
    expect(events.closed).toBe(true);
    expect(text((await reader.read()).value)).toBe('xy');
    expect((await reader.read()).done).toBe(true);
    events.write('dropped'); // after the end: nothing, no error
  });

  it('drops writes, and ends quietly, once the reader cancelled (the client went away)', async () => {
    const events = new EventStream();
    const reader = events.body.getReader();
    events.write('a');
    await reader.cancel();
    expect(events.closed).toBe(true);
    events.write('b');
    expect(() => events.end('c')).not.toThrow();
  });
});

function appWith(run: RunTurn) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff'); // as securityHeaders does, after the handler
  });
  app.post('/turn', (c) => answerTurn(c, run));
  return app;
}

const sse = { method: 'POST', headers: { accept: 'text/event-stream' } };

describe('answerTurn over SSE', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('streams token events, then done, with the headers of a stream and those middleware adds', async () => {
    const app = appWith(async (onDelta) => {
      onDelta!('Olá');
      await Promise.resolve();
      onDelta!(', "mundo"\n');
      return { output: 'Olá, "mundo"\n', silent: false } as TurnResult;
    });
    const res = await app.request('/turn', sse);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(
      'event: token\ndata: {"delta":"Olá"}\n\n' +
        'event: token\ndata: {"delta":", \\"mundo\\"\\n"}\n\n' +
        'event: done\ndata: {"output":"Olá, \\"mundo\\"\\n"}\n\n',
    );
  });

  it('ends a failed turn with an error event', async () => {
    const app = appWith(async () => {
      throw new AppError('NOT_FOUND', 'Agent not found');
    });
    const body = await (await app.request('/turn', sse)).text();
    expect(body).toMatch(/^event: error\ndata: \{"error":\{"code":"NOT_FOUND"/);
    expect(body.endsWith('\n\n')).toBe(true);
  });

  it('sends a heartbeat every HEARTBEAT_MS while the turn runs, and none after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let finish!: (r: TurnResult) => void;
    const app = appWith(() => new Promise<TurnResult>((resolve) => (finish = resolve)));
    const res = await app.request('/turn', sse);
    const reader = res.body!.getReader();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(text((await reader.read()).value)).toBe(': ping\n\n');
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(text((await reader.read()).value)).toBe(': ping\n\n');
    finish({ output: 'ok' } as TurnResult);
    expect(text((await reader.read()).value)).toBe('event: done\ndata: {"output":"ok"}\n\n');
    expect(vi.getTimerCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });
});

/** The turn served over a socket: by @hono/node-server (answerTurn), or on the fast route (answerTurnFast). */
const transports = {
  'answerTurn on @hono/node-server': (run: RunTurn) => serve({ fetch: appWith(run).fetch, port: 0, hostname: '127.0.0.1' }),
  'answerTurnFast on a fast route': (run: RunTurn) => {
    const route: FastRoute = { method: 'POST', path: /^\/(turn)$/, headers: [], answer: (exchange) => answerTurnFast(exchange, run) };
    const deps = { logger: pino({ level: 'silent' }), database: {} as Database, https: false };
    return createServer(withFastRoutes([route], deps, (_req, res) => res.writeHead(404).end())).listen(0, '127.0.0.1');
  },
};

describe.each(Object.entries(transports))('%s, over a socket', (_name, serveTurn) => {
  async function listen(run: RunTurn) {
    const server = serveTurn(run);
    if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  function request(port: number) {
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /turn HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nContent-Length: 0\r\n\r\n');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    const until = (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => (pattern.test(received) ? (socket.off('data', check), resolve(received)) : undefined);
        socket.on('data', check);
        socket.once('error', reject);
        check();
      });
    return { socket, until };
  }

  it('writes the tokens of one tick as one HTTP chunk', async () => {
    const { server, port } = await listen(async (onDelta) => {
      for (const d of ['um ', 'dois ', 'três']) onDelta!(d); // as a provider's network chunk carrying three tokens
      await new Promise((r) => setImmediate(r));
      return { output: 'um dois três' } as TurnResult;
    });
    try {
      const { socket, until } = request(port);
      const raw = await until(/\r\n0\r\n\r\n$/);
      socket.destroy();
      const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      const chunks: string[] = [];
      for (let rest = body; ; ) {
        const size = parseInt(rest, 16);
        if (!size) break;
        const start = rest.indexOf('\r\n') + 2;
        chunks.push(Buffer.from(rest.slice(start, start + size), 'latin1').toString('utf8'));
        rest = rest.slice(start + size + 2);
      }
      expect(chunks).toEqual([
        'event: token\ndata: {"delta":"um "}\n\nevent: token\ndata: {"delta":"dois "}\n\nevent: token\ndata: {"delta":"três"}\n\n',
        'event: done\ndata: {"output":"um dois três"}\n\n',
      ]);
    } finally {
      server.close();
    }
  });

  it('a client that leaves mid-stream: the turn runs to its end and the server keeps serving', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let ended!: (v: string) => void;
    const turnEnded = new Promise<string>((r) => (ended = r));
    const { server, port } = await listen(async (onDelta) => {
      onDelta!('primeiro');
      await gate;
      onDelta!('depois'); // the client is gone: dropped
      ended('stored');
      return { output: 'primeirodepois' } as TurnResult;
    });
    const serverSide = new Promise<Socket>((r) => server.once('connection', r));
    try {
      const first = request(port);
      await first.until(/"delta":"primeiro"/);
      const gone = (await serverSide).closed ? Promise.resolve() : new Promise((r) => serverSide.then((s) => s.once('close', r)));
      first.socket.destroy();
      await gone; // the server saw the client leave, with the turn still running
      release();
      expect(await turnEnded).toBe('stored');
      // The server answers the next client whole.
      const second = request(port);
      const raw = await second.until(/event: done/);
      second.socket.destroy();
      expect(raw).toContain('HTTP/1.1 200');
    } finally {
      server.close();
    }
  });
});
