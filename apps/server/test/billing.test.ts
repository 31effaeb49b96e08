import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AgentList, BillingOverview, ConfirmPaymentResult, Plan } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago, type FakePreapproval } from '../../../e2e/fakes';
import { signManifest, signatureManifest } from '../src/billing/mercadopago/signature';
import { agents, payments, profiles, subscriptions, webhookEvents } from '../src/db/schema';
import { createAgent } from './helpers/agents';
import { createTestContext, createUser, ORIGIN, type TestContext, type TestUser } from './helpers/context';

const SECRET = 'segredo-de-webhook-de-teste';
let mp: FakeMercadoPago;
let ctx: TestContext;

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  ctx = await createTestContext({
    env: { MERCADOPAGO_ACCESS_TOKEN: mp.token, MERCADOPAGO_API_URL: mp.url, MERCADOPAGO_WEBHOOK_SECRET: SECRET },
  });
});
afterAll(async () => {
  await ctx.close();
  await mp.close();
});
afterEach(() => {
  mp.mode = 'normal';
});

async function subscribe(user: TestUser, plan: string): Promise<string> {
  const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan } });
  expect(res.status).toBe(200);
  const { init_point } = (await res.json()) as { init_point: string };
  return new URL(init_point).searchParams.get('preapproval_id')!;
}

function confirm(user: TestUser, preapprovalId: string) {
  return ctx.request('/api/billing/confirm', { method: 'POST', token: user.token, json: { preapproval_id: preapprovalId } });
}

