/**
 * A NUL character (U+0000) in a JSON body — a name, a knowledge text, a chat message pasted from a PDF — is dropped and
 * the rest of the text is stored (http/json-text.ts): Postgres cannot hold it in a text column, and it used to fail
 * with a 500 and lose the text. A NUL that still reaches the database is the sender's error (400), and a failed
 * query's parameters (customers' words) never reach the logs.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../../src/app';
import { toAppError } from '../../src/http/errors';
import { serializeError } from '../../src/logger';
import { chat, createUserWithAgent, transcript, visitor } from '../helpers/agents';
import { createTestContext, type TestContext, type TestUser } from '../helpers/context';

let ctx: TestContext;
let user: TestUser;
let agent: { id: string; webhookId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ user, agent } = await createUserWithAgent(ctx, 'Loja'));
});
afterAll(() => ctx.close());

describe('NUL characters in JSON bodies', () => {
  it("an agent's name and knowledge text are saved without them", async () => {
    const renamed = await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { name: 'Loja\u0000 da Ana' } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { name: string }).name).toBe('Loja da Ana');

    const about = 'Abrimos às 8h.\u0000 Entregamos em todo o bairro.';
    const saved = await ctx.request(`/api/agents/${agent.id}/knowledge`, {
      method: 'PUT',
      token: user.token,
      json: { companyName: 'Loja\u0000 da Ana', about, links: '' },
    });
    expect(saved.status).toBe(200);
    const knowledge = (await (await ctx.request(`/api/agents/${agent.id}/knowledge`, { token: user.token })).json()) as {
      companyName: string;
      about: string;
    };
    expect(knowledge).toMatchObject({ companyName: 'Loja da Ana', about: 'Abrimos às 8h. Entregamos em todo o bairro.' });
  });

  it("a customer's message is answered and stored without them, through Hono and through the turn's fast route", async () => {
    const viaHono = await chat(ctx, agent.webhookId, 'oi\u0000 tudo bem?', visitor('nul-hono'));
    expect(viaHono.status).toBe(200);

    const server: Server = await serveApp(ctx.served, { port: 0, hostname: '127.0.0.1' });
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/webhook/${agent.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://loja-do-cliente.example' },
        body: JSON.stringify({ message: 'vocês\u0000 entregam?', sessionId: visitor('nul-fast') }),
      });
      expect(res.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    const owner = await ctx.request(`/api/agents/${agent.id}/test-chat`, {
      method: 'POST',
      token: user.token,
      json: { message: 'teste\u0000 do dono', sessionId: visitor('nul-dono') },
    });
    expect(owner.status).toBe(200);

    const customerWords = (await transcript(ctx, agent.id)).filter((m) => m.role === 'user').map((m) => m.content);
    expect(customerWords).toEqual(expect.arrayContaining(['oi tudo bem?', 'vocês entregam?']));
    expect(customerWords.join('')).not.toContain('\u0000');
  });
});

describe('a NUL that reaches the database anyway', () => {
  async function failedQuery(): Promise<unknown> {
    try {
      await ctx.database.db.execute(sql`select ${'cliente disse: segredo\u0000'}::text as t`);
    } catch (err) {
      return err;
    }
    throw new Error('the database stored a NUL character');
  }

  it('is a 400 with a pt-BR message, not a 500', async () => {
    const error = toAppError(await failedQuery());
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.userMessage).toBe('O texto enviado contém um caractere inválido. Remova-o e tente novamente.');
  });

  it("is logged without the query's parameters, alone or as the cause of another error", async () => {
    const err = await failedQuery();
    for (const logged of [serializeError(err), serializeError(new Error('the turn failed', { cause: err }))]) {
      const text = JSON.stringify(logged);
      expect(text).toContain('select $1::text as t');
      expect(text).not.toContain('segredo');
    }
  });
});

describe('NUL characters in the sign-up and sign-in bodies (Better Auth)', () => {
  it('sign-up stores the name without them; a sign-in with one is refused, not a 500', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const signUp = await ctx.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Ana\u0000 Lima', email, password: 'senha-segura-123', company: 'Loja\u0000', phone: '(11) 98888-7777' },
    });
    expect(signUp.status).toBe(200);
    const me = (await (await ctx.request('/api/me', { token: signUp.headers.get('set-auth-token')! })).json()) as { name: string; company: string };
    expect(me).toMatchObject({ name: 'Ana Lima', company: 'Loja' });

    const signIn = await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: `nul\u0000${email}`, password: 'senha-segura-123' } });
    expect(signIn.status).toBeLessThan(500);
  });
});
