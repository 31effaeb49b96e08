/**
 * Sessions: sign-out and password changes end sessions on the server (not only
 * in the browser), expired sessions stop working, and tokens are long, random
 * and delivered in a hardened cookie.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session as sessions } from '../../src/db/schema';
import { chatOutput, createUserWithAgent, parseSse, visitor } from '../helpers/agents';
import { createTestContext, createUser, signIn, uniqueEmail, type TestContext, type TestUser } from '../helpers/context';

let ctx: TestContext;
beforeAll(async () => {
  // The inbox stream looks its session up again at each heartbeat: 15 s in production, 100 ms here.
  ctx = await createTestContext({ inboxHeartbeatMs: 100 });
});
afterAll(() => ctx.close());

const me = (auth: { token?: string; cookie?: string }) => ctx.request('/api/me', auth).then((r) => r.status);
const sessionRows = (user: TestUser) => ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));

describe('sign-out', () => {
  it('revokes the session on the server: the cookie and its token stop working, other sessions stay', async () => {
    const first = await createUser(ctx);
    const second = await signIn(ctx, first.email, first.password);
    expect(await sessionRows(first)).toHaveLength(2);

    const out = await ctx.request('/api/auth/sign-out', { method: 'POST', cookie: first.cookie, json: {} });
    expect(out.status).toBe(200);
    // The cookie is cleared in the browser…
    expect(out.headers.get('set-cookie')).toMatch(/session_token=;.*Max-Age=0/i);
    // …and, what matters, a copy of it (or of the token) is worthless afterwards.
    expect(await me({ cookie: first.cookie })).toBe(401);
    expect(await me({ token: first.token })).toBe(401);
    expect((await sessionRows(first)).map((s) => s.token)).toEqual([second.token]);
    expect(await me({ token: second.token })).toBe(200);
  });

  it('an expired session is refused even though its row still exists', async () => {
    const user = await createUser(ctx);
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, user.token));
    expect(await me({ token: user.token })).toBe(401);
    expect(await me({ cookie: user.cookie })).toBe(401);
  });
});

/** An open GET /api/inbox/events: what it has received so far, and whether the server has ended it. */
async function inboxStream(auth: { token?: string; cookie?: string }) {
  const res = await ctx.request('/api/inbox/events', auth);
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const stream = { text: '', ended: false, events: () => parseSse(stream.text), close: () => reader.cancel().catch(() => {}) };
  void (async () => {
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) break;
      stream.text += decoder.decode(next.value, { stream: true });
    }
    stream.ended = true;
  })();
  await vi.waitFor(() => expect(stream.events().map((e) => e.event)).toContain('ready'), { timeout: 10_000, interval: 20 });
  return stream;
}

describe('the live inbox stream', () => {
  it('ends when its session is signed out; another session of the account keeps receiving events', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const other = await signIn(ctx, user.email, user.password);
    const byToken = await inboxStream({ token: user.token });
    const byCookie = await inboxStream({ cookie: user.cookie });
    const kept = await inboxStream({ token: other.token });
    const inboxEvents = (stream: { events: () => Array<{ event: string }> }) => stream.events().filter((e) => e.event === 'inbox').length;

    await chatOutput(ctx, agent.webhookId, 'Oi, vocês abrem sábado?', visitor('sessao-encerrada-1'));
    await vi.waitFor(() => expect([byToken, byCookie, kept].map(inboxEvents).every((n) => n > 0)).toBe(true), { timeout: 10_000, interval: 20 });

    expect((await ctx.request('/api/auth/sign-out', { method: 'POST', token: user.token, json: {} })).status).toBe(200);
    expect((await ctx.request('/api/me', { token: user.token })).status).toBe(401);
    await vi.waitFor(() => expect([byToken.ended, byCookie.ended]).toEqual([true, true]), { timeout: 10_000, interval: 20 });
    const heardBefore = [byToken, byCookie].map(inboxEvents);

    const keptBefore = inboxEvents(kept);
    await chatOutput(ctx, agent.webhookId, 'E domingo?', visitor('sessao-encerrada-1'));
    await vi.waitFor(() => expect(inboxEvents(kept)).toBeGreaterThan(keptBefore), { timeout: 10_000, interval: 20 });
    expect([byToken, byCookie].map(inboxEvents)).toEqual(heardBefore);
    expect(kept.ended).toBe(false);
    await kept.close();
  });

  it('ends when a new password ends the session', async () => {
    const user = await createUser(ctx);
    const stream = await inboxStream({ token: user.token });
    const res = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      token: user.token,
      json: { currentPassword: user.password, newPassword: 'uma-senha-nova-456' },
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(stream.ended).toBe(true), { timeout: 10_000, interval: 20 });
  });
});

