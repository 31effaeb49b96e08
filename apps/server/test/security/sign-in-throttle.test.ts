/**
 * Issue 13, item 6: guessing one account's password from many addresses is throttled per account (with a
 * doubling lock), and an IPv6 caller is counted by its /64, not by each of its 2^64 addresses. A body that is not
 * JSON (a form, which Better Auth would take) is refused rather than slipping past the throttle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, ORIGIN, type TestContext } from '../helpers/context';

describe('sign-in throttling across addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { TRUST_PROXY: 'true' },
      limits: {
        auth: {
          signInFailures: { limit: 3, windowMs: 60_000 },
          accountFailures: { freeFailures: 4, baseLockMs: 60_000, maxLockMs: 600_000 },
          signUps: { limit: 100, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => ctx.close());

  const signIn = (email: string, password: string, ip: string) =>
    ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': ip } });

  it('locks an account after failures from many IPs, even for the right password from a fresh IP', async () => {
    const victim = await createUser(ctx);
    for (let i = 1; i <= 4; i++) expect((await signIn(victim.email, 'errada-errada', `198.51.100.${i}`)).status).toBe(401);
    const locked = await signIn(victim.email.toUpperCase(), victim.password, '203.0.113.77');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(await locked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Other accounts are not affected.
    const other = await createUser(ctx);
    expect((await signIn(other.email, other.password, '203.0.113.77')).status).toBe(200);
  });

  it('a successful sign-in forgets earlier failures of the account', async () => {
    const user = await createUser(ctx);
    for (let i = 1; i <= 3; i++) expect((await signIn(user.email, 'errada-errada', `192.0.2.${i}`)).status).toBe(401);
    expect((await signIn(user.email, user.password, '192.0.2.50')).status).toBe(200);
    for (let i = 1; i <= 3; i++) expect((await signIn(user.email, 'errada-errada', `192.0.2.${10 + i}`)).status).toBe(401);
    expect((await signIn(user.email, user.password, '192.0.2.60')).status).toBe(200);
  });

  describe('bodies that are not JSON', () => {
    const form = (path: string, fields: Record<string, string>, ip: string, type = 'application/x-www-form-urlencoded') =>
      ctx.request(path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': type, 'x-forwarded-for': ip } });
    const refusedAs415 = async (res: Response) => {
      expect(res.status).toBe(415);
      expect(res.headers.get('set-auth-token')).toBeNull();
      expect(await res.json()).toMatchObject({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', userMessage: 'Envie os dados em JSON (Content-Type: application/json).' },
      });
    };

    it('a form-encoded sign-in is refused (415), never a way around the throttles', async () => {
      const user = await createUser(ctx);
      // Wrong passwords in a form: refused before any password check, from any number of addresses.
      for (let i = 1; i <= 6; i++) await refusedAs415(await form('/api/auth/sign-in/email', { email: user.email, password: 'errada-errada' }, `203.0.113.${i}`));
      // The account locked by JSON failures cannot be signed into with a form either.
      for (let i = 1; i <= 4; i++) expect((await signIn(user.email, 'errada-errada', `203.0.113.${10 + i}`)).status).toBe(401);
      expect((await signIn(user.email, user.password, '203.0.113.20')).status).toBe(429);
      await refusedAs415(await form('/api/auth/sign-in/email', { email: user.email, password: user.password }, '203.0.113.21'));
      await refusedAs415(await form('/api/auth/sign-in/email', { email: user.email, password: user.password }, '203.0.113.22', 'multipart/form-data; boundary=x'));
    });

    it('every other auth route takes JSON only: sign-up, password reset, a JSON text sent as text/plain, a body without a type', async () => {
      const email = `form-${Date.now()}@example.com`;
      await refusedAs415(
        await form('/api/auth/sign-up/email', { name: 'Ana', email, password: 'senha-forte-123', company: 'Loja', phone: '11988887777' }, '192.0.2.200'),
      );
      await refusedAs415(await form('/api/auth/request-password-reset', { email }, '192.0.2.200'));
      const asText = await ctx.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'errada-errada' }),
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': '192.0.2.200' },
      });
      await refusedAs415(asText);
      const bytes = new TextEncoder().encode(JSON.stringify({ email, password: 'errada-errada' }));
      const untyped = await ctx.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: bytes,
        headers: { origin: ORIGIN, 'content-length': String(bytes.length), 'x-forwarded-for': '192.0.2.200' },
      });
      await refusedAs415(untyped);
      // JSON with a charset is JSON; a sign-out without a body is still a sign-out.
      const user = await createUser(ctx);
      const res = await ctx.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password: user.password }),
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-forwarded-for': '192.0.2.201' },
      });
      expect(res.status).toBe(200);
      expect((await ctx.request('/api/auth/sign-out', { method: 'POST', token: user.token })).status).toBe(200);
      expect((await ctx.request('/api/me', { token: user.token })).status).toBe(401);
    });
  });

  it('counts IPv6 callers by their /64', async () => {
    const user = await createUser(ctx);
    const wrong = async (ip: string) => (await signIn(`ninguem-${ip.replace(/:/g, '-')}@exemplo.com.br`, 'errada-errada', ip)).status;
    expect(await wrong('2001:db8:1:2::1')).toBe(401);
    expect(await wrong('2001:db8:1:2::2')).toBe(401);
    expect(await wrong('2001:db8:1:2:ffff::3')).toBe(401);
    // A fourth address of the same /64 is the same caller: blocked, whatever the account.
    expect((await signIn(user.email, user.password, '2001:db8:1:2:abcd::4')).status).toBe(429);
    // Another /64 is another caller.
    expect((await signIn(user.email, user.password, '2001:db8:1:3::1')).status).toBe(200);
  });
});
