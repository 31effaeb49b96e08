import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user as users } from '../src/db/schema';
import { createTestContext, createUser, signIn, uniqueEmail, type TestContext } from './helpers/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signUp = (body: Record<string, unknown>) => ctx.request('/api/auth/sign-up/email', { method: 'POST', json: body });
const valid = () => ({
  name: 'João Lima',
  email: uniqueEmail('joao'),
  password: 'uma senha longa',
  company: 'Ótica Lima',
  phone: '(21) 99999-0000',
});

describe('sign-up', () => {
  it('creates the user and a profile with the business data', async () => {
    const body = valid();
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string; email: string }; token: string | null };
    expect(user.email).toBe(body.email);
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ name: 'João Lima', company: 'Ótica Lima', phone: '(21) 99999-0000', plan: 'free' });
  });

  it('opens a session: the new account is signed in (issue 15)', async () => {
    const res = await signUp(valid());
    expect(res.headers.get('set-cookie') ?? '').toMatch(/session_token=[^;]/);
  });

  it('rejects passwords shorter than 8 or longer than 128 characters', async () => {
    const short = await signUp({ ...valid(), password: '1234567' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { code: string }).code).toBe('PASSWORD_TOO_SHORT');
    const long = await signUp({ ...valid(), password: 'x'.repeat(129) });
    expect(long.status).toBe(400);
    expect(await signUp({ ...valid(), password: 'x'.repeat(128) })).toHaveProperty('status', 200);
    // No composition rules: eight plain letters are fine.
    expect(await signUp({ ...valid(), password: 'abcdefgh' })).toHaveProperty('status', 200);
  });

  it('requires company and phone', async () => {
    const { company: _c, ...withoutCompany } = valid();
    expect((await signUp(withoutCompany)).status).toBe(400);
    const { phone: _p, ...withoutPhone } = valid();
    expect((await signUp(withoutPhone)).status).toBe(400);
  });

  it('never creates a second account for an e-mail, nor reveals that it exists', async () => {
    const body = valid();
    expect((await signUp(body)).status).toBe(200);
    const again = await signUp({ ...body, email: body.email.toUpperCase(), password: 'outra senha qualquer' });
    expect(again.status).toBe(200);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
    // The original password still works; the second one does not.
    await signIn(ctx, body.email, body.password);
    const hijack = await ctx.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: body.email, password: 'outra senha qualquer' },
    });
    expect(hijack.status).toBe(401);
  });

  it('refuses cookie-authenticated requests from an untrusted origin (CSRF)', async () => {
    const u = await createUser(ctx);
    const res = await ctx.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: u.cookie },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect((await ctx.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('returns a session cookie and a token', async () => {
    const u = await createUser(ctx);
    expect(u.token.length).toBeGreaterThanOrEqual(32);
    expect(u.cookie).toMatch(/^better-auth\.session_token=/);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const u = await createUser(ctx);
    const wrong = await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'errada-123' } });
    const unknown = await ctx.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: uniqueEmail('ninguem'), password: 'errada-123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('creates a missing profile at session start (id only)', async () => {
    const u = await createUser(ctx);
    await ctx.database.db.delete(profiles).where(eq(profiles.id, u.id));
    await signIn(ctx, u.email, u.password);
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, u.id));
    expect(profile).toMatchObject({ id: u.id, company: null, plan: 'free' });
  });
});

describe('GET /api/me', () => {
  it('works with the bearer token and with the cookie', async () => {
    const u = await createUser(ctx, { name: 'Ana Paula', company: 'Ana Doces' });
    for (const auth of [{ token: u.token }, { cookie: u.cookie }]) {
      const res = await ctx.request('/api/me', auth);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: u.id, email: u.email, name: 'Ana Paula', company: 'Ana Doces', plan: 'free' });
    }
  });

  it('is 401 without a session, with a forged token, and after sign-out', async () => {
    const u = await createUser(ctx);
    expect((await ctx.request('/api/me')).status).toBe(401);
    const forged = await ctx.request('/api/me', { token: `${u.token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    const body = await forged.json();
    expect(body).toMatchObject({ error: { code: 'UNAUTHENTICATED', userMessage: 'Faça login para continuar.' } });

    const out = await ctx.request('/api/auth/sign-out', { method: 'POST', token: u.token, json: {} });
    expect(out.status).toBe(200);
    expect((await ctx.request('/api/me', { token: u.token })).status).toBe(401);
  });

  it("never returns another user's profile", async () => {
    const a = await createUser(ctx, { company: 'Empresa A' });
    const b = await createUser(ctx, { company: 'Empresa B' });
    const meA = (await (await ctx.request('/api/me', { token: a.token })).json()) as { id: string; company: string };
    const meB = (await (await ctx.request('/api/me', { token: b.token })).json()) as { id: string; company: string };
    expect(meA).toMatchObject({ id: a.id, company: 'Empresa A' });
    expect(meB).toMatchObject({ id: b.id, company: 'Empresa B' });
    // A cookie of A and a bearer of B: the bearer wins or the request is refused; never a mix.
    const mixed = await ctx.request('/api/me', { token: b.token, cookie: a.cookie });
    const mixedBody = (await mixed.json()) as { id?: string };
    expect([a.id, b.id]).toContain(mixedBody.id);
    // The user table is not exposed through the API in any other way.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, a.id));
    expect(JSON.stringify(meB)).not.toContain(row!.email);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after repeated failures from one IP, even for the right password', async () => {
    const limited = await createTestContext({
      limits: {
        auth: { signInFailures: { limit: 3, windowMs: 60_000 }, signUps: { limit: 100, windowMs: 60_000 } },
      },
    });
    try {
      const u = await createUser(limited);
      const attempt = (password: string) =>
        limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password } });
      for (let i = 0; i < 3; i++) expect((await attempt('errada-errada')).status).toBe(401);
      const blocked = await attempt(u.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await blocked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    } finally {
      await limited.close();
    }
  }, 120_000); // a context of its own (a fresh database): slow on a busy machine
});
