/**
 * The owner's e-mails about the plan (docs/product.md §4 Payment): 'Seu plano {plano} está ativo' when Mercado Pago
 * confirms a subscription, and 'Sua assinatura do plano {plano} foi cancelada/pausada' when it ends — each once per
 * event, however many times the return page and Mercado Pago's notifications confirm it, delivered through a real
 * SMTP server. Account deletion sends only its own e-mail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeMercadoPago, startFakeSmtp, type FakeMercadoPago, type FakeSmtp, type ReceivedMail } from '../../../e2e/fakes';
import { signManifest, signatureManifest } from '../src/billing/mercadopago/signature';
import { formatDay } from '../src/billing/notices';
import type { MailMessage } from '../src/mail/transport';
import { createAgent } from './helpers/agents';
import { createTestContext, createUser, ORIGIN, type TestContext, type TestUser } from './helpers/context';
import { mailsTo } from './helpers/mail';

const SECRET = 'segredo-de-webhook-de-teste';
let mp: FakeMercadoPago;
let smtp: FakeSmtp;
let ctx: TestContext;
/** Every e-mail queued (mail.send), in order: queued by the request that made the change, before it answers. */
let queued: MailMessage[];

beforeAll(async () => {
  [mp, smtp] = await Promise.all([startFakeMercadoPago(), startFakeSmtp()]);
  ctx = await createTestContext({
    jobs: true,
    env: { SMTP_URL: smtp.url, MERCADOPAGO_ACCESS_TOKEN: mp.token, MERCADOPAGO_API_URL: mp.url, MERCADOPAGO_WEBHOOK_SECRET: SECRET },
  });
  queued = [];
  const send = ctx.services.mail.send.bind(ctx.services.mail);
  vi.spyOn(ctx.services.mail, 'send').mockImplementation(async (message) => {
    queued.push(message);
    await send(message);
  });
});
afterEach(() => {
  mp.mode = 'normal';
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([mp?.close(), smtp?.close()]);
});

async function subscribe(user: TestUser, plan: string): Promise<string> {
  const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan } });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { init_point: string }).init_point).searchParams.get('preapproval_id')!;
}

const confirm = (user: TestUser, id: string) => ctx.request('/api/billing/confirm', { method: 'POST', token: user.token, json: { preapproval_id: id } });
const cancel = (user: TestUser) => ctx.request('/api/billing/cancel', { method: 'POST', token: user.token });

