/**
 * The agent workspace's server side: the owner's test chat and its daily allowance, the appearance
 * settings and avatar (and what the public chat reads of them), the first-steps checklist, and the
 * knowledge base's sign-up prefill and link-reading state.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AVATAR_MAX_BYTES,
  quotaMonth,
  TEST_MESSAGES_PER_DAY,
  testDay,
  type Agent,
  type AgentAppearance,
  type AgentList,
  type Conversation,
  type ConversationSummary,
  type PublicAgent,
} from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { agentAppearance, conversations, testUsageCounters, usageCounters } from '../src/db/schema';
import { chat, chatHistory, chatOutput, createAgent, createUserWithAgent, parseSse, visitor } from './helpers/agents';
import { createTestContext, createUser, ORIGIN, type TestContext, type TestUser } from './helpers/context';
import { upload, waitForIngestion } from './helpers/knowledge';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/pngsuite', name)));
const PNG = fixture('basn2c08.png');
const PNG_ALPHA = fixture('basn6a08.png');

let ctx: TestContext;
// Several tests sign up two accounts (password hashing) and send a dozen turns: room for a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

beforeAll(async () => {
  ctx = await createTestContext({ jobs: true });
});
afterAll(async () => {
  await ctx.close();
});

const testChat = (user: TestUser, agentId: string, message: string, sessionId = visitor('teste-sessao-1'), headers: Record<string, string> = {}) =>
  ctx.request(`/api/agents/${agentId}/test-chat`, { method: 'POST', token: user.token, json: { message, sessionId }, headers });

const testHistory = (user: TestUser, agentId: string, sessionId: string) =>
  ctx.request(`/api/agents/${agentId}/test-chat/history`, { method: 'POST', token: user.token, json: { sessionId } });

async function agentsOf(user: TestUser): Promise<AgentList> {
  const res = await ctx.request('/api/agents', { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as AgentList;
}

const monthlyUsed = async (user: TestUser) => {
  const [row] = await ctx.database.db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.month, quotaMonth())));
  return row?.messages ?? 0;
};

describe('the test chat (POST /api/agents/{id}/test-chat)', () => {
  it('answers the owner in its own conversation, marked as a test, apart from a public session with the same id', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const same = visitor('mesma-sessao');
    const res = await testChat(user, agent.id, 'Olá', same);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { output: string }).output).toContain(agent.name);
    // The same browser id on the public chat is another conversation: neither sees the other's messages.
    await chatOutput(ctx, agent.webhookId, 'Sou um cliente de verdade', same);

    const history = await testHistory(user, agent.id, same);
    expect(history.status).toBe(200);
    const messages = ((await history.json()) as { messages: Array<{ role: string; content: string }> }).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[0]!.content).toBe('Olá');
    const publicHistory = await chatHistory(ctx, agent.webhookId, same);
    const publicMessages = ((await publicHistory.json()) as { messages: Array<{ content: string }> }).messages;
    expect(publicMessages.map((m) => m.content)).not.toContain('Olá');
    expect(publicMessages[0]!.content).toBe('Sou um cliente de verdade');

    const list = await ctx.request(`/api/agents/${agent.id}/conversations`, { token: user.token });
    const summaries = ((await list.json()) as { conversations: ConversationSummary[] }).conversations;
    expect(summaries.map((c) => c.channel).sort()).toEqual(['test', 'web']);
    const test = summaries.find((c) => c.channel === 'test')!;
    const detail = (await (await ctx.request(`/api/agents/${agent.id}/conversations/${test.id}`, { token: user.token })).json()) as Conversation;
    expect(detail).toMatchObject({ channel: 'test', messageCount: 2, customerLabel: 'Teste do dono' });
    // Stored like the public chat's sessions: the id itself is nowhere in the database.
    const rows = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    expect(JSON.stringify(rows)).not.toContain(same);
  });

  it("counts the daily test allowance, never the customers' monthly quota, and shows both in the usage", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    for (const message of ['Olá', 'Quanto é 2 + 2?']) expect((await testChat(user, agent.id, message)).status).toBe(200);
    await chatOutput(ctx, agent.webhookId, 'Olá, sou cliente');
    expect(await monthlyUsed(user)).toBe(1);
    const { usage } = await agentsOf(user);
    expect(usage).toMatchObject({ messagesUsed: 1, testMessagesUsed: 2, testMessagesLimit: TEST_MESSAGES_PER_DAY });
    // 'Meu plano' reads the same usage.
    const billing = (await (await ctx.request('/api/billing', { token: user.token })).json()) as { usage: AgentList['usage'] };
    expect(billing.usage).toMatchObject({ messagesUsed: 1, testMessagesUsed: 2 });
  });

  it('refuses beyond the allowance, exactly at the edge under a concurrent burst, with a pt-BR reason', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const edge = TEST_MESSAGES_PER_DAY - 5;
    await ctx.database.db.insert(testUsageCounters).values({ userId: user.id, day: testDay(), messages: edge });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => testChat(user, agent.id, `pergunta ${i}`, visitor(`rajada-${i}`))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = (await answers.find((r) => r.status === 429)!.json()) as { error: { code: string; userMessage: string } };
    expect(refused.error.code).toBe('TEST_LIMIT_REACHED');
    expect(refused.error.userMessage).toContain(`${TEST_MESSAGES_PER_DAY} testes de hoje`);
    expect((await agentsOf(user)).usage.testMessagesUsed).toBe(TEST_MESSAGES_PER_DAY);
    expect(await monthlyUsed(user)).toBe(0);
    // Customers are still answered.
    expect(await chatOutput(ctx, agent.webhookId, 'Olá')).toContain(agent.name);
  });

  it('streams over SSE, and the refusal comes as an error event too', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const res = await testChat(user, agent.id, 'Olá', visitor('sse-sessao'), { accept: 'text/event-stream' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    expect(events.at(-1)).toMatchObject({ event: 'done' });
    await ctx.database.db
      .update(testUsageCounters)
      .set({ messages: TEST_MESSAGES_PER_DAY })
      .where(eq(testUsageCounters.userId, user.id));
    const refused = parseSse(await (await testChat(user, agent.id, 'Olá', visitor('sse-sessao'), { accept: 'text/event-stream' })).text());
    expect(refused).toEqual([{ event: 'error', data: expect.objectContaining({ error: expect.objectContaining({ code: 'TEST_LIMIT_REACHED' }) }) }]);
  });

  it('works on an inactive agent, and only for its owner', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } });
    expect((await chat(ctx, agent.webhookId, 'Olá')).status).toBe(404);
    expect((await testChat(user, agent.id, 'Olá')).status).toBe(200);

    const stranger = await createUser(ctx);
    expect((await testChat(stranger, agent.id, 'Olá')).status).toBe(404);
    expect((await testHistory(stranger, agent.id, visitor('teste-sessao-1'))).status).toBe(404);
    const anonymous = await ctx.app.request(`/api/agents/${agent.id}/test-chat`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Olá', sessionId: visitor('teste-sessao-1') }),
    });
    expect(anonymous.status).toBe(401);
    expect((await agentsOf(stranger)).usage.testMessagesUsed).toBe(0);
  });

  it('validates the message and the session id', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    // A blank message; ids a stranger could guess (short, a phone number, an e-mail) are refused as on the public chat.
    for (const body of [
      { message: '   ', sessionId: visitor('teste-sessao-1') },
      { message: 'Olá', sessionId: 'x' },
      { message: 'Olá', sessionId: '5511987654321' },
      { message: 'Olá', sessionId: 'cliente@example.com' },
    ]) {
      const res = await ctx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', token: user.token, json: body });
      expect(res.status).toBe(400);
    }
    expect((await agentsOf(user)).usage.testMessagesUsed).toBe(0);
    // Before its first message a session has no messages (as the public chat's history).
    const empty = await testHistory(user, agent.id, visitor('sessao-sem-mensagens'));
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ messages: [] });
  });
});

describe('a provider failure in the test chat', () => {
  let llm: FakeOpenAI;
  let llmCtx: TestContext;
  beforeAll(async () => {
    llm = await startFakeOpenAI();
    llmCtx = await createTestContext({ env: { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, CHAT_MODEL: 'fake-model', LLM_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await llmCtx.close();
    await llm.close();
  });
  afterEach(() => {
    llm.mode = 'normal';
  });

  it('gives the test message back', async () => {
    const { user, agent } = await createUserWithAgent(llmCtx);
    llm.mode = 'error';
    const res = await llmCtx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', token: user.token, json: { message: 'Olá', sessionId: visitor('falha-sessao') } });
    expect(res.status).toBe(502);
    const [row] = await llmCtx.database.db.select().from(testUsageCounters).where(eq(testUsageCounters.userId, user.id));
    expect(row?.messages ?? 0).toBe(0);
  });
});

describe('appearance', () => {
  const appearanceOf = async (user: TestUser, agent: Agent) => {
    const res = await ctx.request(`/api/agents/${agent.id}/appearance`, { token: user.token });
    expect(res.status).toBe(200);
    return (await res.json()) as AgentAppearance;
  };
  const save = (user: TestUser, agent: Agent, body: unknown) =>
    ctx.request(`/api/agents/${agent.id}/appearance`, { method: 'PUT', token: user.token, json: body });
  const sendAvatar = (user: TestUser, agent: Agent, bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new File([bytes], name, { type }));
    return ctx.app.request(`/api/agents/${agent.id}/appearance/avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, origin: ORIGIN },
      body: form,
    });
  };
  const publicAgent = async (agent: Agent) => {
    const res = await ctx.request(`/webhook/${agent.webhookId}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PublicAgent;
  };
  const valid = { color: '#1B5E20', displayName: '  Ana da Padaria ', welcomeMessage: 'Olá! Posso ajudar?', suggestions: ['Qual o horário?', '', 'Fazem entrega?'], position: 'left' };

  it('starts from the defaults, saves normalised settings, and the public chat reads only what customers see', async () => {
    const { user, agent } = await createUserWithAgent(ctx, 'Padaria Pão Quente');
    expect(await appearanceOf(user, agent)).toEqual({ color: '#4f46e5', displayName: '', welcomeMessage: '', suggestions: [], position: 'right', avatarUrl: null });
    expect((await publicAgent(agent)).appearance).toEqual({
      color: '#4f46e5',
      displayName: 'Padaria Pão Quente',
      welcomeMessage: '',
      suggestions: [],
      position: 'right',
      avatarUrl: null,
    });

    const res = await save(user, agent, valid);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as AgentAppearance;
    expect(saved).toEqual({
      color: '#1b5e20',
      displayName: 'Ana da Padaria',
      welcomeMessage: 'Olá! Posso ajudar?',
      suggestions: ['Qual o horário?', 'Fazem entrega?'],
      position: 'left',
      avatarUrl: null,
    });
    const pub = await publicAgent(agent);
    expect(pub).toEqual({ name: agent.name, webhookId: agent.webhookId, appearance: { ...saved, displayName: 'Ana da Padaria' } });
    expect(JSON.stringify(pub)).not.toContain(user.id);
    expect(JSON.stringify(pub)).not.toContain(agent.id);
  });

  it('refuses invalid settings with a pt-BR reason per field, and keeps the saved ones', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await save(user, agent, valid)).status).toBe(200);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ color: 'red' }, 'color', /#RRGGBB/],
      [{ color: '#12345' }, 'color', /#RRGGBB/],
      [{ color: 'url(javascript:alert(1))' }, 'color', /#RRGGBB/],
      [{ displayName: 'x'.repeat(61) }, 'displayName', /60 caracteres/],
      [{ welcomeMessage: 'x'.repeat(501) }, 'welcomeMessage', /500 caracteres/],
      [{ suggestions: ['a', 'b', 'c', 'd', 'e'] }, 'suggestions', /no máximo 4/],
      [{ suggestions: ['x'.repeat(81)] }, 'suggestions.0', /80 caracteres/],
      [{ position: 'top' }, 'position', /direita ou esquerda/],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(user, agent, { ...valid, ...change });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: Record<string, string[]> } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details[field]?.join(' '), field).toMatch(message);
    }
    expect((await appearanceOf(user, agent)).color).toBe('#1b5e20');
  });

  it('stores the avatar in the file storage, serves it as an image with a versioned address, and replaces it', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const first = await sendAvatar(user, agent, PNG, 'logo.svg', 'image/svg+xml');
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as AgentAppearance;
    expect(avatarUrl).toMatch(new RegExp(`^${ORIGIN}/webhook/${agent.webhookId}/avatar\\?v=[\\w-]+$`));
    expect((await publicAgent(agent)).appearance.avatarUrl).toBe(avatarUrl);

    const served = await ctx.request(avatarUrl!.slice(ORIGIN.length));
    expect(served.status).toBe(200);
    // The type comes from the bytes, not from the name or declared type of the upload.
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const [row] = await ctx.database.db.select().from(agentAppearance).where(eq(agentAppearance.agentId, agent.id));
    expect(row!.avatarKey).toMatch(new RegExp(`^${user.id}/${agent.id}/avatar-[\\w-]+\\.png$`));
    expect(await ctx.services.storage.get(row!.avatarKey!)).toEqual(PNG);

    // A new picture gets a new address; the old object leaves the storage.
    const second = (await (await sendAvatar(user, agent, PNG_ALPHA)).json()) as AgentAppearance;
    expect(second.avatarUrl).not.toBe(avatarUrl);
    await expect(ctx.services.storage.get(row!.avatarKey!)).rejects.toThrow();
    const stale = await ctx.request(avatarUrl!.slice(ORIGIN.length));
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(PNG_ALPHA);
    expect(stale.headers.get('cache-control')).toBe('no-cache');

    // Removing it: the chat shows the initial again, and the object is gone.
    const [current] = await ctx.database.db.select().from(agentAppearance).where(eq(agentAppearance.agentId, agent.id));
    const removed = await ctx.request(`/api/agents/${agent.id}/appearance/avatar`, { method: 'DELETE', token: user.token });
    expect(((await removed.json()) as AgentAppearance).avatarUrl).toBeNull();
    await expect(ctx.services.storage.get(current!.avatarKey!)).rejects.toThrow();
    expect((await ctx.request(`/webhook/${agent.webhookId}/avatar`)).status).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, and pictures over 512 KB', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const refusals: Array<[Uint8Array, string, number]> = [
      // PngSuite's corrupted signatures.
      [fixture('xs1n0g01.png'), 'xs1n0g01.png', 415],
      [fixture('xs2n0g01.png'), 'xs2n0g01.png', 415],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg', 415],
      [new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'logo.png', 415],
      [new Uint8Array(0), 'vazio.png', 400],
      [new Uint8Array([...PNG, ...new Uint8Array(AVATAR_MAX_BYTES)]), 'grande.png', 413],
    ];
    for (const [bytes, name, status] of refusals) {
      const res = await sendAvatar(user, agent, bytes, name);
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: { userMessage: string } }).error.userMessage, name).toMatch(/imagem/i);
    }
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 4, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
    for (const [bytes, type] of [[jpeg, 'image/jpeg'], [webp, 'image/webp']] as const) {
      expect((await sendAvatar(user, agent, bytes, 'foto.bin', 'application/octet-stream')).status).toBe(200);
      const served = await ctx.request(`/webhook/${agent.webhookId}/avatar`);
      expect(served.headers.get('content-type')).toBe(type);
    }
  });

  it("is the owner's alone, and an inactive agent shows nothing publicly", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await sendAvatar(user, agent, PNG)).status).toBe(200);
    const stranger = await createUser(ctx);
    expect((await ctx.request(`/api/agents/${agent.id}/appearance`, { token: stranger.token })).status).toBe(404);
    expect((await save(stranger, agent, valid)).status).toBe(404);
    expect((await sendAvatar(stranger, agent, PNG_ALPHA)).status).toBe(404);
    expect((await ctx.request(`/api/agents/${agent.id}/appearance/avatar`, { method: 'DELETE', token: stranger.token })).status).toBe(404);
    expect((await appearanceOf(user, agent)).avatarUrl).not.toBeNull();

    await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } });
    expect((await ctx.request(`/webhook/${agent.webhookId}`)).status).toBe(404);
    expect((await ctx.request(`/webhook/${agent.webhookId}/avatar`)).status).toBe(404);
  });

  it('deleting the agent deletes its stored objects: uploads and avatar', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await sendAvatar(user, agent, PNG)).status).toBe(200);
    expect((await upload(ctx, user, agent.id, [{ name: 'horario.txt', bytes: 'Abrimos às 7h.', type: 'text/plain' }])).status).toBe(201);
    const [file] = await waitForIngestion(ctx, user, agent.id);
    const [row] = await ctx.database.db.select().from(agentAppearance).where(eq(agentAppearance.agentId, agent.id));
    const keys = [row!.avatarKey!, (await ctx.database.db.query.files.findFirst({ where: (f, { eq: is }) => is(f.id, file!.id) }))!.path];
    for (const key of keys) await expect(ctx.services.storage.get(key)).resolves.toBeInstanceOf(Uint8Array);
    expect((await ctx.request(`/api/agents/${agent.id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    for (const key of keys) await expect(ctx.services.storage.get(key)).rejects.toThrow();
  });
});

describe('the first-steps checklist (Agent.setup)', () => {
  it('follows personality → knowledge → test → share as the data changes', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    expect(agent.setup).toEqual({ personality: false, knowledge: false, tested: false, shared: false });
    const setup = async () => (await agentsOf(user)).agents.find((a) => a.id === agent.id)!.setup;

    const patched = await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: true } });
    expect(((await patched.json()) as Agent).setup.personality).toBe(false);
    await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { systemMessage: 'Seja breve e simpático.' } });
    expect(await setup()).toEqual({ personality: true, knowledge: false, tested: false, shared: false });

    await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Loja', about: 'Abrimos às 8h.', links: '' } });
    expect(await setup()).toMatchObject({ knowledge: true, tested: false });
    await testChat(user, agent.id, 'Que horas abrem?');
    expect(await setup()).toMatchObject({ tested: true, shared: false });
    await chatOutput(ctx, agent.webhookId, 'Que horas abrem?');
    expect(await setup()).toEqual({ personality: true, knowledge: true, tested: true, shared: true });
    // The single-agent read says the same.
    expect(((await (await ctx.request(`/api/agents/${agent.id}`, { token: user.token })).json()) as Agent).setup.shared).toBe(true);
  });
});

describe('knowledge base for a new agent', () => {
  it("starts with the company given at sign-up, and says while saved links are still being read", async () => {
    const user = await createUser(ctx, { company: 'Café da Carla' });
    const agent = await createAgent(ctx, user);
    const read = async () => (await (await ctx.request(`/api/agents/${agent.id}/knowledge`, { token: user.token })).json()) as Record<string, unknown>;
    expect(await read()).toMatchObject({ companyName: 'Café da Carla', about: '', links: '', linksPending: false, updatedAt: null });

    const saved = await ctx.request(`/api/agents/${agent.id}/knowledge`, {
      method: 'PUT',
      token: user.token,
      json: { companyName: 'Café da Carla', about: '', links: 'http://127.0.0.1:9/cardapio' },
    });
    expect(await saved.json()).toMatchObject({ linksPending: true, linksReport: null });
    await vi.waitFor(async () => expect(await read()).toMatchObject({ linksPending: false }), { timeout: 30_000, interval: 200 });
    expect((await read()).linksReport).toContain('http://127.0.0.1:9/cardapio');
    // A cleared company name stays cleared: the sign-up value only fills a knowledge base never saved.
    await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: '', about: '', links: '' } });
    expect(await read()).toMatchObject({ companyName: '', linksPending: false });
  });
});