async function billing(user: TestUser): Promise<BillingOverview> {
  const res = await ctx.request('/api/billing', { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as BillingOverview;
}

/** Sends a notification the way Mercado Pago does (signed with `secret`). */
function notify(
  type: string,
  dataId: string,
  options: { action?: string; secret?: string; signature?: string; ts?: number; bodyId?: string } = {},
) {
  const requestId = randomUUID();
  const ts = String(options.ts ?? Date.now());
  const v1 = signManifest(signatureManifest({ dataId, requestId, ts }), options.secret ?? SECRET);
  return ctx.app.request(`/api/webhooks/mercadopago?data.id=${encodeURIComponent(dataId)}&type=${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': options.signature ?? `ts=${ts},v1=${v1}` },
    body: JSON.stringify({ action: options.action ?? 'updated', type, data: { id: options.bodyId ?? dataId }, id: '123456', date_created: new Date().toISOString() }),
  });
}

const providerReads = (id: string) => mp.requests.filter((r) => r.method === 'GET' && r.path === `/preapproval/${id}`).length;
const tryCreateAgent = (user: TestUser, name: string) => ctx.request('/api/agents', { method: 'POST', token: user.token, json: { name } });
const planOf = async (user: TestUser) =>
  (await ctx.database.db.select().from(profiles).where(eq(profiles.id, user.id)))[0]!;

/** A user whose subscription to `plan` is authorized at the provider and confirmed by the return page. */
async function subscribed(plan: 'essencial' | 'pro') {
  const user = await createUser(ctx);
  const id = await subscribe(user, plan);
  mp.setStatus(id, 'authorized');
  const res = await confirm(user, id);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'authorized', plan: { id: plan } });
  return { user, id };
}

describe('plans', () => {
  it('GET /api/plans is public and is the docs/product.md §9 table', async () => {
    const res = await ctx.request('/api/plans');
    expect(res.status).toBe(200);
    const { plans } = (await res.json()) as { plans: Plan[] };
    expect(plans.map((p) => [p.id, p.name, p.priceBrl, p.maxAgents, p.monthlyMessages])).toEqual([
      ['free', 'Gratuito', 0, 1, 100],
      ['essencial', 'Essencial', 149, 2, 1000],
      ['pro', 'Pro', 289, 5, 6000],
      ['enterprise', 'Enterprise', null, null, null],
    ]);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/plans',
        '/api/billing',
        '/api/billing/subscriptions',
        '/api/billing/confirm',
        '/api/billing/cancel',
        '/api/webhooks/mercadopago',
      ]),
    );
  });

  it('GET /api/billing needs a session and starts on Gratuito, since the account was created', async () => {
    expect((await ctx.request('/api/billing')).status).toBe(401);
    const user = await createUser(ctx);
    expect(await billing(user)).toMatchObject({
      plan: { id: 'free', name: 'Gratuito' },
      status: 'pending',
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      usage: { messagesUsed: 0, messagesQuota: 100, agentsUsed: 0, agentsLimit: 1 },
      subscription: null,
      payments: [],
      provider: 'mercadopago',
    });
  });
});

describe('checkout', () => {
  it('creates a preapproval for the plan price in BRL and answers its init_point', async () => {
    const user = await createUser(ctx);
    const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'Essencial' } });
    expect(res.status).toBe(200);
    const { init_point } = (await res.json()) as { init_point: string };
    expect(init_point).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/subscriptions\/checkout\?preapproval_id=[0-9a-f]{32}$/);

    const sent = mp.requests.filter((r) => r.method === 'POST' && r.path === '/preapproval').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${mp.token}`);
    expect(sent.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sent.body).toEqual({
      reason: 'Atende — Plano Essencial',
      external_reference: `${user.id}:essencial:${row!.id}`,
      payer_email: user.email,
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 149, currency_id: 'BRL' },
      back_url: `${ORIGIN}/payment/success`,
      status: 'pending',
    });
    expect(row).toMatchObject({ plan: 'essencial', status: 'pending', amountBrl: 149, provider: 'mercadopago', email: user.email });
    expect((await planOf(user)).plan).toBe('free');
  });

  it('sells only Essencial and Pro, to signed-in users', async () => {
    const user = await createUser(ctx);
    for (const plan of ['free', 'enterprise', 'platinum', '']) {
      const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan } });
      expect(res.status).toBe(400);
    }
    expect((await ctx.request('/api/billing/subscriptions', { method: 'POST', json: { plan: 'pro' } })).status).toBe(401);
  });

  it('answers the legacy create-subscription contract', async () => {
    const user = await createUser(ctx);
    const call = (json: unknown, token?: string) => ctx.request('/.netlify/functions/create-subscription', { method: 'POST', json, token });

    const ok = await call({ plan: 'pro', payer_email: user.email.toUpperCase() }, user.token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ init_point: expect.stringContaining('preapproval_id=') });

    const otherEmail = await call({ plan: 'pro', payer_email: 'outra@example.com' }, user.token);
    expect(otherEmail.status).toBe(403);
    expect(await otherEmail.json()).toEqual({ error: 'O e-mail do pagador deve ser o e-mail da sua conta.' });

    const badPlan = await call({ plan: 'ouro', payer_email: user.email }, user.token);
    expect(badPlan.status).toBe(400);
    expect(await badPlan.json()).toEqual({ error: expect.any(String) });

    const signedOut = await call({ plan: 'pro', payer_email: user.email });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: expect.any(String) });

    // The session cookie alone, from another site's page: refused like every other cookie-authenticated write.
    const crossSite = await ctx.app.request('/.netlify/functions/create-subscription', {
      method: 'POST',
      headers: { cookie: user.cookie, origin: 'https://site-malicioso.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ plan: 'pro', payer_email: user.email }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Requisição recusada: origem não permitida.' });
    const sameSite = await ctx.request('/.netlify/functions/create-subscription', {
      method: 'POST',
      cookie: user.cookie,
      json: { plan: 'pro', payer_email: user.email },
    });
    expect(sameSite.status).toBe(200);
  });

  it('reports a provider failure and keeps no subscription', async () => {
    const user = await createUser(ctx);
    mp.mode = 'error';
    const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'pro' } });
    expect(res.status).toBe(502);
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });
});