/** A notification signed the way Mercado Pago signs it. */
function notify(type: string, dataId: string, action = 'updated') {
  const requestId = randomUUID();
  const ts = String(Date.now());
  const v1 = signManifest(signatureManifest({ dataId, requestId, ts }), SECRET);
  return ctx.app.request(`/api/webhooks/mercadopago?data.id=${encodeURIComponent(dataId)}&type=${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
    body: JSON.stringify({ action, type, data: { id: dataId } }),
  });
}

/** The e-mails queued for `user` whose subject starts with `subject` (the welcome every new account gets aside). */
const queuedFor = (user: TestUser, subject: string) =>
  queued.filter((m) => m.to === user.email && m.subject.startsWith(subject) && m.subject !== 'Sua conta no Atende está pronta');

/** Waits until the SMTP server received `count` e-mails for `user` with that subject, and returns them. */
async function delivered(user: TestUser, subject: string, count = 1): Promise<ReceivedMail[]> {
  return vi.waitFor(
    () => {
      const inbox = mailsTo(smtp, user.email).filter((m) => m.subject === subject);
      expect(inbox).toHaveLength(count);
      return inbox;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** A user with an authorized `plan`, confirmed by the return page. */
async function subscribed(plan: 'essencial' | 'pro', nextPaymentDate?: string) {
  const user = await createUser(ctx);
  const id = await subscribe(user, plan);
  mp.setStatus(id, 'authorized');
  if (nextPaymentDate) mp.preapprovals.get(id)!.next_payment_date = nextPaymentDate;
  expect((await confirm(user, id)).status).toBe(200);
  return { user, id };
}

const today = () => formatDay(new Date());

describe("'Seu plano está ativo'", () => {
  it('is e-mailed once, however many return pages and notifications confirm the subscription, even at once', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'essencial');
    mp.setStatus(id, 'authorized');
    mp.preapprovals.get(id)!.next_payment_date = '2026-09-15T10:00:00.000-04:00';

    const answers = await Promise.all([confirm(user, id), notify('subscription_preapproval', id), confirm(user, id), notify('subscription_preapproval', id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Mercado Pago replays it later under another action, and the owner reloads the return page.
    expect((await notify('subscription_preapproval', id, 'created')).status).toBe(200);
    expect((await notify('preapproval', id, 'updated')).status).toBe(200);
    expect((await confirm(user, id)).status).toBe(200);
    expect(queuedFor(user, 'Seu plano')).toHaveLength(1);

    const [mail] = await delivered(user, 'Seu plano Essencial está ativo');
    expect(mail!.text).toContain('O Mercado Pago confirmou a sua assinatura do plano Essencial, de R$ 149,00 por mês.');
    expect(mail!.text).toContain('Seu plano já está ativo, com 2 agentes ativos e 1.000 mensagens por mês.');
    expect(mail!.text).toContain('A próxima cobrança de R$ 149,00 será em 15/09/2026, no cartão que você cadastrou no Mercado Pago.');
    expect(mail!.text).toContain(`Ver meu plano: ${ORIGIN}/dashboard/plan`);
    expect(mail!.html).toContain(`href="${ORIGIN}/dashboard/plan"`);
    expect(mail!.text).not.toContain('foi cancelada');
  });

  it('without a next charge date from Mercado Pago, says the charge is monthly', async () => {
    const { user } = await subscribed('pro');
    const [mail] = await delivered(user, 'Seu plano Pro está ativo');
    expect(mail!.text).toContain('As próximas cobranças de R$ 289,00 serão feitas todo mês pelo Mercado Pago');
  });

  it("a plan change tells the new plan is active and the old subscription was cancelled; the old one's cancellation sends nothing", async () => {
    const { user, id: essencial } = await subscribed('essencial');
    const pro = await subscribe(user, 'pro');
    mp.setStatus(pro, 'authorized');
    expect((await confirm(user, pro)).status).toBe(200);
    expect(mp.preapprovals.get(essencial)!.status).toBe('cancelled');
    // Mercado Pago's notice of the old subscription's cancellation.
    expect((await notify('subscription_preapproval', essencial)).status).toBe(200);

    const [mail] = await delivered(user, 'Seu plano Pro está ativo');
    expect(mail!.text).toContain('A assinatura anterior, do plano Essencial, foi cancelada no Mercado Pago: não haverá novas cobranças dela.');
    expect(queuedFor(user, 'Sua assinatura')).toEqual([]);
    expect(queuedFor(user, 'Seu plano').map((m) => m.subject)).toEqual(['Seu plano Essencial está ativo', 'Seu plano Pro está ativo']);
  });

  it('a checkout refused or left pending e-mails nothing', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    expect((await confirm(user, id)).status).toBe(200); // still pending
    mp.setStatus(id, 'cancelled'); // refused at the checkout
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect((await confirm(user, id)).status).toBe(200);
    expect(queuedFor(user, '')).toEqual([]);
  });
});

describe("'Sua assinatura foi cancelada'", () => {
  it("'Cancelar assinatura' e-mails it once; Mercado Pago's later notices of the same cancellation send nothing", async () => {
    const { user, id } = await subscribed('pro');
    for (const name of ['Um', 'Dois', 'Três']) await createAgent(ctx, user, name);
    expect((await cancel(user)).status).toBe(200);
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect((await notify('subscription_preapproval', id, 'created')).status).toBe(200);
    expect(queuedFor(user, 'Sua assinatura')).toHaveLength(1);

    const [mail] = await delivered(user, 'Sua assinatura do plano Pro foi cancelada');
    expect(mail!.text).toContain('Como você pediu em “Meu plano”, cancelamos a sua assinatura do plano Pro (R$ 289,00 por mês) no Mercado Pago. Não haverá novas cobranças.');
    expect(mail!.text).toContain(`Os recursos do plano Pro valeram até hoje, ${today()}: o fim da assinatura vale na hora`);
    expect(mail!.text).toContain('Sua conta voltou para o plano Gratuito, com 1 agente ativo e 100 mensagens por mês.');
    expect(mail!.text).toContain('2 agentes além do limite foram desativados — nenhum foi excluído.');
    expect(mail!.text).toContain(`Ver meu plano: ${ORIGIN}/dashboard/plan`);
  });

  it('cancelled by the payer or by Mercado Pago: e-mailed once, in those words', async () => {
    const { user, id } = await subscribed('essencial');
    mp.setStatus(id, 'cancelled');
    await Promise.all([notify('subscription_preapproval', id), notify('subscription_preapproval', id, 'created'), confirm(user, id)]);
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect(queuedFor(user, 'Sua assinatura')).toHaveLength(1);

    const [mail] = await delivered(user, 'Sua assinatura do plano Essencial foi cancelada');
    expect(mail!.text).toContain('O Mercado Pago nos avisou que a sua assinatura do plano Essencial (R$ 149,00 por mês) foi cancelada');
    expect(mail!.text).not.toContain('desativado');
  });

  it('paused at Mercado Pago: e-mailed as paused; its cancellation afterwards sends nothing more; resumed, the plan is active again', async () => {
    const { user, id } = await subscribed('essencial');
    mp.setStatus(id, 'paused');
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    const [mail] = await delivered(user, 'Sua assinatura do plano Essencial foi pausada');
    expect(mail!.text).toContain('foi pausada. Enquanto estiver pausada, não há cobranças.');
    expect(mail!.text).toContain('reative a assinatura na sua conta do Mercado Pago');

    mp.setStatus(id, 'authorized'); // resumed by the payer
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    mp.setStatus(id, 'cancelled');
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect(queuedFor(user, '').map((m) => m.subject)).toEqual([
      'Seu plano Essencial está ativo',
      'Sua assinatura do plano Essencial foi pausada',
      'Seu plano Essencial está ativo',
      'Sua assinatura do plano Essencial foi cancelada',
    ]);
  });

  it('account deletion cancels the subscription and sends only its own e-mail', async () => {
    const { user, id } = await subscribed('pro');
    const res = await ctx.request('/api/me', { method: 'DELETE', token: user.token, json: { password: user.password } });
    expect(res.status).toBe(204);
    expect(mp.preapprovals.get(id)!.status).toBe('cancelled');
    // Mercado Pago's notice of that cancellation, after the account is gone.
    expect((await notify('subscription_preapproval', id)).status).toBe(200);

    const [mail] = await delivered(user, 'Sua conta no Atende foi excluída');
    expect(mail!.text).toContain('Sua assinatura foi cancelada no Mercado Pago');
    expect(queuedFor(user, '').map((m) => m.subject)).toEqual(['Seu plano Pro está ativo', 'Sua conta no Atende foi excluída']);
  });
});