describe('changing the password', () => {
  const changePassword = (user: TestUser, body: Record<string, unknown>) =>
    ctx.request('/api/auth/change-password', { method: 'POST', token: user.token, json: body });

  it('ends every other session even when the client does not ask to', async () => {
    for (const revokeOtherSessions of [undefined, false]) {
      const current = await createUser(ctx);
      const phone = await signIn(ctx, current.email, current.password);
      const laptop = await signIn(ctx, current.email, current.password);
      const res = await changePassword(current, { currentPassword: current.password, newPassword: 'uma-senha-nova-123', revokeOtherSessions });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string | null };

      expect(await me({ token: phone.token }), `revokeOtherSessions: ${revokeOtherSessions}`).toBe(401);
      expect(await me({ cookie: laptop.cookie })).toBe(401);
      // The caller continues with the fresh session it was given (token and cookie).
      expect(token).toEqual(expect.any(String));
      expect(await me({ token: token! })).toBe(200);
      expect(res.headers.get('set-cookie')).toContain(`session_token=${token}.`);
      expect(await sessionRows(current)).toHaveLength(1);

      expect((await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: current.email, password: current.password } })).status).toBe(401);
      await signIn(ctx, current.email, 'uma-senha-nova-123');
    }
  });

  it('with a wrong current password changes nothing and ends no session', async () => {
    const user = await createUser(ctx);
    const other = await signIn(ctx, user.email, user.password);
    const res = await changePassword(user, { currentPassword: 'nao-e-a-senha', newPassword: 'uma-senha-nova-123' });
    expect(res.status).toBe(400);
    expect(await me({ token: other.token })).toBe(200);
    expect(await me({ token: user.token })).toBe(200);
    await signIn(ctx, user.email, user.password);
  });

  it('needs a session', async () => {
    const res = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'x-x-x-x-x', newPassword: 'uma-senha-nova-123', revokeOtherSessions: true },
    });
    expect(res.status).toBe(401);
  });
});

describe('session tokens', () => {
  it('are long, random and never repeat across 100 sign-ins', async () => {
    const user = await createUser(ctx);
    const tokens = [user.token];
    for (let i = 0; i < 99; i++) {
      const res = await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
      tokens.push(((await res.json()) as { token: string }).token);
    }
    expect(new Set(tokens).size).toBe(100);
    for (const token of tokens) {
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token).not.toContain(user.id);
    }
    // Random, not sequential: every position takes many different characters across the sample.
    const length = Math.min(...tokens.map((t) => t.length));
    for (let i = 0; i < length; i++) expect(new Set(tokens.map((t) => t[i])).size, `position ${i}`).toBeGreaterThan(15);
    // No two tokens share a long common prefix (a counter or a timestamp would).
    const sorted = [...tokens].sort();
    for (let i = 1; i < sorted.length; i++) {
      let common = 0;
      while (sorted[i - 1]![common] === sorted[i]![common]) common += 1;
      expect(common).toBeLessThan(8);
    }
  }, 120_000); // a context of its own / many password hashes: slow on a busy machine

  it('travel in an HttpOnly, SameSite cookie, Secure behind https', async () => {
    const user = await createUser(ctx);
    const plain = await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
    const cookie = plain.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^better-auth\.session_token=[^;]+;/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);

    const origin = 'https://atende.example';
    const secure = await createTestContext({ env: { PUBLIC_URL: origin }, database: ctx.database });
    const post = (path: string, body: unknown) =>
      secure.app.request(path, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      const email = uniqueEmail('https');
      expect((await post('/api/auth/sign-up/email', { name: 'Ana', email, password: 'senha-segura-123', company: 'Ana', phone: '(11) 98888-7777' })).status).toBe(200);
      const res = await post('/api/auth/sign-in/email', { email, password: 'senha-segura-123' });
      const secureCookie = res.headers.get('set-cookie') ?? '';
      expect(secureCookie).toMatch(/^__Secure-better-auth\.session_token=[^;]+;/);
      expect(secureCookie).toMatch(/;\s*Secure/i);
      expect(secureCookie).toMatch(/;\s*HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
