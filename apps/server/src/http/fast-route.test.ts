import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { withFastRoutes, type FastRoute } from './fast-route';

/** A database whose last dropped connection was at `lastError` (0: never) and whose ping `answers` or fails. */
const database = (lastError: number, answers: boolean) =>
  ({
    lastConnectionErrorAt: () => lastError,
    db: { execute: async () => (answers ? [] : Promise.reject(new Error('connection refused'))) },
  }) as unknown as Database;

let server: Server | undefined;
afterEach(() => server?.close());

/** Serves one fast route that throws `error`; answers a POST to it. */
async function failing(error: unknown, db: Database) {
  const route: FastRoute = { method: 'POST', path: /^\/(x)$/, headers: [['Access-Control-Allow-Origin', '*']], answer: async () => Promise.reject(error) };
  server = createServer(withFastRoutes([route], { logger: pino({ level: 'silent' }), database: db, https: false }, (_req, res) => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: { error: Record<string, unknown> } }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/x', method: 'POST', agent: false }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a fast route that throws is answered as the app error handler and databaseOutage answer', () => {
  it('an AppError: its status, code, messages and Retry-After, with the request id, security and route headers', async () => {
    const res = await failing(new AppError('RATE_LIMITED', 'Too many requests', { retryAfter: 7, userMessage: 'Aguarde.' }), database(0, true));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many requests', userMessage: 'Aguarde.' } });
    expect(res.headers).toMatchObject({ 'retry-after': '7', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff', 'content-type': 'application/json' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('anything else: 500 INTERNAL without its details while the database answers', async () => {
    const res = await failing(new Error('segredo interno'), database(0, true));
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'INTERNAL', message: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('segredo');
  });

  it('a 500 while the database does not answer, or lost a connection during the request: 503 with Retry-After', async () => {
    for (const db of [database(0, false), database(Date.now() + 60_000, true)]) {
      const res = await failing(new Error('falhou'), db);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('5');
      server!.close();
    }
  });
});
