import { randomBytes, randomUUID } from 'node:crypto';
import type { Agent, ConversationSummary, CustomerErasure, CustomerExport, CustomerMatch, Insights } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountPlan } from '../src/accounts/plan';
import { runTurn } from '../src/chat/runtime';
import { rollUpInsights } from '../src/insights/rollup';
import { chatOutput, createAgent, setPlan, turnAgent } from './helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from './helpers/context';

const NUMBER = '5511987654321';

async function whatsapp(ctx: TestContext, user: TestUser, agent: Agent, from: string, message: string) {
  await runTurn(ctx.services.runtime, {
    agent: await turnAgent(ctx, agent.id),
    channel: 'whatsapp',
    sessionId: from,
    message,
    plan: await getAccountPlan(ctx.database.db, user.id),
  });
}

describe('LGPD: a customer’s data, found, exported and erased', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('finds a customer by number or visitor label across agents, exports everything, erases it everywhere and logs it without content', async () => {
    const user = await createUser(ctx);
    await setPlan(ctx, user, 'pro');
    const bia = await createAgent(ctx, user, 'Bia');
    const leo = await createAgent(ctx, user, 'Léo');
    const marker = `SEGREDO${randomBytes(4).toString('hex').toUpperCase()}`;
    await whatsapp(ctx, user, bia, NUMBER, `Meu CPF é ${marker}, vocês entregam em Campinas?`);
    await whatsapp(ctx, user, leo, NUMBER, `Quero falar com um atendente sobre o pedido ${marker}`);
    await whatsapp(ctx, user, bia, '5521912345678', 'Outro cliente: vocês abrem sábado?');
    const visitorSession = randomUUID();
    await chatOutput(ctx, bia.webhookId, `Sou visitante ${marker}`, visitorSession);
    await rollUpInsights(ctx.database.db, { settleMs: 0 });
    const before = await insights(ctx, user, bia.id);

    // By number, written in any usual way (with or without the country code).
    for (const q of ['11 98765-4321', '+55 (11) 98765-4321', NUMBER]) {
      const found = await search(ctx, user, q);
      expect(found, q).toHaveLength(1);
      expect(found[0]).toMatchObject({ channel: 'whatsapp', customerLabel: `+${NUMBER}` });
      expect(found[0]!.conversations.map((c) => c.agentName).sort()).toEqual(['Bia', 'Léo']);
    }
    // By the visitor label the conversations show.
    const list = await ctx.request(`/api/agents/${bia.id}/conversations`, { token: user.token });
    const web = ((await list.json()) as { conversations: ConversationSummary[] }).conversations.find((c) => c.channel === 'web')!;
    const [visitor] = await search(ctx, user, web.customerLabel);
    expect(visitor).toMatchObject({ channel: 'web', customerLabel: web.customerLabel });
    expect((await search(ctx, user, web.customerLabel.slice(-6).toLowerCase()))[0]?.customerLabel).toBe(web.customerLabel);

    const res = await ctx.request('/api/customers/export', { method: 'POST', token: user.token, json: { channel: 'whatsapp', customerLabel: `+${NUMBER}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="cliente-${NUMBER}.json"`);
    const exported = (await res.json()) as CustomerExport;
    expect(exported.conversations.map((c) => c.agentName)).toEqual(['Bia', 'Léo']);
    expect(exported.conversations[0]!.messages[0]).toMatchObject({ author: 'Cliente', text: `Meu CPF é ${marker}, vocês entregam em Campinas?` });
    expect(exported.conversations[0]!.messages[1]).toMatchObject({ author: 'Agente' });

    // The chat keeps the memory window of each session it answered (chat/turn-windows.ts).
    const windows = ctx.services.runtime.windows!;
    expect(windows.get(bia.id, 'whatsapp', NUMBER)?.history.map((m) => m.content)).toContain(`Meu CPF é ${marker}, vocês entregam em Campinas?`);
    expect(windows.get(bia.id, 'whatsapp', '5521912345678')).toBeDefined();

    const erased = await ctx.request('/api/customers/erase', { method: 'POST', token: user.token, json: { channel: 'whatsapp', customerLabel: `+${NUMBER}` } });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ conversations: 2, messages: 4 });
    // …and what the chat kept of them in memory, not only what the database had.
    await expect.poll(() => windows.get(bia.id, 'whatsapp', NUMBER)).toBeUndefined();
    expect(windows.get(bia.id, 'whatsapp', '5521912345678')).toBeDefined();
    expect(await search(ctx, user, NUMBER)).toEqual([]);
    const again = await ctx.request('/api/customers/erase', { method: 'POST', token: user.token, json: { channel: 'whatsapp', customerLabel: `+${NUMBER}` } });
    expect(again.status).toBe(404);

    // The visitor too.
    expect((await ctx.request('/api/customers/erase', { method: 'POST', token: user.token, json: { channel: 'web', customerLabel: web.customerLabel } })).status).toBe(200);

    // Nothing of what they wrote is left anywhere in the database; the other customer is untouched.
    const tables = (await ctx.database.db.execute(
      sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ name: string }> };
    for (const { name } of tables.rows) {
      const [schema, table] = name.split('.');
      const rows = (await ctx.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(schema!)}.${sql.identifier(table!)} t where to_jsonb(t)::text like ${`%${marker}%`} or to_jsonb(t)::text like ${`%${NUMBER}%`}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(rows.rows[0]!.n, name).toBe(0);
    }
    expect((await search(ctx, user, '5521912345678'))[0]?.conversations).toHaveLength(1);

    // The log: per agent, the number masked, counts only.
    const log = await ctx.request('/api/customers/erasures', { token: user.token });
    const { erasures } = (await log.json()) as { erasures: CustomerErasure[] };
    expect(erasures.map((e) => [e.agentName, e.channel, e.customerLabel, e.conversations, e.messages]).sort()).toEqual(
      [
        ['Bia', 'whatsapp', '+5511*****4321', 1, 2],
        ['Léo', 'whatsapp', '+5511*****4321', 1, 2],
        ['Bia', 'web', web.customerLabel, 1, 2],
      ].sort(),
    );
    // The Painel keeps its counts.
    expect((await insights(ctx, user, bia.id)).totals).toEqual(before.totals);
  });

  it('another account finds nothing and erases nothing; a query that names nobody is refused', async () => {
    const owner = await createUser(ctx);
    const agent = await createAgent(ctx, owner, 'Bia');
    await whatsapp(ctx, owner, agent, '5511955554444', 'Oi, tudo bem?');
    const other = await createUser(ctx);
    expect(await search(ctx, other, '5511955554444')).toEqual([]);
    const erase = await ctx.request('/api/customers/erase', { method: 'POST', token: other.token, json: { channel: 'whatsapp', customerLabel: '+5511955554444' } });
    expect(erase.status).toBe(404);
    expect(await search(ctx, owner, '5511955554444')).toHaveLength(1);
    for (const q of ['abc', 'maria', '123']) {
      expect((await ctx.request(`/api/customers?q=${encodeURIComponent(q)}`, { token: owner.token })).status, q).toBe(400);
    }
    expect((await ctx.request('/api/customers?q=5511955554444')).status).toBe(401);
  });
});

async function search(ctx: TestContext, user: TestUser, q: string): Promise<CustomerMatch[]> {
  const res = await ctx.request(`/api/customers?q=${encodeURIComponent(q)}`, { token: user.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { customers: CustomerMatch[] }).customers;
}

async function insights(ctx: TestContext, user: TestUser, agentId: string): Promise<Insights> {
  const res = await ctx.request(`/api/agents/${agentId}/insights`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Insights;
}
