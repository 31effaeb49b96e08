/**
 * The public chat's turn, POST /webhook/{webhookId}, is answered in front of Hono on Node's request and response
 * (http/fast-route.ts, ADR 0021). Over real sockets, it answers what the app answered through Hono
 * (@hono/node-server): the same status, headers (security, CORS, request id, SSE, Retry-After, Connection: close) and
 * body for a JSON turn, a streamed turn and every refusal; every other request still reaches Hono.
 */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, serveApp } from '../src/app';
import { createUserWithAgent, parseSse, visitor } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';

interface Answer {
  status: number;
  /** Lower-case names; Date and Keep-Alive (the clock and Node's defaults) left out. */
  headers: Record<string, string>;
  body: string;
}

const KB = 1024;

/** One request over a new connection; `chunks` are sent without a Content-Length (chunked). */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; chunks?: string[] } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'POST', headers: options.headers, agent: false });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (name !== 'date' && name !== 'keep-alive') headers[name] = String(value);
        }
        resolve({ status: res.statusCode!, headers, body });
      });
    });
    req.on('error', reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else req.end(options.body);
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', origin: 'https://loja-do-cliente.example', ...headers },
  body: JSON.stringify(body),
});

let ctx: TestContext;
let webhookId: string;
/** The app as it was served before the fast route (Hono for every request), and as it is served now. */
let hono: Server;
let fast: Server;
const portOf = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  ctx = await createTestContext({
    limits: {
      auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
      chat: { perIp: { limit: 1e6, windowMs: 60_000 }, perSession: { limit: 2, windowMs: 60_000 } },
    },
  });
  ({
    agent: { webhookId },
  } = await createUserWithAgent(ctx));
  hono = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!hono.listening) await new Promise((resolve) => hono.once('listening', resolve));
  fast = await serveApp(ctx.served, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  for (const server of [hono, fast]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await ctx.close();
});

/** The same request (with `label` naming its visitor on each server) to both; the answers, the request ids set apart. */
async function both(label: string, make: (sessionId: string) => Parameters<typeof send>[2], path = () => `/webhook/${webhookId}`) {
  const [before, now] = await Promise.all(
    [hono, fast].map(async (server, i) => {
      const answer = await send(portOf(server), path(), make(visitor(`${label}-${i}`)));
      const { 'x-request-id': requestId, ...headers } = answer.headers;
      return { ...answer, headers, requestId };
    }),
  );
  return { before: before!, now: now! };
}

