/**
 * Fault: the LLM provider answers 500, hangs past LLM_TIMEOUT_MS, drops its
 * stream halfway, or answers nothing. The customer gets the turn's error (JSON
 * 502 'Chat service unavailable', or an SSE `error` event; on WhatsApp, an
 * apology), their message is stored, the quota is given back, the owner sees
 * the problem on the agent, and the server stays healthy: the next turn works.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_NUMBER, metaSignature, startFakeGraph, textNotification, type FakeGraph } from '../../../../e2e/fakes';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes';
import { APOLOGY_NOTICE } from '../../src/channels/whatsapp/messages';
import { agents, usageCounters, whatsappMessages } from '../../src/db/schema';
import { chat, chatOutput, createUserWithAgent, parseSse, transcript, visitor } from '../helpers/agents';
import { createTestContext, type TestContext } from '../helpers/context';

/** Short enough for the hang tests, long enough for a normal turn on a busy 2-core machine. */
const TIMEOUT_MS = 4000;
const TURN_ERROR = {
  code: 'UPSTREAM_FAILED',
  message: 'Chat service unavailable',
  userMessage: 'O serviço de chat está indisponível no momento. Tente novamente em instantes.',
};

let llm: FakeOpenAI;
let graph: FakeGraph;
let ctx: TestContext;

beforeAll(async () => {
  [llm, graph] = await Promise.all([startFakeOpenAI(), startFakeGraph()]);
  ctx = await createTestContext({
    jobs: true,
    env: {
      OPENAI_API_KEY: 'sk-fake',
      OPENAI_BASE_URL: llm.baseUrl,
      CHAT_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      WHATSAPP_GRAPH_URL: graph.url,
    },
    limits: {
      auth: { signInFailures: { limit: 1e6, windowMs: 60_000 }, signUps: { limit: 1e6, windowMs: 60_000 } },
      chat: { perIp: { limit: 1e6, windowMs: 60_000 }, perSession: { limit: 1e6, windowMs: 60_000 } },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([llm?.close(), graph?.close()]);
});
afterEach(() => {
  llm.mode = 'normal';
});

const newAgent = () => createUserWithAgent(ctx);
const storedMessages = (agentId: string) => transcript(ctx, agentId);

const messagesUsed = async (userId: string) =>
  (await ctx.database.db.select().from(usageCounters).where(eq(usageCounters.userId, userId)))[0]?.messages ?? 0;

const agentError = async (agentId: string) => (await ctx.database.db.select().from(agents).where(eq(agents.id, agentId)))[0]!.lastError;

describe('public chat when the provider fails', () => {
  /** One turn over JSON or SSE: what the customer saw. */
  async function failingTurn(webhookId: string, transport: 'json' | 'sse') {
    const res = await chat(ctx, webhookId, 'Está funcionando?', visitor('sessao-falha'), transport === 'sse' ? { accept: 'text/event-stream' } : {});
    if (transport === 'json') return { status: res.status, body: (await res.json()) as unknown, events: [] };
    return { status: res.status, body: null, events: parseSse(await res.text()) };
  }

  it.each(['error', 'hang', 'drop'] as const)(
    'provider %s → the turn error over JSON and SSE, the message kept, the quota refunded, the server healthy',
    async (mode) => {
      const [json, sse] = await Promise.all([newAgent(), newAgent()]);
      llm.mode = mode;
      const started = performance.now();
      const [jsonTurn, sseTurn] = await Promise.all([failingTurn(json.agent.webhookId, 'json'), failingTurn(sse.agent.webhookId, 'sse')]);
      expect(jsonTurn.status).toBe(502);
      expect(jsonTurn.body).toEqual({ error: TURN_ERROR });
      expect(sseTurn.status).toBe(200);
      expect(sseTurn.events.at(-1)).toEqual({ event: 'error', data: { error: TURN_ERROR } });
      expect(sseTurn.events.some((e) => e.event === 'done')).toBe(false);
      // A hung provider is cut at LLM_TIMEOUT_MS, not left waiting.
      if (mode === 'hang') expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);

      for (const { user, agent } of [json, sse]) {
        expect(await storedMessages(agent.id)).toEqual([{ role: 'user', content: 'Está funcionando?' }]);
        expect(await messagesUsed(user.id)).toBe(0);
        expect(await agentError(agent.id)).toMatch(/provedor de IA/);
      }
      expect((await ctx.request('/api/health')).status).toBe(200);

      llm.mode = 'normal';
      for (const { user, agent } of [json, sse]) {
        expect(await chatOutput(ctx, agent.webhookId, 'E agora?', visitor('sessao-falha'))).toBe('Você disse: E agora?');
        expect(await agentError(agent.id)).toBeNull();
        expect(await messagesUsed(user.id)).toBe(1);
      }
    },
  );

  it('treats an empty answer as an error', async () => {
    const { user, agent } = await newAgent();
    llm.mode = 'empty';
    const res = await chat(ctx, agent.webhookId, 'Oi');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'UPSTREAM_FAILED', message: 'No response received from chat service' } });
    expect(await storedMessages(agent.id)).toEqual([{ role: 'user', content: 'Oi' }]);
    expect(await messagesUsed(user.id)).toBe(0);
  });

  it('fails a burst of concurrent turns cleanly and recovers at once', async () => {
    const { user, agent } = await newAgent();
    llm.mode = 'error';
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => chat(ctx, agent.webhookId, `pergunta ${i}`, visitor(`sessao-rajada-${i}`))));
    expect(burst.map((r) => r.status)).toEqual(Array(12).fill(502));
    expect((await storedMessages(agent.id)).filter((m) => m.role === 'user')).toHaveLength(12);
    expect(await messagesUsed(user.id)).toBe(0);

    llm.mode = 'normal';
    const after = await Promise.all(Array.from({ length: 12 }, (_, i) => chatOutput(ctx, agent.webhookId, `de novo ${i}`, visitor(`sessao-rajada-${i}`))));
    expect(after).toEqual(Array.from({ length: 12 }, (_, i) => `Você disse: de novo ${i}`));
    expect(await messagesUsed(user.id)).toBe(12);
  });
});

