import { randomUUID } from 'node:crypto';
import type { AccountInsights, Insights } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountPlan } from '../src/accounts/plan';
import { runTurn } from '../src/chat/runtime';
import { EXPORT_PAGE } from '../src/insights/export';
import { rollUpBatch, rollUpInsights } from '../src/insights/rollup';
import { chatOutput, createAgent, createBakeryAgent, setPlan, turnAgent } from './helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from './helpers/context';

async function insights(ctx: TestContext, user: TestUser, agentId: string, query = '') {
  const res = await ctx.request(`/api/agents/${agentId}/insights${query}`, { token: user.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Insights;
}

describe('the Painel (insights)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('an unanswered question shows up grouped with its paraphrase; once taught it leaves the list and is answered offline', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const first = randomUUID();
    const second = randomUUID();
    expect(await chatOutput(ctx, agent.webhookId, 'Vocês entregam em Campinas?', first)).toMatch(/não encontrei/);
    expect(await chatOutput(ctx, agent.webhookId, 'fazem entrega pra campinas?', second)).toMatch(/não encontrei/);
    expect(await chatOutput(ctx, agent.webhookId, 'Tem estacionamento?', second)).toMatch(/não encontrei/);

    const before = await insights(ctx, user, agent.id);
    expect(before.unanswered).toHaveLength(2);
    const [delivery, parking] = before.unanswered;
    expect(delivery).toMatchObject({ question: 'fazem entrega pra campinas?', count: 2, agentId: agent.id, agentName: 'Bia' });
    expect(delivery!.variants).toEqual(['fazem entrega pra campinas?', 'Vocês entregam em Campinas?']);
    expect(delivery!.conversations).toHaveLength(2);
    expect(new Set(delivery!.conversations.map((c) => c.id)).size).toBe(2);
    expect(parking).toMatchObject({ question: 'Tem estacionamento?', count: 1 });
    // The transcript tells which reply had no answer (its 'Ensinar resposta').
    const transcript = await ctx.request(`/api/agents/${agent.id}/conversations/${parking!.conversations[0]!.id}`, { token: user.token });
    const { messages } = (await transcript.json()) as { messages: Array<{ role: string; outcome: string | null }> };
    // (Then, after two replies without an answer, the handoff notice of issue 16.)
    expect(messages.slice(0, 4).map((m) => [m.role, m.outcome])).toEqual([
      ['user', null],
      ['assistant', 'unanswered'],
      ['user', null],
      ['assistant', 'unanswered'],
    ]);

    // 'Ensinar resposta' from the list: the group's wording as the question, its other wordings as variants.
    const taught = await ctx.request(`/api/agents/${agent.id}/answers`, {
      method: 'POST',
      token: user.token,
      json: { question: delivery!.question, answer: 'Entregamos em Campinas às terças.', variants: delivery!.variants },
    });
    expect(taught.status).toBe(201);
    const after = await insights(ctx, user, agent.id);
    expect(after.unanswered.map((g) => g.question)).toEqual(['Tem estacionamento?']);
    expect(await chatOutput(ctx, agent.webhookId, 'Vocês entregam em Campinas?', randomUUID())).toBe('Entregamos em Campinas às terças.');
  });

  it('counts conversations, messages, channels, hours, outcomes, hand-offs and answer time; the test chat is not counted', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const web = randomUUID();
    await chatOutput(ctx, agent.webhookId, 'Oi!', web);
    expect(await chatOutput(ctx, agent.webhookId, 'Qual o preço do bolo de cenoura?', web)).toMatch(/25/);
    // The customer asks for a person right after an answer: the question is one the agent missed.
    await chatOutput(ctx, agent.webhookId, 'Quero falar com um atendente', web);
    await chatOutput(ctx, agent.webhookId, 'Vocês vendem pão de queijo?', randomUUID());
    await runTurn(ctx.services.runtime, {
      agent: await turnAgent(ctx, agent.id),
      channel: 'whatsapp',
      sessionId: '5511912345678',
      message: 'Vocês abrem no sábado?',
      plan: await getAccountPlan(ctx.database.db, user.id),
    });
    const tested = await ctx.request(`/api/agents/${agent.id}/test-chat`, {
      method: 'POST',
      token: user.token,
      json: { message: 'Teste do dono: vocês vendem sorvete?', sessionId: randomUUID() },
    });
    expect(tested.status).toBe(200);

    await rollUpInsights(ctx.database.db, { settleMs: 0 });
    const result = await insights(ctx, user, agent.id, '?days=7');
    expect(result.days).toBe(7);
    expect(result.daily).toHaveLength(7);
    expect(result.daily.at(-1)!.date).toBe(result.to);
    expect(result.totals).toMatchObject({ conversations: 3, messages: 5, handedOff: 1 });
    expect(result.totals.answered + result.totals.unanswered + result.totals.other).toBe(5);
    expect(result.totals.unanswered).toBeGreaterThanOrEqual(1);
    expect(result.totals.averageAnswerMs).toEqual(expect.any(Number));
    expect(result.daily.at(-1)).toMatchObject({ conversations: 3, messages: 5 });
    expect(result.channels).toEqual([
      { channel: 'web', conversations: 2, messages: 4 },
      { channel: 'whatsapp', conversations: 1, messages: 1 },
    ]);
    expect(result.hours.reduce((a, b) => a + b, 0)).toBe(5);
    expect(result.usage).toMatchObject({ used: 5, scopeUsed: 5, quota: 100 });
    expect(result.usage.projected).toBeGreaterThanOrEqual(5);
    const questions = result.unanswered.map((g) => g.question);
    expect(questions).toContain('Qual o preço do bolo de cenoura?');
    expect(questions).toContain('Vocês vendem pão de queijo?');
    expect(questions.join(' ')).not.toMatch(/sorvete/);

    // Read again: nothing counted twice.
    await rollUpInsights(ctx.database.db, { settleMs: 0 });
    expect((await insights(ctx, user, agent.id, '?days=7')).totals).toEqual(result.totals);
  });

  it('two rollups reading the same messages at once (two instances) add them once, whatever the batch size', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    await rollUpInsights(ctx.database.db, { settleMs: 0 }); // what earlier tests left unread
    const web = randomUUID();
    await chatOutput(ctx, agent.webhookId, 'Oi!', web);
    await chatOutput(ctx, agent.webhookId, 'Qual o preço do bolo de cenoura?', web);
    await chatOutput(ctx, agent.webhookId, 'Quero falar com um atendente', web);
    await chatOutput(ctx, agent.webhookId, 'Vocês vendem pão de queijo?', randomUUID());

    const drain = async (batch: number) => {
      while ((await rollUpBatch(ctx.database.db, { settleMs: 0, batch })) > 0);
    };
    await Promise.all([drain(2), drain(3), drain(2)]);

    const result = await insights(ctx, user, agent.id, '?days=7');
    expect(result.totals).toMatchObject({ conversations: 2, messages: 4, handedOff: 1 });
    expect(result.totals.answered + result.totals.unanswered + result.totals.other).toBe(4);
    expect(result.hours.reduce((a, b) => a + b, 0)).toBe(4);
    expect(result.totals.averageAnswerMs).toEqual(expect.any(Number));
    expect(result.unanswered.map((g) => g.question)).toContain('Qual o preço do bolo de cenoura?');
    await rollUpInsights(ctx.database.db, { settleMs: 0 });
    expect((await insights(ctx, user, agent.id, '?days=7')).totals).toEqual(result.totals);
  });

  it('exports the conversations of a period as CSV, one row per message, safe to open in a spreadsheet', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const session = randomUUID();
    await chatOutput(ctx, agent.webhookId, '=HIPERLINK("http://golpe.example";"clique")', session);
    await chatOutput(ctx, agent.webhookId, 'Tem bolo; de "cenoura"?\nE de milho?', session);
    await runTurn(ctx.services.runtime, {
      agent: await turnAgent(ctx, agent.id),
      channel: 'whatsapp',
      sessionId: '5511987654321',
      message: '+55 é meu número',
      plan: await getAccountPlan(ctx.database.db, user.id),
    });
    await ctx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', token: user.token, json: { message: 'Teste do dono', sessionId: randomUUID() } });

    const res = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="conversas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads the accents as UTF-8
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('"data";"canal";"cliente";"autor";"texto";"conversa"\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['data', 'canal', 'cliente', 'autor', 'texto', 'conversa']);
    expect(rows).toHaveLength(1 + 6); // three questions and their answers; the owner's test is not a customer's
    const body = rows.slice(1);
    expect(body[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body[0]!.slice(1, 5)).toEqual(['Link e site', expect.stringMatching(/^Visitante [0-9A-F]{6}$/), 'Cliente', `'=HIPERLINK("http://golpe.example";"clique")`]);
    expect(body[1]![3]).toBe('Agente');
    expect(body[2]![4]).toBe('Tem bolo; de "cenoura"?\nE de milho?');
    // A spreadsheet shows a cell starting with an apostrophe as text, without the apostrophe: the number stays a number as written.
    expect(body[4]!.slice(1, 5)).toEqual(['WhatsApp', "'+5511987654321", 'Cliente', "'+55 é meu número"]);
    expect(text).not.toContain('Teste do dono');

    // Another period: nothing but the header. A reversed or too long one is refused.
    const empty = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv&from=2020-01-01&to=2020-01-31`, { token: user.token });
    expect(parseCsv(await empty.text())).toHaveLength(1);
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=2020-01-01&to=2026-01-01', 'from=2026-13-45', 'format=xlsx']) {
      const bad = await ctx.request(`/api/agents/${agent.id}/conversations/export?${query}`, { token: user.token });
      expect(bad.status, query).toBe(400);
    }
    const other = await createUser(ctx);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/export`, { token: other.token })).status).toBe(404);
  });

  it('refuses export dates that do not exist, with the pt-BR message, instead of rolling them over', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const cases = [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-02-31&to=2026-03-31', 'from'],
      ['from=2026-04-01&to=2026-04-31', 'to'],
      ['from=2025-02-01&to=2025-02-29', 'to'],
      ['to=2026-06-31', 'to'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv&${query}`, { token: user.token });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type'), query).toMatch(/^application\/json/);
      const { error } = (await res.json()) as { error: { code: string; userMessage: string; details: Record<string, string[]> } };
      expect(error, query).toMatchObject({ code: 'VALIDATION_FAILED', userMessage: 'Essa data não existe.', details: { [field]: ['Essa data não existe.'] } });
    }
    // The real last days of those months still export.
    for (const query of ['from=2024-02-29&to=2024-03-01', 'from=2026-02-28&to=2026-04-30']) {
      const res = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv&${query}`, { token: user.token });
      expect(res.status, query).toBe(200);
    }
  });

  it('exports a period longer than a page, in order, and nothing from before it', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'primeira', randomUUID());
    const db = ctx.database.db;
    const { rows } = (await db.execute(sql`select id, user_id from conversations where agent_id = ${agent.id}`)) as unknown as {
      rows: Array<{ id: string; user_id: string }>;
    };
    const convo = rows[0]!;
    // An older conversation of the same agent, written later (a higher seq) with its messages of 2020.
    await db.execute(sql`insert into conversations (id, agent_id, user_id, channel, session_id, last_message_at)
      values ('antiga', ${agent.id}, ${convo.user_id}, 'whatsapp', '5511900000000', '2020-01-10 13:00Z')`);
    await db.execute(sql`insert into messages (id, conversation_id, role, content, created_at)
      select gen_random_uuid()::text, 'antiga', 'user', 'de 2020 ' || i, '2020-01-10 12:00Z'::timestamptz + make_interval(mins => i) from generate_series(1, 20) i`);
    await db.execute(sql`insert into messages (id, conversation_id, role, content)
      select gen_random_uuid()::text, ${convo.id}, 'user', 'mensagem ' || i from generate_series(1, ${EXPORT_PAGE + 5}) i`);
    const res = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv`, { token: user.token });
    const body = parseCsv(await res.text()).slice(1);
    expect(body).toHaveLength(2 + EXPORT_PAGE + 5);
    expect(body.slice(0, 3).map((r) => r[4])).toEqual(['primeira', expect.any(String), 'mensagem 1']);
    expect(body.at(-1)![4]).toBe(`mensagem ${EXPORT_PAGE + 5}`);
    expect(body.some((r) => r[4]!.startsWith('de 2020'))).toBe(false);
    const old = await ctx.request(`/api/agents/${agent.id}/conversations/export?format=csv&from=2020-01-01&to=2020-01-31`, { token: user.token });
    expect(parseCsv(await old.text()).slice(1).map((r) => r[4])).toEqual(Array.from({ length: 20 }, (_, i) => `de 2020 ${i + 1}`));
  });

  it("the account's Painel adds every agent up, with each agent's share and every agent's unanswered questions", async () => {
    const user = await createUser(ctx);
    await setPlan(ctx, user, 'pro');
    const bia = await createAgent(ctx, user, 'Bia');
    const leo = await createAgent(ctx, user, 'Léo');
    await chatOutput(ctx, bia.webhookId, 'Vocês entregam em Campinas?', randomUUID());
    await chatOutput(ctx, leo.webhookId, 'Tem estacionamento?', randomUUID());
    await chatOutput(ctx, leo.webhookId, 'Tem estacionamento no local?', randomUUID());
    await rollUpInsights(ctx.database.db, { settleMs: 0 });
    const res = await ctx.request('/api/insights?days=7', { token: user.token });
    expect(res.status).toBe(200);
    const account = (await res.json()) as AccountInsights;
    expect(account.totals).toMatchObject({ conversations: 3, messages: 3, unanswered: 3 });
    expect(account.agents).toEqual([
      { id: bia.id, name: 'Bia', conversations: 1, messages: 1, unanswered: 1 },
      { id: leo.id, name: 'Léo', conversations: 2, messages: 2, unanswered: 2 },
    ]);
    expect(account.unanswered.map((g) => [g.agentName, g.count])).toEqual([
      ['Léo', 2],
      ['Bia', 1],
    ]);
    // Another account sees only its own (nothing).
    const other = await createUser(ctx);
    const empty = (await (await ctx.request('/api/insights', { token: other.token })).json()) as AccountInsights;
    expect(empty.totals.messages).toBe(0);
    expect(empty.agents).toEqual([]);
    expect(empty.unanswered).toEqual([]);
  });

  it('refuses a period outside 1–90 days and an agent of another account', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    for (const days of ['0', '91', 'x']) {
      const res = await ctx.request(`/api/agents/${agent.id}/insights?days=${days}`, { token: user.token });
      expect(res.status, days).toBe(400);
    }
    const other = await createUser(ctx);
    expect((await ctx.request(`/api/agents/${agent.id}/insights`, { token: other.token })).status).toBe(404);
    expect((await ctx.request(`/api/agents/${agent.id}/insights`)).status).toBe(401);
  });
});

/** A small RFC 4180 reader (';' between cells), enough to check the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}