describe('the served connection', () => {
  it('keeps an idle keep-alive connection longer than a load balancer does (60 s), as the headers timeout must allow', () => {
    expect(fast.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(fast.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(fast.headersTimeout).toBeGreaterThan(fast.keepAliveTimeout);
  });
});

describe('POST /webhook/{webhookId} on its fast route answers as through Hono', () => {
  it('a JSON turn', async () => {
    const { before, now } = await both('json', (sessionId) => json({ message: 'Olá, tudo bem?', sessionId }));
    expect(now.status).toBe(200);
    expect(JSON.parse(now.body)).toEqual({ output: expect.any(String) });
    expect(now).toMatchObject({ status: before.status, headers: before.headers, body: before.body });
    expect(now.headers).toMatchObject({
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(now.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(now.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a streamed turn: the same headers and events', async () => {
    const { before, now } = await both('sse', (sessionId) => json({ message: 'Olá, tudo bem?', sessionId }, { accept: 'text/event-stream' }));
    expect(now.headers).toEqual(before.headers);
    expect(now.headers['content-type']).toBe('text/event-stream');
    expect(now.headers['transfer-encoding']).toBe('chunked');
    expect(parseSse(now.body)).toEqual(parseSse(before.body));
    expect(parseSse(now.body).at(-1)?.event).toBe('done');
  });

  it('refusals: not JSON, an invalid session id, an unknown agent, a body over 32 KB (by its Content-Length or chunked)', async () => {
    const cases: Array<[string, (sessionId: string) => Parameters<typeof send>[2], (() => string)?]> = [
      ['not-json', () => ({ headers: { 'content-type': 'application/json' }, body: '{"message": ' })],
      ['bad-session', () => json({ message: 'oi', sessionId: '123' })],
      ['no-message', (sessionId) => json({ sessionId })],
      ['unknown-agent', (sessionId) => json({ message: 'oi', sessionId }), () => '/webhook/nao-existe'],
      ['too-long', (sessionId) => json({ message: 'a'.repeat(40 * KB), sessionId })],
      ['chunked', (sessionId) => ({ headers: { 'content-type': 'application/json' }, chunks: [`{"sessionId":"${sessionId}","message":"`, 'a'.repeat(40 * KB), '"}'] })],
    ];
    for (const [label, make, path] of cases) {
      const { before, now } = await both(label, make, path);
      expect(now.status, label).toBeGreaterThanOrEqual(400);
      expect(now, label).toMatchObject({ status: before.status, headers: before.headers, body: before.body });
    }
    const tooLong = await both('too-long-2', (sessionId) => json({ message: 'a'.repeat(40 * KB), sessionId }));
    expect(tooLong.now.status).toBe(413);
    expect(tooLong.now.headers.connection).toBe('close');
    expect(JSON.parse(tooLong.now.body).error.userMessage).toBe('Mensagem muito longa.');
  });

  it('a rate-limited session: 429 with Retry-After', async () => {
    const sessions = [visitor('limite-0'), visitor('limite-1')];
    for (const [i, server] of [hono, fast].entries()) {
      for (let turn = 0; turn < 2; turn++) expect((await send(portOf(server), `/webhook/${webhookId}`, json({ message: 'oi', sessionId: sessions[i] }))).status).toBe(200);
    }
    const [before, now] = await Promise.all([hono, fast].map((server, i) => send(portOf(server), `/webhook/${webhookId}`, json({ message: 'oi', sessionId: sessions[i] }))));
    expect(now!.status).toBe(429);
    expect(Number(now!.headers['retry-after'])).toBeGreaterThan(0);
    const withoutIds = ({ headers: { 'x-request-id': _id, 'retry-after': _wait, ...headers }, ...rest }: Answer) => ({ ...rest, headers });
    expect(withoutIds(now!)).toEqual(withoutIds(before!));
  });

  it("keeps the caller's request id, as Hono's middleware does", async () => {
    const { before, now } = await both('request-id', (sessionId) => json({ message: 'oi', sessionId }, { 'x-request-id': 'pedido-123' }));
    expect([before.requestId, now.requestId]).toEqual(['pedido-123', 'pedido-123']);
  });

  it('every other request reaches Hono: the preflight, the agent, the history, another method', async () => {
    const port = portOf(fast);
    const preflight = await send(port, `/webhook/${webhookId}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://loja.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-max-age']).toBe('86400');
    expect((await send(port, `/webhook/${webhookId}`, { method: 'GET' })).status).toBe(200);
    await send(port, `/webhook/${webhookId}`, json({ message: 'Olá!', sessionId: visitor('historia') }));
    const history = await send(port, `/webhook/${webhookId}/history`, json({ sessionId: visitor('historia') }));
    // The turn the fast route answered is the one Hono's history route reads.
    expect(JSON.parse(history.body).messages).toHaveLength(2);
    expect((await send(port, `/webhook/${webhookId}`, { method: 'PUT' })).status).toBe(404);
  });

  it('over https, Strict-Transport-Security as on every answer', async () => {
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://atende.example' }, database: ctx.database });
    const server = await serveApp(secure.served, { port: 0, hostname: '127.0.0.1' });
    try {
      const answer = await send(portOf(server), `/webhook/${webhookId}`, json({ message: 'oi', sessionId: visitor('https') }));
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await secure.close();
    }
  });
});