describe('return page verification', () => {
  it('a forged success (authorized in the URL, pending at the provider) changes nothing', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    const res = await confirm(user, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'pending', plan: { id: 'pro' } });
    expect(providerReads(id)).toBe(1);
    expect(await billing(user)).toMatchObject({ plan: { id: 'free' }, status: 'pending', subscription: null, payments: [] });
  });

  it("another user's preapproval, even authorized, changes nobody's plan", async () => {
    const owner = await createUser(ctx);
    const intruder = await createUser(ctx);
    const id = await subscribe(owner, 'pro');
    mp.setStatus(id, 'authorized');
    const res = await confirm(intruder, id);
    expect(res.status).toBe(404);
    expect((await planOf(intruder)).plan).toBe('free');
    expect((await planOf(owner)).plan).toBe('free');
    expect((await confirm(intruder, 'nao-existe')).status).toBe(404);
  });

  it('a preapproval whose reference or price was altered is refused', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const id = await subscribe(user, 'essencial');
    const pre = mp.preapprovals.get(id)!;
    pre.status = 'authorized';
    const original = pre.external_reference;
    pre.external_reference = original.replace(user.id, other.id);
    expect((await confirm(user, id)).status).toBe(404);
    pre.external_reference = original.replace(':essencial:', ':pro:');
    expect((await confirm(user, id)).status).toBe(404);
    pre.external_reference = original;
    pre.auto_recurring.transaction_amount = 1;
    expect((await confirm(user, id)).status).toBe(404);
    expect((await planOf(user)).plan).toBe('free');
  });

  it('a genuine authorization activates the plan that was bought, and its limits at once', async () => {
    const user = await createUser(ctx);
    await createAgent(ctx, user, 'Primeiro');
    expect((await tryCreateAgent(user, 'Segundo')).status).toBe(403);

    const id = await subscribe(user, 'essencial');
    mp.setStatus(id, 'authorized');
    const res = await confirm(user, id);
    expect(res.status).toBe(200);
    expect((await res.json()) as ConfirmPaymentResult).toEqual({ status: 'authorized', plan: { id: 'essencial', name: 'Essencial' } });

    const overview = await billing(user);
    expect(overview).toMatchObject({
      plan: { id: 'essencial', name: 'Essencial' },
      status: 'approved',
      usage: { messagesQuota: 1000, agentsUsed: 1, agentsLimit: 2 },
      subscription: { plan: 'essencial', status: 'authorized', amountBrl: 149 },
      payments: [{ plan: 'essencial', planName: 'Essencial', status: 'approved', amountBrl: 149 }],
    });
    expect(overview.startedAt).not.toBeNull();

    expect((await tryCreateAgent(user, 'Segundo')).status).toBe(201);
    expect((await tryCreateAgent(user, 'Terceiro')).status).toBe(403);
    const list = (await (await ctx.request('/api/agents', { token: user.token })).json()) as AgentList;
    expect(list.usage).toMatchObject({ messagesQuota: 1000, agentsUsed: 2, agentsLimit: 2 });

    // Returning again (reload, back button) is harmless.
    expect((await confirm(user, id)).status).toBe(200);
    expect((await billing(user)).payments).toHaveLength(1);
  });

  it('buying another plan replaces the current subscription and cancels the old one at the provider', async () => {
    const { user, id: essencial } = await subscribed('essencial');
    const again = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'essencial' } });
    expect(again.status).toBe(409);

    const pro = await subscribe(user, 'pro');
    mp.setStatus(pro, 'authorized');
    expect((await confirm(user, pro)).status).toBe(200);
    expect(mp.preapprovals.get(essencial)!.status).toBe('cancelled');
    const put = mp.requests.find((r) => r.method === 'PUT' && r.path === `/preapproval/${essencial}`)!;
    expect(put.body).toEqual({ status: 'cancelled' });
    expect(put.headers['x-idempotency-key']).toBeTruthy();

    // The old subscription's cancellation notice does not touch the new plan.
    expect((await notify('subscription_preapproval', essencial)).status).toBe(200);
    expect(await billing(user)).toMatchObject({ plan: { id: 'pro' }, subscription: { plan: 'pro' } });
  });

  it('a new checkout abandons the earlier pending one: finished later at Mercado Pago, it is refused and cancelled there', async () => {
    const user = await createUser(ctx);
    const left = await subscribe(user, 'essencial'); // 'Deixar pendente', the tab closed
    const pro = await subscribe(user, 'pro');
    expect(mp.preapprovals.get(left)!.status).toBe('cancelled');
    expect(mp.preapprovals.get(pro)!.status).toBe('pending');
    mp.setStatus(pro, 'authorized');
    expect((await confirm(user, pro)).status).toBe(200);

    // Had the old checkout been completed after all, it would not replace Pro nor charge a second plan.
    mp.preapprovals.get(left)!.status = 'authorized';
    expect((await notify('subscription_preapproval', left)).status).toBe(200);
    expect(await billing(user)).toMatchObject({ plan: { id: 'pro' }, subscription: { plan: 'pro' } });
    expect(mp.preapprovals.get(left)!.status).toBe('cancelled');
    expect(mp.preapprovals.get(pro)!.status).toBe('authorized');
  });
});

