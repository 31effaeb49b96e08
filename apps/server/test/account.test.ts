/**
 * 'Seus dados' (issue 15): the profile is editable (PATCH /api/me), and the account can be deleted with its
 * password (DELETE /api/me) — the subscription cancelled with Mercado Pago, nothing of the account left in the
 * database or in the file storage, and a confirmation e-mailed.
 */
import { sql } from 'drizzle-orm';
import type { Me } from '@atende/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../e2e/fakes';
import { startFakeSmtp, type FakeSmtp } from '../../../e2e/fakes';
import { chatOutput, createAgent } from './helpers/agents';
import { createTestContext, createUser, signIn, type TestContext, type TestUser } from './helpers/context';
import { upload, waitForIngestion } from './helpers/knowledge';
import { mailsTo } from './helpers/mail';

let smtp: FakeSmtp;
let mp: FakeMercadoPago;
let ctx: TestContext;

beforeAll(async () => {
  [smtp, mp] = await Promise.all([startFakeSmtp(), startFakeMercadoPago()]);
  ctx = await createTestContext({ jobs: true, env: { SMTP_URL: smtp.url, MERCADOPAGO_ACCESS_TOKEN: mp.token, MERCADOPAGO_API_URL: mp.url } });
});
afterEach(() => {
  if (mp) mp.mode = 'normal';
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([smtp?.close(), mp?.close()]);
});

const patchMe = (user: TestUser, json: unknown) => ctx.request('/api/me', { method: 'PATCH', token: user.token, json });
const deleteMe = (user: TestUser, json: unknown) => ctx.request('/api/me', { method: 'DELETE', token: user.token, json });

/** Every row of every table of the app's schema whose text mentions `needle`. */
async function rowsMentioning(needle: string): Promise<string[]> {
  const tables = (await ctx.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: Array<{ tablename: string }> };
  const found: string[] = [];
  for (const { tablename } of tables.rows) {
    const res = (await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(tablename)} t where t::text like ${`%${needle}%`}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    if (res.rows[0]!.n > 0) found.push(`${tablename}: ${res.rows[0]!.n}`);
  }
  return found;
}

describe('PATCH /api/me', () => {
  it('changes name, company and phone; a bad phone or an empty change is refused in pt-BR', async () => {
    const user = await createUser(ctx);
    const res = await patchMe(user, { name: 'Maria S. Souza', company: 'Padaria Nova', phone: '(21) 99999-1234' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Maria S. Souza', company: 'Padaria Nova', phone: '(21) 99999-1234' });
    expect(await (await ctx.request('/api/me', { token: user.token })).json()).toMatchObject({ name: 'Maria S. Souza', company: 'Padaria Nova' });
    const badPhone = await patchMe(user, { phone: '1234' });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { phone: [expect.stringMatching(/^Telefone inválido/)] } } });
    expect((await patchMe(user, {})).status).toBe(400);
    expect((await patchMe(user, { name: 'x'.repeat(121) })).status).toBe(400);
    expect((await ctx.request('/api/me', { method: 'PATCH', json: { name: 'Sem sessão' } })).status).toBe(401);
    expect(((await (await ctx.request('/api/me', { token: user.token })).json()) as Me).phone).toBe('(21) 99999-1234');
  });
});

