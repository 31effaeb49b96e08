/**
 * 'Esqueci minha senha' (issue 15): Better Auth's reset flow on its own routes, the e-mail sent over SMTP to a
 * real SMTP server process, the link opening our page, every session ended by the new password.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../e2e/fakes';
import { createTestContext, createUser, signIn, uniqueEmail, type TestContext } from './helpers/context';

let smtp: FakeSmtp;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext({ jobs: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Atende <nao-responda@atende.example.com>' } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const requestReset = (email: string) => ctx.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
const resetPassword = (token: string, newPassword: string) => ctx.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

async function resetLink(email: string): Promise<URL> {
  const [mail] = await vi.waitFor(
    () => {
      const inbox = smtp.inbox(email);
      expect(inbox.length).toBeGreaterThanOrEqual(1);
      return inbox;
    },
    { timeout: 20_000, interval: 100 },
  );
  expect(mail!.subject).toBe('Redefinição da sua senha do Atende');
  expect(mail!.text).toContain('O link vale por 1 hora');
  const link = mail!.links.find((l) => l.includes('/reset-password'));
  return new URL(link!);
}

describe('password reset', () => {
  it('e-mails a one-time link to our page; the new password works, the old one and every session end', async () => {
    const user = await createUser(ctx);
    const otherDevice = await signIn(ctx, user.email, user.password);
    expect((await requestReset(user.email)).status).toBe(200);
    const link = await resetLink(user.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx.config.publicUrl}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^\w{20,}$/);

    expect((await resetPassword(token, 'nova-senha-forte-456')).status).toBe(200);
    await signIn(ctx, user.email, 'nova-senha-forte-456');
    expect((await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await ctx.request('/api/me', { token: otherDevice.token })).status).toBe(401);
    // The link works once.
    const again = await resetPassword(token, 'outra-senha-forte-789');
    expect(again.status).toBe(400);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    const known = await createUser(ctx);
    const knownRes = await requestReset(known.email);
    expect(await res.json()).toEqual(await knownRes.json());
    await resetLink(known.email);
    expect(smtp.inbox(email)).toEqual([]);
  });

  it('refuses a forged token and a weak new password', async () => {
    expect((await resetPassword('token-inventado-0000000000', 'nova-senha-forte-456')).status).toBe(400);
    const user = await createUser(ctx);
    await requestReset(user.email);
    const token = (await resetLink(user.email)).searchParams.get('token')!;
    expect((await resetPassword(token, '123')).status).toBe(400);
  });
});

describe('sign-up', () => {
  const body = () => ({ name: 'Rita Lima', email: uniqueEmail(), password: 'senha-forte-123', company: 'Rita Bolos', phone: '(11) 96666-5555' });
  const signUp = (json: Record<string, unknown>) => ctx.request('/api/auth/sign-up/email', { method: 'POST', json });

  it('signs the new account in: a session cookie and a bearer token that work at once', async () => {
    const res = await signUp(body());
    expect(res.status).toBe(200);
    const data = (await res.json()) as { token: string | null };
    expect(data.token).toMatch(/.{20,}/);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await ctx.request('/api/me', { cookie })).status).toBe(200);
    expect((await ctx.request('/api/me', { token: data.token! })).status).toBe(200);
  });

  it("an e-mail that already has an account: no session, no error naming it — its owner is e-mailed how to get in", async () => {
    const first = body();
    expect((await signUp(first)).status).toBe(200);
    const again = await signUp({ ...first, email: first.email.toUpperCase(), password: 'outra-senha-qualquer' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ token: null, user: null, emailSent: true });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('set-auth-token')).toBeNull();
    const [mail] = await vi.waitFor(
      () => {
        const inbox = smtp.inbox(first.email);
        expect(inbox.length).toBeGreaterThanOrEqual(1);
        return inbox;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(mail!.subject).toBe('Você já tem uma conta no Atende');
    expect(mail!.links).toEqual([`${ctx.config.publicUrl}/login`, `${ctx.config.publicUrl}/forgot-password`]);
    // The account and its password are untouched.
    await signIn(ctx, first.email, first.password);
  });
});