describe('webhooks', () => {
  it('a bad or missing signature is refused with 401 and changes nothing', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    mp.setStatus(id, 'authorized');
    const reads = providerReads(id);
    expect((await notify('subscription_preapproval', id, { secret: 'segredo-errado' })).status).toBe(401);
    expect((await notify('subscription_preapproval', id, { signature: '' })).status).toBe(401);
    expect((await notify('subscription_preapproval', id, { signature: 'ts=1704908010,v1=abc' })).status).toBe(401);
    expect(providerReads(id)).toBe(reads);
    expect((await planOf(user)).plan).toBe('free');
  });

  it('a correctly signed notification older than 10 minutes (a replay) is refused (issue 13, item 6)', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    mp.setStatus(id, 'authorized');
    const reads = providerReads(id);
    expect((await notify('subscription_preapproval', id, { ts: Date.now() - 11 * 60_000 })).status).toBe(401);
    expect((await notify('subscription_preapproval', id, { ts: Math.floor((Date.now() - 11 * 60_000) / 1000) })).status).toBe(401);
    expect(providerReads(id)).toBe(reads);
    expect((await planOf(user)).plan).toBe('free');
    // Within the window, in seconds as Mercado Pago documents it, it is processed.
    expect((await notify('subscription_preapproval', id, { ts: Math.floor(Date.now() / 1000) - 60 })).status).toBe(200);
    expect((await planOf(user)).plan).toBe('pro');
  });

  it("only the signed id is processed: a body naming another resource is not (issue 13, item 6)", async () => {
    const attacker = await createUser(ctx);
    const signedId = await subscribe(attacker, 'essencial');
    const victim = await createUser(ctx);
    const otherId = await subscribe(victim, 'pro');
    mp.setStatus(otherId, 'authorized');
    const reads = providerReads(otherId);
    expect((await notify('subscription_preapproval', signedId, { bodyId: otherId })).status).toBe(200);
    expect(providerReads(otherId)).toBe(reads);
    expect((await planOf(victim)).plan).toBe('free');
  });

  it('an authorized subscription notified by webhook activates the plan; duplicates have one effect', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    mp.setStatus(id, 'authorized');
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    const first = await planOf(user);
    expect(first).toMatchObject({ plan: 'pro', paymentStatus: 'approved' });

    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect((await planOf(user)).planUpdatedAt).toEqual(first.planUpdatedAt);
    const events = await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.key, `subscription_preapproval:${id}:updated:authorized`));
    expect(events).toHaveLength(1);
    expect((await billing(user)).payments).toHaveLength(1);
  });

  it('concurrent returns and notifications activate once', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    mp.setStatus(id, 'authorized');
    const answers = await Promise.all([
      confirm(user, id),
      notify('subscription_preapproval', id),
      confirm(user, id),
      notify('subscription_preapproval', id),
      confirm(user, id),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await billing(user)).toMatchObject({ plan: { id: 'pro' }, payments: [{ status: 'approved' }] });
    expect((await billing(user)).payments).toHaveLength(1);
  });

  it('records monthly charges once each, whichever topic announces them', async () => {
    const { user, id } = await subscribed('essencial');
    const charge = (apId: string, paymentId: string, status: string) =>
      mp.authorizedPayments.set(apId, {
        id: Number(apId),
        preapproval_id: id,
        status: 'processed',
        transaction_amount: 149,
        currency_id: 'BRL',
        payment: { id: Number(paymentId), status, status_detail: 'accredited' },
      });

    // The first month's charge is the payment already listed at activation.
    charge('7001', '9001', 'approved');
    expect((await notify('subscription_authorized_payment', '7001', { action: 'created' })).status).toBe(200);
    expect((await billing(user)).payments).toHaveLength(1);

    // The second month, announced by both topics and twice.
    charge('7002', '9002', 'approved');
    mp.payments.set('9002', { id: 9002, status: 'approved', transaction_amount: 149, metadata: { preapproval_id: id } });
    await notify('subscription_authorized_payment', '7002', { action: 'created' });
    await notify('subscription_authorized_payment', '7002', { action: 'created' });
    await notify('payment', '9002', { action: 'payment.created' });
    expect((await billing(user)).payments.map((p) => p.status)).toEqual(['approved', 'approved']);

    // A failed charge is listed and marks the account's payment status.
    charge('7003', '9003', 'rejected');
    await notify('subscription_authorized_payment', '7003', { action: 'created' });
    const overview = await billing(user);
    expect(overview.payments.map((p) => p.status).sort()).toEqual(['approved', 'approved', 'rejected']);
    expect(overview.status).toBe('rejected');
    expect(overview.plan.id).toBe('essencial');
  });

  it('a refused monthly charge of the plan in use e-mails the owner once, in pt-BR, with the way to Meu plano', async () => {
    const { user, id } = await subscribed('pro');
    const send = vi.spyOn(ctx.services.mail, 'send').mockResolvedValue();
    onTestFinished(() => send.mockRestore());
    const queuedMails = async () => send.mock.calls.map(([mail]) => mail).filter((mail) => mail.to === user.email);
    const charge = (apId: string, paymentId: string, status: string) =>
      mp.authorizedPayments.set(apId, {
        id: Number(apId),
        preapproval_id: id,
        status: 'processed',
        transaction_amount: 289,
        currency_id: 'BRL',
        payment: { id: Number(paymentId), status, status_detail: status === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount' },
      });

    charge('7101', '9101', 'approved');
    await notify('subscription_authorized_payment', '7101', { action: 'created' });
    expect(await queuedMails()).toEqual([]);

    // The next month's charge is refused, announced by both topics and twice.
    charge('7102', '9102', 'rejected');
    mp.payments.set('9102', { id: 9102, status: 'rejected', transaction_amount: 289, metadata: { preapproval_id: id } });
    await notify('subscription_authorized_payment', '7102', { action: 'created' });
    await notify('subscription_authorized_payment', '7102', { action: 'updated' });
    await notify('payment', '9102', { action: 'payment.created' });
    expect(await billing(user)).toMatchObject({ plan: { id: 'pro' }, status: 'rejected' });
    const mails = await queuedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Não conseguimos cobrar a assinatura do plano Pro');
    expect(mails[0]!.text).toContain('O Mercado Pago recusou a cobrança de R$ 289,00 da sua assinatura do plano Pro');
    expect(mails[0]!.text).toContain(`Ver meu plano: ${ORIGIN}/dashboard/plan`);
  });

  it('after a refused charge the same plan can be bought again with another card, replacing the refused subscription', async () => {
    const { user, id } = await subscribed('essencial');
    mp.authorizedPayments.set('7301', {
      id: 7301,
      preapproval_id: id,
      status: 'processed',
      transaction_amount: 149,
      currency_id: 'BRL',
      payment: { id: 9301, status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
    });
    await notify('subscription_authorized_payment', '7301', { action: 'created' });
    expect(await billing(user)).toMatchObject({ plan: { id: 'essencial' }, status: 'rejected' });

    const again = await subscribe(user, 'essencial');
    mp.setStatus(again, 'authorized');
    expect((await confirm(user, again)).status).toBe(200);
    expect(mp.preapprovals.get(id)!.status).toBe('cancelled');
    expect(await billing(user)).toMatchObject({ plan: { id: 'essencial' }, status: 'approved', subscription: { plan: 'essencial' } });
    // Paid again, the same plan is refused as before.
    const twice = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan: 'essencial' } });
    expect(twice.status).toBe(409);
  });

  it('keeps centavos: a charge of R$ 12,34 is stored, listed and e-mailed as R$ 12,34, never R$ 12', async () => {
    const { user, id } = await subscribed('essencial');
    const send = vi.spyOn(ctx.services.mail, 'send').mockResolvedValue();
    onTestFinished(() => send.mockRestore());
    mp.authorizedPayments.set('7201', {
      id: 7201,
      preapproval_id: id,
      status: 'processed',
      transaction_amount: 12.34,
      currency_id: 'BRL',
      payment: { id: 9201, status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
    });
    mp.payments.set('9202', { id: 9202, status: 'approved', transaction_amount: 0.29, metadata: { preapproval_id: id } });
    await notify('subscription_authorized_payment', '7201', { action: 'created' });
    await notify('payment', '9202', { action: 'payment.created' });

    const stored = await ctx.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(Object.fromEntries(stored.map((p) => [p.providerPaymentId, p.amountCents]))).toEqual({
      [`payment:9201`]: 1234,
      // The first approved charge takes over the entry written at activation (R$ 149,00), with its own amount.
      [`payment:9202`]: 29, // 0.29 × 100 is 28.999999999999996 in floating point
    });
    const overview = await billing(user);
    expect(overview.subscription).toMatchObject({ amountBrl: 149, amountCents: 14900 });
    expect(overview.payments).toHaveLength(2);
    expect(overview.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'rejected', amountBrl: 12.34, amountCents: 1234 }),
        expect.objectContaining({ status: 'approved', amountBrl: 0.29, amountCents: 29 }),
      ]),
    );
    const [mail] = send.mock.calls.map(([m]) => m).filter((m) => m.to === user.email);
    expect(mail!.text).toContain('O Mercado Pago recusou a cobrança de R$ 12,34 da sua assinatura do plano Essencial');
  });

  it('a cancelled subscription drops the account to Gratuito and deactivates (never deletes) the extra agents', async () => {
    const { user, id } = await subscribed('pro');
    const created = [];
    for (const name of ['Mais antigo', 'Do meio', 'Mais novo']) created.push(await createAgent(ctx, user, name));

    mp.setStatus(id, 'canceled'); // the other spelling
    expect((await notify('subscription_preapproval', id)).status).toBe(200);

    expect(await billing(user)).toMatchObject({ plan: { id: 'free' }, status: 'pending', subscription: null, usage: { agentsUsed: 3, agentsLimit: 1 } });
    const rows = await ctx.database.db.select({ name: agents.name, active: agents.active }).from(agents).where(eq(agents.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.active]))).toEqual({ 'Mais antigo': true, 'Do meio': false, 'Mais novo': false });
    expect((await tryCreateAgent(user, 'Outro')).status).toBe(403);
    const list = (await (await ctx.request('/api/agents', { token: user.token })).json()) as AgentList;
    expect(list.usage.messagesQuota).toBe(100);

    // A late, repeated 'authorized' reading can never bring it back.
    expect((await confirm(user, id)).status).toBe(200);
    expect((await planOf(user)).plan).toBe('free');
  });

  it('a paused subscription drops the account to Gratuito too', async () => {
    const { user, id } = await subscribed('essencial');
    mp.setStatus(id, 'paused');
    await notify('subscription_preapproval', id);
    expect((await planOf(user)).plan).toBe('free');
    const [row] = await ctx.database.db.select().from(subscriptions).where(and(eq(subscriptions.userId, user.id), eq(subscriptions.preapprovalId, id)));
    expect(row!.status).toBe('paused');
  });

  it('unknown resources are acknowledged; provider failures are retried', async () => {
    expect((await notify('subscription_preapproval', 'nao-existe')).status).toBe(200);
    expect((await notify('topic_que_nao_existe', '1')).status).toBe(200);

    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    mp.setStatus(id, 'authorized');
    mp.mode = 'error';
    expect((await notify('subscription_preapproval', id)).status).toBe(502);
    mp.mode = 'normal';
    expect((await notify('subscription_preapproval', id)).status).toBe(200);
    expect((await planOf(user)).plan).toBe('pro');
  });
});