describe("Better Auth's POST /api/auth/update-user", () => {
  const updateUser = (user: TestUser, json: unknown) => ctx.request('/api/auth/update-user', { method: 'POST', token: user.token, json });
  const userRow = async (user: TestUser) =>
    ((await ctx.database.db.execute(sql`select name, phone from "user" where id = ${user.id}`)) as unknown as { rows: Array<{ name: string; phone: string }> }).rows[0];

  it('takes what PATCH /api/me takes, with the same rules: a phone that is not Brazilian, or another field, is refused in pt-BR', async () => {
    const user = await createUser(ctx);
    for (const phone of ['<script>x</script>', '1234', '(11) 1234-567']) {
      const res = await updateUser(user, { phone });
      expect(res.status, phone).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', userMessage: expect.stringMatching(/^Telefone inválido/), details: { phone: [expect.stringMatching(/^Telefone inválido/)] } },
      });
    }
    const email = await updateUser(user, { email: 'outra@example.com', name: 'Maria' });
    expect(email.status).toBe(400);
    expect(await email.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { email: ['Campo não permitido: email'] } } });
    const empty = await updateUser(user, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', userMessage: 'Nada para alterar' } });
    const me = (await (await ctx.request('/api/me', { token: user.token })).json()) as Me;
    expect(me).toMatchObject({ name: 'Maria Souza', phone: '+55 11 98888-7777' });
    expect(await userRow(user)).toEqual({ name: 'Maria Souza', phone: '+55 11 98888-7777' });

    // A valid change goes through, trimmed as PATCH /api/me trims it.
    const ok = await updateUser(user, { name: '  Maria S. Souza ', phone: '(21) 99999-1234' });
    expect(ok.status).toBe(200);
    expect(await userRow(user)).toEqual({ name: 'Maria S. Souza', phone: '(21) 99999-1234' });
    expect(await (await ctx.request('/api/me', { token: user.token })).json()).toMatchObject({ name: 'Maria S. Souza', phone: '(21) 99999-1234' });
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const user = await createUser(ctx);
    const res = await deleteMe(user, { password: 'senha-errada' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', userMessage: 'Senha incorreta.' } });
    expect((await ctx.request('/api/me', { token: user.token })).status).toBe(200);
  });

  it('cancels at Mercado Pago a checkout the account left pending: no row would be left to refuse it later', async () => {
    const user = await createUser(ctx);
    const started = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'essencial' } });
    const preapprovalId = new URL(((await started.json()) as { init_point: string }).init_point).searchParams.get('preapproval_id')!;
    expect(mp.preapprovals.get(preapprovalId)!.status).toBe('pending');

    mp.mode = 'error';
    expect((await deleteMe(user, { password: user.password })).status).toBe(502);
    expect((await ctx.request('/api/me', { token: user.token })).status).toBe(200);
    mp.mode = 'normal';

    expect((await deleteMe(user, { password: user.password })).status).toBe(204);
    expect(mp.preapprovals.get(preapprovalId)!.status).toBe('cancelled');
  });

  it('cancels the subscription and leaves nothing of the account in the database or the storage', async () => {
    const user = await createUser(ctx);
    const otherSession = await signIn(ctx, user.email, user.password);
    // A paid subscription with Mercado Pago.
    const started = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'pro' } });
    const preapprovalId = new URL(((await started.json()) as { init_point: string }).init_point).searchParams.get('preapproval_id')!;
    mp.setStatus(preapprovalId, 'authorized');
    expect((await ctx.request('/api/billing/confirm', { method: 'POST', token: user.token, json: { preapproval_id: preapprovalId } })).status).toBe(200);
    // An agent with an uploaded file, a conversation and a taught answer.
    const agent = await createAgent(ctx, user, 'Loja que vai fechar');
    expect((await upload(ctx, user, agent.id, [{ name: 'horarios.txt', bytes: 'Abrimos aos sábados das 8h às 12h.' }])).status).toBe(201);
    const [file] = await waitForIngestion(ctx, user, agent.id);
    expect(file!.status).toBe('ready');
    await chatOutput(ctx, agent.webhookId, 'Vocês abrem no sábado?');
    await ctx.request(`/api/agents/${agent.id}/answers`, { method: 'POST', token: user.token, json: { question: 'Tem estacionamento?', answer: 'Sim, gratuito.' } });
    const storedKeys = async () => (await ctx.database.db.execute(sql`select path from files where agent_id = ${agent.id}`)) as unknown as { rows: Array<{ path: string }> };
    const [{ path: key }] = (await storedKeys()).rows as [{ path: string }];
    expect(await ctx.services.storage.get(key)).toBeTruthy();
    expect(await rowsMentioning(user.id)).not.toEqual([]);

    const res = await deleteMe(user, { password: user.password });
    expect(res.status).toBe(204);

    expect(mp.requests.some((r) => r.method === 'PUT' && r.path === `/preapproval/${preapprovalId}`)).toBe(true);
    expect(await rowsMentioning(user.id)).toEqual([]);
    expect(await rowsMentioning(agent.id)).toEqual([]);
    expect(await rowsMentioning(user.email)).toEqual([]);
    await expect(ctx.services.storage.get(key)).rejects.toThrow();
    for (const session of [user, otherSession]) expect((await ctx.request('/api/me', { token: session.token })).status).toBe(401);
    expect((await ctx.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } })).status).toBe(401);

    const mail = await vi.waitFor(
      () => {
        const deleted = mailsTo(smtp, user.email).find((m) => m.subject === 'Sua conta no Atende foi excluída');
        expect(deleted).toBeDefined();
        return deleted!;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(mail.text).toContain('Sua assinatura foi cancelada no Mercado Pago');
    // Besides the plan's activation, nothing else: no separate cancellation e-mail on top of this one.
    expect(mailsTo(smtp, user.email).map((m) => m.subject).sort()).toEqual(['Seu plano Pro está ativo', 'Sua conta no Atende foi excluída']);
  });
});
