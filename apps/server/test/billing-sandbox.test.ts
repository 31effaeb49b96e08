import type { BillingOverview, SandboxCheckout } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatDay } from '../src/billing/notices';
import { sandboxPreapprovals, webhookEvents } from '../src/db/schema';
import { createAgent } from './helpers/agents';
import { createTestContext, createUser, ORIGIN, type TestContext, type TestUser } from './helpers/context';

// No Mercado Pago credentials: the built-in sandbox checkout.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function startCheckout(user: TestUser, plan: string) {
  const res = await ctx.request('/api/billing/subscriptions', { method: 'POST', token: user.token, json: { plan } });
  expect(res.status).toBe(200);
  const { init_point } = (await res.json()) as { init_point: string };
  const match = new RegExp(`^${ORIGIN}/sandbox-checkout/([0-9a-f]{32})$`).exec(init_point);
  expect(match).not.toBeNull();
  return match![1]!;
}

const decide = (user: TestUser, id: string, decision: string) =>
  ctx.request(`/api/billing/sandbox/${id}/decision`, { method: 'POST', token: user.token, json: { decision } });
const confirm = (user: TestUser, id: string) =>
  ctx.request('/api/billing/confirm', { method: 'POST', token: user.token, json: { preapproval_id: id } });
const billing = async (user: TestUser) => (await (await ctx.request('/api/billing', { token: user.token })).json()) as BillingOverview;

describe('sandbox checkout', () => {
  it('reports the sandbox mode in health and stores preapprovals in Mercado Pago shape', async () => {
    expect(await (await ctx.request('/api/health')).json()).toMatchObject({ payments: 'sandbox' });
    const user = await createUser(ctx);
    const id = await startCheckout(user, 'essencial');
    const [stored] = await ctx.database.db.select().from(sandboxPreapprovals).where(eq(sandboxPreapprovals.id, id));
    expect(stored!.body).toMatchObject({
      id,
      status: 'pending',
      reason: 'Atende — Plano Essencial',
      external_reference: expect.stringMatching(new RegExp(`^${user.id}:essencial:`)),
      payer_email: user.email,
      back_url: `${ORIGIN}/payment/success`,
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 149, currency_id: 'BRL' },
    });
  });

  it('shows the checkout to its owner only', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const id = await startCheckout(owner, 'pro');
    const res = await ctx.request(`/api/billing/sandbox/${id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect((await res.json()) as SandboxCheckout).toEqual({
      id,
      status: 'pending',
      reason: 'Atende — Plano Pro',
      plan: { id: 'pro', name: 'Pro' },
      amountBrl: 289,
      amountCents: 28900,
      payerEmail: owner.email,
    });
    expect((await ctx.request(`/api/billing/sandbox/${id}`, { token: other.token })).status).toBe(404);
    expect((await decide(other, id, 'approve')).status).toBe(404);
    expect((await ctx.request(`/api/billing/sandbox/${id}`)).status).toBe(401);
  });

  it('approve: notifies the webhook handler, then the success page verifies the same preapproval', async () => {
    const user = await createUser(ctx);
    await createAgent(ctx, user, 'Primeiro');
    const id = await startCheckout(user, 'essencial');
    const send = vi.spyOn(ctx.services.mail, 'send').mockResolvedValue();
    onTestFinished(() => send.mockRestore());
    const res = await decide(user, id, 'approve');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirect: `/payment/success?preapproval_id=${id}` });

    // The notification went through the webhook path (deduplicated like Mercado Pago's).
    const events = await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.key, `subscription_preapproval:${id}:updated:authorized`));
    expect(events).toEqual([expect.objectContaining({ provider: 'sandbox' })]);
    expect((await billing(user)).plan.id).toBe('essencial');

    const confirmed = await confirm(user, id);
    expect(await confirmed.json()).toEqual({ status: 'authorized', plan: { id: 'essencial', name: 'Essencial' } });
    expect(await billing(user)).toMatchObject({ status: 'approved', usage: { agentsLimit: 2 }, payments: [{ status: 'approved', amountBrl: 149 }] });
    expect((await ctx.request('/api/agents', { method: 'POST', token: user.token, json: { name: 'Segundo' } })).status).toBe(201);

    // One e-mail for the decision and the return page together, with the next charge a month ahead (as Mercado Pago
    // says next_payment_date).
    const mails = send.mock.calls.map(([m]) => m).filter((m) => m.to === user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Seu plano Essencial está ativo']);
    const nextCharge = new Date();
    nextCharge.setUTCMonth(nextCharge.getUTCMonth() + 1);
    expect(mails[0]!.text).toContain(`A próxima cobrança de R$ 149,00 será em ${formatDay(nextCharge)}`);

    // A finished checkout cannot be decided again.
    expect((await decide(user, id, 'reject')).status).toBe(409);
  });

  it('reject and pending change nothing', async () => {
    const user = await createUser(ctx);
    const rejected = await startCheckout(user, 'pro');
    expect(await (await decide(user, rejected, 'reject')).json()).toEqual({ redirect: `/payment/failure?preapproval_id=${rejected}` });
    expect(await (await confirm(user, rejected)).json()).toMatchObject({ status: 'cancelled' });

    const pending = await startCheckout(user, 'pro');
    expect(await (await decide(user, pending, 'pending')).json()).toEqual({ redirect: `/payment/pending?preapproval_id=${pending}` });
    expect(await (await confirm(user, pending)).json()).toMatchObject({ status: 'pending' });
    expect(await billing(user)).toMatchObject({ plan: { id: 'free' }, status: 'pending', payments: [] });

    // Still pending: the payer can come back and approve it.
    expect((await decide(user, pending, 'approve')).status).toBe(200);
    expect((await billing(user)).plan.id).toBe('pro');
  });

  it("'Meu plano' cancellation works against the sandbox too", async () => {
    const user = await createUser(ctx);
    const id = await startCheckout(user, 'pro');
    await decide(user, id, 'approve');
    const res = await ctx.request('/api/billing/cancel', { method: 'POST', token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan: { id: 'free' }, subscription: null });
    const [stored] = await ctx.database.db.select().from(sandboxPreapprovals).where(eq(sandboxPreapprovals.id, id));
    expect(stored!.body).toMatchObject({ status: 'cancelled' });
  });
});