describe("'Meu plano' cancellation", () => {
  it('cancels at the provider, then goes back to Gratuito', async () => {
    const { user, id } = await subscribed('essencial');
    await createAgent(ctx, user, 'Um');
    await createAgent(ctx, user, 'Dois');

    const res = await ctx.request('/api/billing/cancel', { method: 'POST', token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan: { id: 'free' }, subscription: null, usage: { agentsUsed: 2, agentsLimit: 1 } });
    expect(mp.preapprovals.get(id)!.status).toBe('cancelled');
    const active = await ctx.database.db.select().from(agents).where(and(eq(agents.userId, user.id), eq(agents.active, true)));
    expect(active.map((a) => a.name)).toEqual(['Um']);

    expect((await ctx.request('/api/billing/cancel', { method: 'POST', token: user.token })).status).toBe(404);
  });

  it('also cancels a checkout left pending, so nothing starts charging after "não haverá novas cobranças"', async () => {
    const { user, id } = await subscribed('essencial');
    const pending = await subscribe(user, 'pro'); // started, never finished
    expect((await ctx.request('/api/billing/cancel', { method: 'POST', token: user.token })).status).toBe(200);
    expect(mp.preapprovals.get(id)!.status).toBe('cancelled');
    expect(mp.preapprovals.get(pending)!.status).toBe('cancelled');

    mp.preapprovals.get(pending)!.status = 'authorized';
    await notify('subscription_preapproval', pending);
    expect((await planOf(user)).plan).toBe('free');
    expect(mp.preapprovals.get(pending)!.status).toBe('cancelled');
  });

  it('keeps the plan when the provider cannot cancel', async () => {
    const { user } = await subscribed('pro');
    mp.mode = 'error';
    const res = await ctx.request('/api/billing/cancel', { method: 'POST', token: user.token });
    expect(res.status).toBe(502);
    mp.mode = 'normal';
    expect((await planOf(user)).plan).toBe('pro');
  });
});

