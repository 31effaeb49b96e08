/**
 * The public chat keeps each webhook's agent in memory (ADR 0019): a turn never answers with an agent, limits or plan
 * that changed before it started — on this instance, on another one (Postgres), or written to the database directly —
 * and a turn that found its copy out of date stores and counts its message once.
 */
import { quotaMonth } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { beginTurn } from '../src/chat/conversations';
import { agents, conversations, usageCounters, webChatCounters } from '../src/db/schema';
import { chat, chatOutput, createUserWithAgent, parseSse, setPlan, transcript, visitor } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';

let llm: FakeOpenAI;
let ctx: TestContext;
const env = () => ({ OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, CHAT_MODEL: 'fake-model' });

beforeAll(async () => {
  llm = await startFakeOpenAI();
  ctx = await createTestContext({ env: env() });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});
afterEach(() => {
  llm.requests.length = 0;
});

const systemPromptOfLastCall = () => String(llm.requests.at(-1)!.messages[0]!.content);
const usedThisMonth = async (userId: string) =>
  (await ctx.database.db.select().from(usageCounters).where(and(eq(usageCounters.userId, userId), eq(usageCounters.month, quotaMonth()))))[0]?.messages ?? 0;

describe('the web chat reads its agent once, and never answers with an old one', () => {
  it('a turn after the personality is edited answers with the new one, storing and counting its message once', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'Primeira pergunta');
    expect(systemPromptOfLastCall()).toContain(agent.systemMessage);
    const edit = await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { systemMessage: 'Fale como um pirata.' } });
    expect(edit.status).toBe(200);
    await chatOutput(ctx, agent.webhookId, 'Segunda pergunta');
    expect(systemPromptOfLastCall()).toContain('Fale como um pirata.');
    expect(systemPromptOfLastCall()).not.toContain(agent.systemMessage);
    expect(await transcript(ctx, agent.id)).toEqual([
      { role: 'user', content: 'Primeira pergunta' },
      { role: 'assistant', content: 'Você disse: Primeira pergunta' },
      { role: 'user', content: 'Segunda pergunta' },
      { role: 'assistant', content: 'Você disse: Segunda pergunta' },
    ]);
    expect(await usedThisMonth(user.id)).toBe(2);
  });

  it('a row written directly in the database is seen by the next turn, over SSE too', async () => {
    const { agent } = await createUserWithAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'Oi');
    await ctx.database.db.update(agents).set({ systemMessage: 'Escrito direto no banco.' }).where(eq(agents.id, agent.id));
    const res = await chat(ctx, agent.webhookId, 'Oi de novo', visitor('sessao-teste-1'), { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(parseSse(await res.text()).at(-1)).toEqual({ event: 'done', data: { output: 'Você disse: Oi de novo' } });
    expect(systemPromptOfLastCall()).toContain('Escrito direto no banco.');
  });

  it('an agent deactivated after a turn answers 404 on the next one, and stores nothing', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'Oi');
    await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } });
    const res = await chat(ctx, agent.webhookId, 'Ainda está aí?');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { userMessage: 'Este chat não está disponível no momento.' } });
    expect(await transcript(ctx, agent.id)).toHaveLength(2);
    expect(await usedThisMonth(user.id)).toBe(1);
  });

  it("a plan changed after a turn (the agent's row untouched) sets the quota of the next one", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await setPlan(ctx, user, 'enterprise');
    await ctx.database.db.insert(usageCounters).values({ userId: user.id, month: quotaMonth(), messages: 500 });
    expect(await chatOutput(ctx, agent.webhookId, 'Oi')).toBe('Você disse: Oi');
    await setPlan(ctx, user, 'free'); // 100 messages a month: used up
    const output = await chatOutput(ctx, agent.webhookId, 'E agora?');
    expect(output).not.toBe('Você disse: E agora?');
    expect(llm.requests).toHaveLength(1);
    expect(await usedThisMonth(user.id)).toBe(501);
  });

  it('beginTurn with an out-of-date version writes nothing: no conversation, no counter, no visitor count', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const key = { agentId: agent.id, userId: user.id, channel: 'web' as const, sessionId: 'sessao-versao' };
    const visitorCount = { session: 'sessao-versao', network: '203.0.113.0', limits: { rateMessages: 10, rateSeconds: 60, dailyPerVisitor: 5, dailyPerIp: 5 }, day: '2026-11-26' };
    const quota = { month: quotaMonth(), limit: 100 };
    const stale = await beginTurn(ctx.database.db, key, 'Oi', quota, null, { visitor: visitorCount, agentVersion: { xmin: '1', plan: 'free' } });
    expect(stale).toEqual({ stale: true });
    const wrongPlan = await beginTurn(ctx.database.db, key, 'Oi', quota, null, { visitor: visitorCount, agentVersion: { xmin: await xminOf(agent.id), plan: 'pro' } });
    expect(wrongPlan).toEqual({ stale: true });
    expect(await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id))).toEqual([]);
    expect(await ctx.database.db.select().from(webChatCounters).where(eq(webChatCounters.agentId, agent.id))).toEqual([]);
    expect(await usedThisMonth(user.id)).toBe(0);
    const current = await beginTurn(ctx.database.db, key, 'Oi', quota, null, { visitor: visitorCount, agentVersion: { xmin: await xminOf(agent.id), plan: 'free' } });
    expect(current).toMatchObject({ refused: null, allowed: true, used: 1, history: [] });
    expect(await ctx.database.db.select().from(webChatCounters).where(eq(webChatCounters.agentId, agent.id))).toHaveLength(2);
  });
});

async function xminOf(agentId: string): Promise<string> {
  const { rows } = (await ctx.database.db.execute(sql`select xmin::text as xmin from agents where id = ${agentId}`)) as unknown as {
    rows: Array<{ xmin: string }>;
  };
  return rows[0]!.xmin;
}

describe('several instances on one Postgres', () => {
  it.runIf(process.env.ATENDE_TEST_DB === 'postgres')(
    'an agent edited on one instance is seen by the next turn on another, its limits too',
    async () => {
      const other = await createTestContext({ database: ctx.database, env: env() });
      try {
        const { user, agent } = await createUserWithAgent(ctx);
        // The other instance answers once, and keeps the agent.
        await chatOutput(other, agent.webhookId, 'Oi', visitor('sessao-outra'));
        expect(systemPromptOfLastCall()).toContain(agent.systemMessage);
        // Edited here; the very next turn there answers with the new personality.
        const edit = await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { systemMessage: 'Responda sempre em versos.' } });
        expect(edit.status).toBe(200);
        await chatOutput(other, agent.webhookId, 'Tudo bem?', visitor('sessao-outra'));
        expect(systemPromptOfLastCall()).toContain('Responda sempre em versos.');
        // A daily limit of 2 messages per visitor set here holds there at once (the visitor sent 2 already).
        const limits = await ctx.request(`/api/agents/${agent.id}/web-limits`, {
          method: 'PUT',
          token: user.token,
          json: { rateMessages: 1000, rateSeconds: 60, dailyPerVisitor: 2, dailyPerIp: 1000 },
        });
        expect(limits.status).toBe(200);
        const refused = await chat(other, agent.webhookId, 'Mais uma?', visitor('sessao-outra'));
        expect(refused.status).toBe(429);
        expect(await transcript(ctx, agent.id)).toHaveLength(4);
        // Deactivated here: 404 there.
        await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } });
        expect((await chat(other, agent.webhookId, 'Alô?', visitor('sessao-nova'))).status).toBe(404);
      } finally {
        await other.close();
      }
    },
  );
});
