/**
 * Request size (issue 13, item 2). A 200 MB body to the sign-in endpoint took
 * the server from 0.57 to 1.28 GB, and sign-up stored a 2 MB name. Every route
 * now has a body limit that fits it, enforced while the body streams in (at
 * most the limit is ever read), and every text field a person fills has a
 * maximum length checked on the server with a pt-BR message.
 */
import { once } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { AGENT_NAME_MAX, CHAT_MESSAGE_MAX, MAX_FILE_BYTES, SYSTEM_MESSAGE_MAX } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user as users } from '../../src/db/schema';
import { chat, createUserWithAgent, visitor } from '../helpers/agents';
import { createTestContext, ORIGIN, uniqueEmail, type TestContext } from '../helpers/context';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUserWithAgent>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUserWithAgent(ctx);
});
afterAll(() => ctx.close());

const KB = 1024;
const MB = 1024 * KB;
const CHUNK = 16 * KB;

/** A body that goes on well past `limit` (ending there, so a route without a limit cannot exhaust the test): counts what the server pulled. */
function endlessBody(limit: number) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled > limit + MB) return controller.close();
      state.pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  return { stream, state };
}

describe('every route refuses a body larger than it needs, while it streams in', () => {
  const webhookId = () => owner.agent.webhookId;
  const agentId = () => owner.agent.id;
  // [method, path, the most the route may read]
  const routes: Array<[string, () => string, number]> = [
    ['POST', () => '/api/auth/sign-in/email', 8 * KB],
    ['POST', () => '/api/auth/sign-up/email', 8 * KB],
    ['POST', () => '/api/auth/update-user', 8 * KB],
    ['POST', () => '/api/auth/change-password', 8 * KB],
    ['POST', () => '/api/auth/sign-out', 8 * KB],
    ['POST', () => '/api/agents', 16 * KB],
    ['PATCH', () => `/api/agents/${agentId()}`, 64 * KB],
    ['PUT', () => `/api/agents/${agentId()}/knowledge`, 512 * KB],
    ['PUT', () => `/api/agents/${agentId()}/whatsapp`, 16 * KB],
    ['POST', () => `/api/agents/${agentId()}/whatsapp/verify`, 16 * KB],
    ['POST', () => `/api/agents/${agentId()}/files`, MAX_FILE_BYTES + MB],
    ['POST', () => '/api/billing/subscriptions', 16 * KB],
    ['POST', () => '/api/billing/confirm', 16 * KB],
    ['POST', () => '/.netlify/functions/create-subscription', 16 * KB],
    ['POST', () => `/webhook/${webhookId()}`, 32 * KB],
    ['POST', () => `/webhook/${webhookId()}/history`, 4 * KB],
    ['POST', () => `/chat/${webhookId()}`, 4 * MB],
    ['POST', () => '/api/webhooks/mercadopago', 64 * KB],
    ['POST', () => '/api/nao-existe', 16 * KB],
  ];

  it('answers 413 having read no more than the route allows (no Content-Length, chunked)', async () => {
    for (const [method, path, limit] of routes) {
      const { stream, state } = endlessBody(limit);
      const res = await ctx.app.request(path(), {
        method,
        headers: { origin: ORIGIN, 'content-type': 'application/json', authorization: `Bearer ${owner.user.token}` },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status, `${method} ${path()}`).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
      // The stream pulls one chunk ahead at most.
      expect(state.pulled, `${method} ${path()} read`).toBeLessThanOrEqual(limit + 3 * CHUNK);
      await stream.cancel().catch(() => {});
    }
  }, 120_000);

  it('answers 413 from the Content-Length alone, before reading anything, for every write in the OpenAPI document', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => [m.toUpperCase(), path.replace('{id}', agentId()).replace(/\{\w+\}/g, 'x')] as const),
    );
    expect(writes.length).toBeGreaterThanOrEqual(12);
    for (const [method, path] of writes) {
      const { stream, state } = endlessBody(0);
      const res = await ctx.app.request(path, {
        method,
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'content-length': String(200 * MB),
          authorization: `Bearer ${owner.user.token}`,
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(state.pulled, `${method} ${path}`).toBeLessThanOrEqual(CHUNK);
      await stream.cancel().catch(() => {});
    }
  });

  it('over a real socket, a 200 MB streamed sign-in is refused after the first kilobytes, and the connection is closed', async () => {
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let response = '';
      let closed = false;
      socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
      socket.on('close', () => (closed = true));
      socket.on('error', () => {});
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${ORIGIN}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const chunk = Buffer.alloc(64 * KB, 0x61);
      let sent = 0;
      while (!response && !closed && sent < 32 * MB) {
        const ok = socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk) && socket.write('\r\n');
        sent += chunk.length;
        if (!ok) await Promise.race([once(socket, 'drain'), once(socket, 'data'), once(socket, 'close')]);
      }
      await expect.poll(() => response, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      await expect.poll(() => closed).toBe(true);
      // What was sent before the answer is what fits in the socket buffers, not the 200 MB.
      expect(sent).toBeLessThan(16 * MB);
      socket.destroy();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('over a real socket, with a Content-Length (read straight from Node, ADR 0017)', () => {
  it('a chat turn and a sign-in are read; a Content-Length over the limit is refused before the body is sent', async () => {
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const turn = await fetch(`${base}/webhook/${owner.agent.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Vocês abrem aos domingos?', sessionId: visitor('socket-real') }),
      });
      expect(turn.status).toBe(200);
      expect(((await turn.json()) as { output: string }).output).toEqual(expect.any(String));
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email: uniqueEmail('socket'), password: 'senha-errada-123' }),
      });
      expect(signIn.status).toBe(401);
      // Headers only: the server answers 413 without waiting for a body.
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let response = '';
      socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
      socket.on('error', () => {});
      socket.write(`POST /webhook/${owner.agent.webhookId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${40 * KB}\r\n\r\n`);
      await expect.poll(() => response, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 413 /);
      socket.destroy();
    } finally {
      (server as HttpServer).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('text fields have a maximum length, checked on the server with a pt-BR message', () => {
  const long = (n: number) => 'a'.repeat(n);
  const expectRefused = async (res: Response, field: string) => {
    expect(res.status, field).toBe(400);
    const body = (await res.json()) as { error: { code: string; userMessage: string; details?: Record<string, string[]> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details?.[field]?.[0], field).toMatch(/muito long|no máximo/i);
    expect(body.error.userMessage).toMatch(/muito long|no máximo|inválid/i);
  };
  const signUp = (fields: Record<string, string>) =>
    ctx.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Ana', email: uniqueEmail('limite'), password: 'senha-segura-123', company: 'Loja', phone: '11 98888-7777', ...fields },
    });

  it('sign-up: name, company, phone and e-mail; nothing is stored', async () => {
    const before = (await ctx.database.db.select().from(users)).length;
    await expectRefused(await signUp({ name: long(121) }), 'name');
    await expectRefused(await signUp({ company: long(121) }), 'company');
    await expectRefused(await signUp({ phone: '1'.repeat(31) }), 'phone');
    await expectRefused(await signUp({ email: `${long(250)}@example.com` }), 'email');
    // The same phone rule as 'Seus dados', so an account never holds a phone its profile would refuse to save.
    const badPhone = await signUp({ phone: '123' });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', userMessage: 'Telefone inválido: use DDD e número, por exemplo (11) 98888-7777' } });
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
    // At the maximum, the account is created with the whole text.
    const email = uniqueEmail('limite');
    const ok = await ctx.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: long(120), email, password: 'senha-segura-123', company: long(120), phone: '+55 (11) 98888-7777'.replace(' ', ' '.repeat(12)) },
    });
    expect(ok.status).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, row!.id));
    expect([row!.name.length, profile!.company?.length, profile!.phone?.length]).toEqual([120, 120, 30]);
  });

  it("Better Auth's update-user: the same limits (and not the unused image field)", async () => {
    const update = (json: Record<string, unknown>) => ctx.request('/api/auth/update-user', { method: 'POST', token: owner.user.token, json });
    await expectRefused(await update({ name: long(121) }), 'name');
    await expectRefused(await update({ company: long(121) }), 'company');
    await expectRefused(await update({ phone: '9'.repeat(31) }), 'phone');
    const image = await update({ image: `https://example.com/${long(2048)}` });
    expect(image.status).toBe(400);
    expect(await image.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { image: ['Campo não permitido: image'] } } });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row!.name.length).toBeLessThanOrEqual(120);
  });

  it('agents, personality, knowledge, chat and the legacy checkout', async () => {
    const auth = { token: owner.user.token };
    const agentPath = `/api/agents/${owner.agent.id}`;
    await expectRefused(await ctx.request('/api/agents', { method: 'POST', ...auth, json: { name: long(AGENT_NAME_MAX + 1) } }), 'name');
    await expectRefused(await ctx.request(agentPath, { method: 'PATCH', ...auth, json: { systemMessage: long(SYSTEM_MESSAGE_MAX + 1) } }), 'systemMessage');
    const kb = (json: Record<string, string>) => ctx.request(`${agentPath}/knowledge`, { method: 'PUT', ...auth, json: { companyName: '', about: '', links: '', ...json } });
    await expectRefused(await kb({ companyName: long(201) }), 'companyName');
    await expectRefused(await kb({ links: long(10_001) }), 'links');
    expect((await kb({ about: long(100_000) })).status).toBe(200);
    await expectRefused(await kb({ about: long(100_001) }), 'about');

    const tooLongMessage = await chat(ctx, owner.agent.webhookId, long(CHAT_MESSAGE_MAX + 1), visitor('limite'));
    expect(tooLongMessage.status).toBe(400);
    expect(await tooLongMessage.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', userMessage: 'Mensagem muito longa (máximo 4.000 caracteres).', details: { message: [expect.stringMatching(/máximo 4000/)] } },
    });

    const legacy = await ctx.request('/.netlify/functions/create-subscription', {
      method: 'POST',
      ...auth,
      json: { plan: 'pro', payer_email: `${long(250)}@example.com` },
    });
    expect(legacy.status).toBe(400);
  });
});
