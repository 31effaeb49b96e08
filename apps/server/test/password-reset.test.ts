/**
 * 'Esqueci minha senha' (issue 15): Better Auth's reset flow on its own routes, the e-mail sent over SMTP to a
 * real SMTP server process, the link opening our page, every session ended by the new password.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../e2e/fakes';
import { verification } from '../src/db/schema';
import { MAIL_SEND } from '../src/mail/mailer';
import { createTestContext, createUser, signIn, uniqueEmail, type TestContext } from './helpers/context';
import { mailsTo } from './helpers/mail';

let smtp: FakeSmtp;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const relaxed = { limit: 1_000_000, windowMs: 60_000 };
  const hour = 60 * 60_000;
  ctx = await createTestContext({
    jobs: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Atende <nao-responda@atende.example.com>', TRUST_PROXY: 'true' },
    // The product's password reset limits (auth/routes.ts PASSWORD_RESETS); the other tests here ask from one address.
    limits: {
      auth: {
        signInFailures: relaxed,
        signUps: relaxed,
        passwordResets: { perEmail: { limit: 3, windowMs: hour }, perIp: { limit: 10, windowMs: hour } },
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const requestReset = (email: string, ip?: string) =>
  ctx.request('/api/auth/request-password-reset', { method: 'POST', json: { email }, headers: ip ? { 'x-forwarded-for': ip } : {} });
const resetPassword = (token: string, newPassword: string) => ctx.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

async function resetLink(email: string): Promise<URL> {
  const [mail] = await vi.waitFor(
    () => {
      const inbox = mailsTo(smtp, email);
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

  it('a new account gets its welcome, and every new password is told to the owner (reset or changed)', async () => {
    const user = await createUser(ctx);
    const subjects = () => smtp.inbox(user.email).map((m) => m.subject);
    await vi.waitFor(() => expect(subjects()).toEqual(['Sua conta no Atende está pronta']), { timeout: 20_000, interval: 100 });
    const welcome = smtp.inbox(user.email)[0]!;
    expect(welcome.links).toEqual([`${ctx.config.publicUrl}/dashboard`, `${ctx.config.publicUrl}/forgot-password`]);

    expect((await requestReset(user.email)).status).toBe(200);
    const token = (await resetLink(user.email)).searchParams.get('token')!;
    expect((await resetPassword(token, 'nova-senha-forte-456')).status).toBe(200);
    await vi.waitFor(() => expect(subjects().filter((s) => s === 'Sua senha do Atende foi alterada')).toHaveLength(1), { timeout: 20_000, interval: 100 });

    const session = await signIn(ctx, user.email, 'nova-senha-forte-456');
    const wrong = await ctx.request('/api/auth/change-password', { method: 'POST', token: session.token, json: { currentPassword: 'nao-e-esta-senha', newPassword: 'mais-uma-senha-789' } });
    expect(wrong.ok).toBe(false);
    const changed = await ctx.request('/api/auth/change-password', { method: 'POST', token: session.token, json: { currentPassword: 'nova-senha-forte-456', newPassword: 'mais-uma-senha-789' } });
    expect(changed.status).toBe(200);
    await vi.waitFor(() => expect(subjects().filter((s) => s === 'Sua senha do Atende foi alterada')).toHaveLength(2), { timeout: 20_000, interval: 100 });
    const notice = smtp.inbox(user.email).findLast((m) => m.subject === 'Sua senha do Atende foi alterada')!;
    expect(notice.text).toContain('Se não foi você, redefina sua senha agora');
    // The failed attempt sent nothing: two notices for two new passwords.
    expect(subjects()).toEqual([
      'Sua conta no Atende está pronta',
      'Redefinição da sua senha do Atende',
      'Sua senha do Atende foi alterada',
      'Sua senha do Atende foi alterada',
    ]);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    const known = await createUser(ctx);
    const knownRes = await requestReset(known.email);
    expect(await res.json()).toEqual(await knownRes.json());
    await resetLink(known.email);
    expect(mailsTo(smtp, email)).toEqual([]);
  });

  it('refuses a forged token and a weak new password', async () => {
    expect((await resetPassword('token-inventado-0000000000', 'nova-senha-forte-456')).status).toBe(400);
    const user = await createUser(ctx);
    await requestReset(user.email);
    const token = (await resetLink(user.email)).searchParams.get('token')!;
    expect((await resetPassword(token, '123')).status).toBe(400);
  });
});

describe('password reset limits', () => {
  const answerOf = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), body: await res.json() });
  const resetTokens = async (userId: string) =>
    (await ctx.database.db.select().from(verification).where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%'))))
      .length;
  const mailJobsTo = async (email: string) =>
    ((await ctx.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${MAIL_SEND} and data->>'to' = ${email}`)) as unknown as {
      rows: Array<{ n: number }>;
    }).rows[0]!.n;

  it('e-mails an address at most three times an hour; beyond, the same answer as ever and no e-mail, known address or not', async () => {
    const known = await createUser(ctx);
    const unknown = uniqueEmail('ninguem');
    const answers = [];
    for (let i = 1; i <= 5; i++) {
      // Each from its own address: only the per-address limit is at play.
      answers.push(await answerOf(await requestReset(i === 5 ? known.email.toUpperCase() : known.email, `198.51.100.${i}`)));
      answers.push(await answerOf(await requestReset(unknown, `198.51.100.${10 + i}`)));
    }
    expect(answers[0]).toMatchObject({ status: 200, body: { status: true } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // Three reset links were made and e-mailed, no more.
    expect(await resetTokens(known.id)).toBe(3);
    await vi.waitFor(
      async () => {
        expect(mailsTo(smtp, known.email)).toHaveLength(3);
        expect(await mailJobsTo(known.email)).toBe(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(mailsTo(smtp, known.email)).toHaveLength(3);
    expect(mailsTo(smtp, unknown)).toEqual([]);
    // Another address is not affected.
    const other = await createUser(ctx);
    expect((await requestReset(other.email, '198.51.100.30')).status).toBe(200);
    expect(await resetTokens(other.id)).toBe(1);
  });

  it('answers 429 with Retry-After and a pt-BR message beyond ten requests an hour from one address (IPv6: its /64)', async () => {
    for (let i = 1; i <= 10; i++) expect((await requestReset(uniqueEmail('varios'), `2001:db8:7:8::${i.toString(16)}`)).status).toBe(200);
    const user = await createUser(ctx);
    const refused = await requestReset(user.email, '2001:db8:7:8:abcd::1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', userMessage: 'Muitos pedidos de redefinição de senha. Aguarde um pouco e tente novamente.' },
    });
    expect(await resetTokens(user.id)).toBe(0);
    // Another network is another caller.
    expect((await requestReset(user.email, '2001:db8:7:9::1')).status).toBe(200);
    expect(await resetTokens(user.id)).toBe(1);
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
        const inbox = mailsTo(smtp, first.email);
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