describe('real Mercado Pago bodies (sdk-java mocks, developer docs: test/fixtures/public/README.md)', () => {
  const sample = (name: string) =>
    JSON.parse(readFileSync(new URL(`./fixtures/public/mercadopago/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

  /** POSTs `body` (as is) to the webhook URL with `query`, signed over `signedId` the way Mercado Pago signs. */
  function post(query: string, body: unknown, signedId: string) {
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000)); // seconds, as the docs' example header
    const v1 = signManifest(signatureManifest({ dataId: signedId, requestId, ts }), SECRET);
    return ctx.app.request(`/api/webhooks/mercadopago?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
      body: JSON.stringify(body),
    });
  }

  /** The sdk-java GET /preapproval body as our checkout's preapproval: its id, our reference and price, `status`. */
  async function preapprovalLike(id: string, status: string) {
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.preapprovalId, id));
    const base = sample('sdk-java-preapproval_base') as unknown as FakePreapproval;
    mp.preapprovals.set(id, {
      ...base,
      id,
      status,
      external_reference: row!.externalReference,
      auto_recurring: { ...base.auto_recurring, transaction_amount: row!.amountCents / 100 },
    });
  }

  it('a real preapproval body (sdk-java) authorized at the provider activates the plan; as published (not ours) it changes nothing', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'essencial');
    await preapprovalLike(id, 'authorized');
    const body = { action: 'updated', application_id: 6245132082630004, data: { id }, date: '2022-01-10T10:10:10Z', entity: 'preapproval', id: 1, type: 'subscription_preapproval', version: 2 };
    expect((await post(`data.id=${id}&type=subscription_preapproval`, body, id)).status).toBe(200);
    expect((await planOf(user)).plan).toBe('essencial');

    // The sample itself: a pending preapproval of someone else's reference, price 10.00.
    const foreign = sample('sdk-java-preapproval_base') as unknown as FakePreapproval;
    mp.preapprovals.set(foreign.id, foreign);
    const other = await createUser(ctx);
    expect((await post(`data.id=${foreign.id}&type=subscription_preapproval`, { ...body, data: { id: foreign.id } }, foreign.id)).status).toBe(200);
    expect((await planOf(other)).plan).toBe('free');
  });

  it('the older IPN form (?topic=preapproval&id=…) is understood too', async () => {
    const user = await createUser(ctx);
    const id = await subscribe(user, 'pro');
    await preapprovalLike(id, 'authorized');
    expect((await post(`topic=preapproval&id=${id}`, { resource: id, topic: 'preapproval' }, id)).status).toBe(200);
    expect((await planOf(user)).plan).toBe('pro');
  });

  it('records a real authorized payment (sdk-java invoice): the charge approved, but never its ARS amount as reais', async () => {
    const { user, id } = await subscribed('essencial');
    // The sample as one of our subscription's charges: only its preapproval_id and payment id are ours.
    const invoice = sample('sdk-java-invoice_base') as { id: number; payment: Record<string, unknown> };
    mp.authorizedPayments.set(String(invoice.id), { ...invoice, preapproval_id: id, payment: { ...invoice.payment, id: 8_000_001 } });
    const body = { action: 'created', data: { id: String(invoice.id) }, type: 'subscription_authorized_payment', entity: 'authorized_payment' };
    expect((await post(`data.id=${invoice.id}&type=subscription_authorized_payment`, body, String(invoice.id))).status).toBe(200);
    // The first charge takes over the entry written at activation: still one entry, approved, R$ 149 (not "10").
    const [entry, ...more] = (await billing(user)).payments;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ status: 'approved', amountBrl: 149 });

    // A later month in ARS (the sample's currency) is listed without an amount rather than as R$ 10.
    mp.authorizedPayments.set('6114264376', { ...invoice, id: 6114264376, preapproval_id: id, payment: { ...invoice.payment, id: 8_000_002 } });
    await post('data.id=6114264376&type=subscription_authorized_payment', { ...body, data: { id: '6114264376' } }, '6114264376');
    const payments = (await billing(user)).payments;
    expect(payments).toHaveLength(2);
    expect(payments.map((p) => p.amountBrl).sort()).toEqual([149, null].sort());
  });

  it("the docs' payment notification for a real payment body (sdk-java) that is no subscription of ours is acknowledged and ignored", async () => {
    const notification = sample('devsite-docs-webhook-payment') as { data: { id: string } };
    const payment = sample('sdk-java-payment_base');
    mp.payments.set(notification.data.id, { ...payment, id: Number(notification.data.id) });
    const before = await ctx.database.db.select().from(webhookEvents);
    expect((await post(`data.id=${notification.data.id}&type=payment`, notification, notification.data.id)).status).toBe(200);
    // Processed (fetched, claimed), but it names no preapproval of ours: nothing recorded for anyone.
    const after = await ctx.database.db.select().from(webhookEvents);
    expect(after.length - before.length).toBe(1);
    expect(after.map((e) => e.key)).toContain('payment:999999999:payment.created:approved');
  });

  it('a real payment body of one of our subscriptions (sdk-java, its metadata naming the preapproval) is recorded as a charge', async () => {
    const { user, id } = await subscribed('pro');
    const payment = sample('sdk-java-payment_base') as { metadata: Record<string, unknown> };
    mp.payments.set('999999998', { ...payment, id: 999999998, transaction_amount: 289, metadata: { ...payment.metadata, preapproval_id: id } });
    const body = { ...sample('devsite-docs-webhook-payment'), data: { id: '999999998' } };
    expect((await post('data.id=999999998&type=payment', body, '999999998')).status).toBe(200);
    expect((await billing(user)).payments).toEqual([expect.objectContaining({ status: 'approved', amountBrl: 289 })]);
  });
});
