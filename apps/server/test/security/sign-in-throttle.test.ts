/**
 * Issue 13, item 6: guessing one account's password from many addresses is throttled per account (with a
 * doubling lock), and an IPv6 caller is counted by its /64, not by each of its 2^64 addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../helpers/context';

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