describe('WhatsApp when the provider fails', () => {
  const APP_SECRET = 'c0ffee0123456789abcdef0123456789';

  it('sends the apology once, keeps the message, does not repeat the turn, and answers the next message', async () => {
    const { user, agent } = await newAgent();
    const saved = await ctx.request(`/api/agents/${agent.id}/whatsapp`, {
      method: 'PUT',
      token: user.token,
      json: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
    });
    expect(saved.status).toBe(200);
    const customer = '5511977770001';
    const send = (id: string, text: string) => {
      const body = textNotification({ id, from: customer, text });
      return ctx.app.request(`/chat/${agent.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
        body,
      });
    };
    const status = async (id: string) =>
      (await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, id)))[0]?.status;
    const sent = () => graph.sent.filter((m) => m.to === customer).map((m) => m.body);

    llm.mode = 'error';
    expect((await send('wamid.LLM.FAIL.1', 'Está funcionando?')).status).toBe(200);
    await vi.waitFor(async () => expect(await status('wamid.LLM.FAIL.1')).toBe('answered'), { timeout: 20_000, interval: 100 });
    expect(sent()).toEqual([APOLOGY_NOTICE]);
    expect(await storedMessages(agent.id)).toEqual([{ role: 'user', content: 'Está funcionando?' }]);
    expect(await messagesUsed(user.id)).toBe(0);

    llm.mode = 'normal';
    expect((await send('wamid.LLM.OK.2', 'E agora?')).status).toBe(200);
    await vi.waitFor(async () => expect(await status('wamid.LLM.OK.2')).toBe('answered'), { timeout: 20_000, interval: 100 });
    expect(sent()).toEqual([APOLOGY_NOTICE, 'Você disse: E agora?']);
  });
});
