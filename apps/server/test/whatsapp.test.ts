import { readFileSync } from 'node:fs';
import { quotaMonth, type Agent, type AgentList, type Conversation, type ConversationSummary, type WhatsAppCheck, type WhatsAppConfig } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_NUMBER, metaSignature, notification, startFakeGraph, textMessage, type FakeGraph } from '../../../e2e/fakes';
import { echoReply, startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { captionNotice, TEXT_ONLY_NOTICE, verificationErrors } from '../src/channels/whatsapp/messages';
import { QUOTA_NOTICE } from '../src/chat/runtime';
import { conversations, usageCounters, whatsappConfigs, whatsappMessages } from '../src/db/schema';
import { createAgent, createUserWithAgent, outcomes, transcript } from './helpers/agents';
import { createTestContext, createUser, ORIGIN, type TestContext, type TestUser } from './helpers/context';

let graph: FakeGraph;
let llm: FakeOpenAI;
let ctx: TestContext;

beforeAll(async () => {
  [graph, llm] = await Promise.all([startFakeGraph(), startFakeOpenAI()]);
  ctx = await createTestContext({
    jobs: true,
    env: {
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_GRAPH_VERSION: 'v21.0',
      OPENAI_API_KEY: 'sk-fake',
      OPENAI_BASE_URL: llm.baseUrl,
      CHAT_MODEL: 'fake-model',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([graph?.close(), llm?.close()]);
});
afterEach(() => {
  llm.reply = echoReply;
  graph.sendErrors.length = 0;
});

const APP_SECRET = 'c0ffee0123456789abcdef0123456789';
let waCounter = 0;
/** A fresh customer WhatsApp id per test, so the fake's records can be filtered. */
const newCustomer = () => `55119${String(Date.now()).slice(-5)}${String(++waCounter).padStart(3, '0')}`;

const configPath = (agent: Agent) => `/api/agents/${agent.id}/whatsapp`;

function putConfig(user: TestUser, agent: Agent, body: Record<string, unknown>) {
  return ctx.request(configPath(agent), { method: 'PUT', token: user.token, json: body });
}

async function getConfig(user: TestUser, agent: Agent): Promise<WhatsAppConfig> {
  const res = await ctx.request(configPath(agent), { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as WhatsAppConfig;
}

/** A user with an agent whose WhatsApp is configured with the fake's number (and an app secret unless told otherwise). */
async function connectedAgent(options: { appSecret?: string | null; number?: typeof FAKE_NUMBER } = {}) {
  const { user, agent } = await createUserWithAgent(ctx, 'Atendente WhatsApp');
  const number = options.number ?? FAKE_NUMBER;
  const appSecret = options.appSecret === undefined ? APP_SECRET : options.appSecret;
  const res = await putConfig(user, agent, { metaToken: number.token, phoneNumberId: number.id, ...(appSecret ? { appSecret } : {}) });
  expect(res.status).toBe(200);
  return { user, agent };
}


/** POSTs the exact bytes of `body` to the webhook, signed with `secret` (null: no signature header). */
async function deliver(agent: Agent, payload: unknown, secret: string | null = APP_SECRET, extraHeaders: Record<string, string> = {}) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (secret) headers['x-hub-signature-256'] = metaSignature(body, secret);
  return ctx.app.request(`/chat/${agent.webhookId}`, { method: 'POST', headers, body });
}

const messageRow = async (id: string) => (await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, id)))[0];

/** Waits (polling) until the inbound message has been handled: answered, failed or ignored. */
async function settled(id: string, timeout = 20_000) {
  let row: Awaited<ReturnType<typeof messageRow>>;
  await vi.waitFor(
    async () => {
      row = await messageRow(id);
      expect(row?.status ?? 'missing').not.toMatch(/^(received|sending|missing)$/);
    },
    { timeout, interval: 100 },
  );
  return row!;
}

const sentTo = (customer: string) => graph.sent.filter((m) => m.to === customer || m.recipient === customer);

describe('GET/PUT /api/agents/{id}/whatsapp', () => {
  it('starts unconfigured, with the webhook URL and a per-agent verify token', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const config = await getConfig(user, agent);
    expect(config).toMatchObject({
      configured: false,
      webhookUrl: `${ORIGIN}/chat/${agent.webhookId}`,
      phoneNumberId: null,
      metaToken: null,
      appSecret: null,
      lastError: null,
    });
    expect(config.verifyToken).toMatch(/^[\w-]{32}$/);
    expect((await getConfig(user, agent)).verifyToken).toBe(config.verifyToken);

    const other = await createUser(ctx);
    const otherAgent = await createAgent(ctx, other);
    expect((await getConfig(other, otherAgent)).verifyToken).not.toBe(config.verifyToken);
    expect((await ctx.request(configPath(agent), { token: other.token })).status).toBe(404);
    expect((await putConfig(other, agent, { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id })).status).toBe(404);
    expect((await ctx.request(configPath(agent))).status).toBe(401);
  });

  it('verifies with the Graph API, then saves the credentials encrypted and returns them masked', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const before = await getConfig(user, agent);
    const res = await putConfig(user, agent, { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET });
    expect(res.status).toBe(200);
    const { verification, config } = (await res.json()) as WhatsAppCheck;
    expect(verification).toEqual({
      verified: true,
      phoneNumber: '+55 11 99999-0000',
      status: 'CONNECTED',
      quality_rating: 'GREEN',
      error: null,
    });
    expect(config).toMatchObject({
      configured: true,
      phoneNumberId: FAKE_NUMBER.id,
      metaToken: '••••••••0001',
      appSecret: '••••••••6789',
      phoneNumber: '+55 11 99999-0000',
      status: 'CONNECTED',
      qualityRating: 'GREEN',
      lastError: null,
      verifyToken: before.verifyToken,
    });
    expect(config.verifiedAt).not.toBeNull();

    const text = JSON.stringify(await getConfig(user, agent));
    expect(text).not.toContain(FAKE_NUMBER.token);
    expect(text).not.toContain(APP_SECRET);
    const [row] = await ctx.database.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.agentId, agent.id));
    expect(row!.metaTokenEncrypted).not.toContain(FAKE_NUMBER.token.slice(4));
    expect(row!.appSecretEncrypted).not.toContain(APP_SECRET.slice(4));
  });

  it.each([
    ['a bad token (190)', { metaToken: 'EAAGwrongToken', phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET }, verificationErrors.token],
    ['a bad phone number id (100)', { metaToken: FAKE_NUMBER.token, phoneNumberId: '999999999', appSecret: APP_SECRET }, verificationErrors.phoneNumberId],
  ])('refuses %s and saves nothing', async (_name, body, userMessage) => {
    const { user, agent } = await createUserWithAgent(ctx);
    const res = await putConfig(user, agent, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Invalid WhatsApp configuration', userMessage } });
    expect((await getConfig(user, agent)).configured).toBe(false);
  });

  it('validates the input: token required on first save, numeric phone id', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const noToken = await putConfig(user, agent, { phoneNumberId: FAKE_NUMBER.id });
    expect(noToken.status).toBe(400);
    expect(((await noToken.json()) as { error: { userMessage: string } }).error.userMessage).toBe('Informe o Token da Meta.');
    const badId = await putConfig(user, agent, { metaToken: FAKE_NUMBER.token, phoneNumberId: '../me' });
    expect(badId.status).toBe(400);
    expect((await putConfig(user, agent, { metaToken: FAKE_NUMBER.token })).status).toBe(400);
    // The app secret is required (issue 13, item 6): the merchant is told where Meta shows it.
    const noSecret = await putConfig(user, agent, { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id });
    expect(noSecret.status).toBe(400);
    expect(await noSecret.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', userMessage: verificationErrors.appSecret } });
    expect((await getConfig(user, agent)).configured).toBe(false);
  });

  it('keeps the stored token and app secret when a re-save omits them', async () => {
    const { user, agent } = await connectedAgent();
    const res = await putConfig(user, agent, { phoneNumberId: FAKE_NUMBER.id, metaToken: '', appSecret: '' });
    expect(res.status).toBe(200);
    const { config } = (await res.json()) as WhatsAppCheck;
    expect(config).toMatchObject({ metaToken: '••••••••0001', appSecret: '••••••••6789' });
  });

  it('re-verifies the saved configuration; a revoked token shows on the agent until fixed', async () => {
    const number = graph.addNumber({ display_phone_number: '+55 21 98888-1111', quality_rating: 'YELLOW' });
    const { user, agent } = await connectedAgent({ number });
    const verify = () => ctx.request(`${configPath(agent)}/verify`, { method: 'POST', token: user.token });

    const ok = (await (await verify()).json()) as WhatsAppCheck;
    expect(ok.verification).toMatchObject({ verified: true, phoneNumber: '+55 21 98888-1111', quality_rating: 'YELLOW' });

    const oldToken = number.token;
    number.token = `${oldToken}-rotated`;
    const res = await verify();
    expect(res.status).toBe(200);
    const failed = (await res.json()) as WhatsAppCheck;
    expect(failed.verification).toEqual({ verified: false, phoneNumber: null, status: null, quality_rating: null, error: verificationErrors.token });
    expect(failed.config.lastError).toBe(`WhatsApp: ${verificationErrors.token}`);
    const listed = await agentError(user, agent);
    expect(listed).toBe(`WhatsApp: ${verificationErrors.token}`);

    const fixed = await putConfig(user, agent, { metaToken: number.token, phoneNumberId: number.id });
    expect(fixed.status).toBe(200);
    expect(await agentError(user, agent)).toBeNull();
  });
});

it('documents the configuration endpoints in the OpenAPI document', async () => {
  const doc = (await (await ctx.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  expect(Object.keys(doc.paths['/api/agents/{id}/whatsapp']!)).toEqual(expect.arrayContaining(['get', 'put']));
  expect(doc.paths['/api/agents/{id}/whatsapp/verify']).toHaveProperty('post');
});

/** The agent's error as its owner sees it: the same in the list, the agent's page and a PATCH answer. */
async function agentError(user: TestUser, agent: Agent) {
  const res = await ctx.request('/api/agents', { token: user.token });
  const list = (await res.json()) as AgentList;
  const listed = list.agents.find((a) => a.id === agent.id)!.lastError;
  const detail = (await (await ctx.request(`/api/agents/${agent.id}`, { token: user.token })).json()) as Agent;
  const patched = await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { name: agent.name } });
  expect(patched.status).toBe(200);
  expect([detail.lastError, ((await patched.json()) as Agent).lastError]).toEqual([listed, listed]);
  return listed;
}

describe('GET /chat/{webhookId} handshake', () => {
  it('echoes hub.challenge only for subscribe with the right verify token', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const { verifyToken } = await getConfig(user, agent);
    const handshake = (query: Record<string, string>, webhookId = agent.webhookId) =>
      ctx.app.request(`/chat/${webhookId}?${new URLSearchParams(query)}`);

    // Works before the credentials are saved (Meta can be configured first) and after.
    for (const step of ['before', 'after']) {
      if (step === 'after') expect((await putConfig(user, agent, { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET })).status).toBe(200);
      const ok = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await ok.text()).toBe('1158201444');
    }
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' }, 'unknown-webhook')).status).toBe(404);
  });
});

describe('POST /chat/{webhookId} notifications', () => {
  it('answers a signed text message once: read receipt with typing, the reply, the transcript', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const text = 'Olá! Vocês têm pão de queijo? 🧀 Ação de verão?';
    const res = await deliver(agent, notification([textMessage('wamid.signed-1', text)], { from: customer }));
    expect(res.status).toBe(200);
    expect(await settled('wamid.signed-1')).toMatchObject({ status: 'answered' });

    expect(sentTo(customer)).toHaveLength(1);
    expect(sentTo(customer)[0]!.request).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: customer,
      type: 'text',
      text: { preview_url: false, body: `Você disse: ${text}` },
    });
    expect(graph.reads).toContainEqual({ phoneNumberId: FAKE_NUMBER.id, messageId: 'wamid.signed-1', typingIndicator: true });

    const list = (await (await ctx.request(`/api/agents/${agent.id}/conversations`, { token: user.token })).json()) as {
      conversations: ConversationSummary[];
    };
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ channel: 'whatsapp', customerLabel: `+${customer}`, messageCount: 2 });
    const convo = (await (await ctx.request(`/api/agents/${agent.id}/conversations/${list.conversations[0]!.id}`, { token: user.token })).json()) as Conversation;
    expect(convo.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', text],
      ['assistant', `Você disse: ${text}`],
    ]);
  });

  it('answers a text with a NUL character (http/json-text.ts), stored and sent without it', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const res = await deliver(agent, notification([textMessage('wamid.nul-1', 'Vocês\u0000 abrem hoje?')], { from: customer }));
    expect(res.status).toBe(200);
    expect(await settled('wamid.nul-1')).toMatchObject({ status: 'answered' });
    expect(sentTo(customer)[0]!.request).toMatchObject({ text: { body: 'Você disse: Vocês abrem hoje?' } });
  });

  it('keeps the memory per customer across messages', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    await deliver(agent, notification([textMessage('wamid.memory-1', 'meu nome é Joana')], { from: customer }));
    await settled('wamid.memory-1');
    llm.requests.length = 0;
    await deliver(agent, notification([textMessage('wamid.memory-2', 'qual é o meu nome?')], { from: customer }));
    await settled('wamid.memory-2');
    const turn = llm.requests.find((r) => r.messages.some((m) => m.content === 'qual é o meu nome?'))!;
    expect(turn.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'meu nome é Joana',
      'Você disse: meu nome é Joana',
      'qual é o meu nome?',
    ]);
  });

  it('answers a message delivered twice, or 20 times at once, exactly once', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const payload = notification([textMessage('wamid.dup-1', 'Qual o horário de vocês?')], { from: customer });
    expect((await deliver(agent, payload)).status).toBe(200);
    expect((await deliver(agent, payload)).status).toBe(200);
    await settled('wamid.dup-1');

    const burst = notification([textMessage('wamid.dup-2', 'Vocês entregam?')], { from: customer });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => deliver(agent, burst).then((r) => r.status)));
    expect(statuses).toEqual(Array(20).fill(200));
    await settled('wamid.dup-2');
    // A later redelivery of an answered message changes nothing either.
    expect((await deliver(agent, burst)).status).toBe(200);

    expect(sentTo(customer).map((m) => m.body)).toEqual(['Você disse: Qual o horário de vocês?', 'Você disse: Vocês entregam?']);
  });

  it('rejects a missing or wrong signature with 401 and processes nothing', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const payload = notification([textMessage('wamid.forged', 'mensagem forjada')], { from: customer });
    expect((await deliver(agent, payload, null)).status).toBe(401);
    expect((await deliver(agent, payload, 'another-app-secret')).status).toBe(401);
    const body = JSON.stringify(payload);
    const tampered = await ctx.app.request(`/chat/${agent.webhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
      body: body.replace('forjada', 'alterada'),
    });
    expect(tampered.status).toBe(401);
    expect(await messageRow('wamid.forged')).toBeUndefined();
    expect(sentTo(customer)).toEqual([]);
  });

  it('refuses unsigned notifications, and every notification of a configuration saved without an app secret (issue 13, item 6)', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    // Forged: no signature. The agent must not be made to write to anyone.
    expect((await deliver(agent, notification([textMessage('wamid.unsigned', 'oi')], { from: customer }), null)).status).toBe(401);
    expect(await messageRow('wamid.unsigned')).toBeUndefined();

    // A configuration stored before the secret was required: nothing is accepted, and the agent says why.
    await ctx.database.db.update(whatsappConfigs).set({ appSecretEncrypted: null }).where(eq(whatsappConfigs.agentId, agent.id));
    const signedWithAnything = notification([textMessage('wamid.legacy', 'oi')], { from: customer });
    expect((await deliver(agent, signedWithAnything, 'qualquer-segredo')).status).toBe(401);
    expect((await deliver(agent, signedWithAnything, null)).status).toBe(401);
    expect(await messageRow('wamid.legacy')).toBeUndefined();
    expect(sentTo(customer)).toEqual([]);
    expect((await getConfig(user, agent)).lastError).toBe(`WhatsApp: ${verificationErrors.appSecretMissing}`);

    // Adding the secret makes it work again.
    expect((await putConfig(user, agent, { phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET })).status).toBe(200);
    expect((await getConfig(user, agent)).lastError).toBeNull();
    expect((await deliver(agent, notification([textMessage('wamid.after', 'oi')], { from: customer }))).status).toBe(200);
    expect(await settled('wamid.after')).toMatchObject({ status: 'answered' });
  });

  it('splits answers longer than 4,096 characters into ordered messages', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const paragraphs = Array.from({ length: 5 }, (_, i) => `Seção ${i + 1}. ${'Nosso cardápio tem pães, bolos e doces artesanais. '.repeat(40).trim()}`);
    llm.reply = () => paragraphs.join('\n\n');
    await deliver(agent, notification([textMessage('wamid.long', 'me conte tudo')], { from: customer }));
    expect(await settled('wamid.long')).toMatchObject({ status: 'answered' });
    const bodies = sentTo(customer).map((m) => m.body);
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    expect(bodies.every((b) => b.length <= 4096)).toBe(true);
    expect(bodies.join('\n\n')).toBe(paragraphs.join('\n\n'));
  });

  it("delivers the team's message through the channel adapter, in WhatsApp's markup, to the conversation's customer", async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    await deliver(agent, notification([textMessage('wamid.team-1', 'quero falar com alguém')], { from: customer }));
    await settled('wamid.team-1');
    const [conversation] = await ctx.database.db.select().from(conversations).where(eq(conversations.agentId, agent.id));
    const before = sentTo(customer).length;

    await ctx.services.channels.outbound.send(conversation!, { id: 'team-message-1', text: '**Oi!** Aqui é a Ana, da equipe.' });
    await vi.waitFor(() => expect(sentTo(customer).length).toBe(before + 1), { timeout: 20_000, interval: 100 });
    expect(sentTo(customer).at(-1)?.body).toBe('*Oi!* Aqui é a Ana, da equipe.');
  });

  it('sends the quota notice once when the monthly quota is used up', async () => {
    const { user, agent } = await connectedAgent();
    await ctx.database.db.insert(usageCounters).values({ userId: user.id, month: quotaMonth(), messages: 100 });
    const customer = newCustomer();
    llm.requests.length = 0;
    await deliver(agent, notification([textMessage('wamid.quota-1', 'oi?')], { from: customer }));
    await settled('wamid.quota-1');
    await deliver(agent, notification([textMessage('wamid.quota-2', 'alguém aí?')], { from: customer }));
    expect(await settled('wamid.quota-2')).toMatchObject({ status: 'ignored' });
    expect(sentTo(customer).map((m) => m.body)).toEqual([QUOTA_NOTICE]);
    expect(llm.requests).toEqual([]);
  });

  it('answers business-scoped users (only from_user_id) through `recipient`', async () => {
    const { agent } = await connectedAgent();
    const userId = `BR.${Date.now()}${++waCounter}`;
    const payload = notification([{ ...textMessage('wamid.bsuid', 'Oi, tudo bem?'), from_user_id: userId }]);
    await deliver(agent, payload);
    expect(await settled('wamid.bsuid')).toMatchObject({ status: 'answered' });
    const [sent] = sentTo(userId);
    expect(sent!.request).toMatchObject({ recipient: userId, text: { body: 'Você disse: Oi, tudo bem?' } });
    expect(sent!.request).not.toHaveProperty('to');
  });

  it('politely says only text is understood for media, once in a row; ignores reactions and statuses', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const image = { id: 'wamid.image', type: 'image', image: { id: 'media-1', mime_type: 'image/jpeg' } };
    const voice = { id: 'wamid.voice', type: 'audio', audio: { id: 'media-2', mime_type: 'audio/ogg', voice: true } };
    const reaction = { id: 'wamid.reaction', type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '👍' } };
    const statuses = [{ id: 'wamid.out', status: 'delivered', timestamp: '1', recipient_id: customer }];
    expect((await deliver(agent, notification([image, reaction], { from: customer, statuses }))).status).toBe(200);
    expect(await settled('wamid.image')).toMatchObject({ status: 'answered' });
    await deliver(agent, notification([voice], { from: customer }));
    expect(await settled('wamid.voice')).toMatchObject({ status: 'ignored' });
    expect(await messageRow('wamid.reaction')).toBeUndefined();
    expect(sentTo(customer).map((m) => m.body)).toEqual([TEXT_ONLY_NOTICE]);
    expect(await outcomes(ctx, agent.id)).toEqual(['notice']);

    const list = (await (await ctx.request(`/api/agents/${agent.id}/conversations`, { token: user.token })).json()) as {
      conversations: ConversationSummary[];
    };
    expect(list.conversations[0]).toMatchObject({ channel: 'whatsapp', lastMessage: '[Mensagem de voz]' });
  });

  it('answers the caption of a picture, saying the picture itself was not read', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const image = { id: 'wamid.caption', type: 'image', image: { id: 'media-3', mime_type: 'image/jpeg', caption: 'Quanto custa este bolo?' } };
    await deliver(agent, notification([image], { from: customer }));
    expect(await settled('wamid.caption')).toMatchObject({ status: 'answered' });
    const answer = `${captionNotice('Imagem')}\n\nVocê disse: Quanto custa este bolo?`;
    expect(sentTo(customer).map((m) => m.body)).toEqual([answer]);
    expect(await transcript(ctx, agent.id)).toEqual([
      { role: 'user', content: '[Imagem] Quanto custa este bolo?' },
      { role: 'assistant', content: answer },
    ]);
    expect(await outcomes(ctx, agent.id)).toEqual(['answered']);
  });

  it('retries rate-limited sends (130429, then 131056 from the send queue) with backoff and delivers once', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    graph.sendErrors.push({ code: 130429, message: 'Rate limit hit' }, { code: 131056, message: 'Pair rate limit hit' });
    await deliver(agent, notification([textMessage('wamid.rate', 'tem bolo hoje?')], { from: customer }));
    // The second attempt comes from the send queue's exponential backoff (5–10 s).
    expect(await settled('wamid.rate', 40_000)).toMatchObject({ status: 'answered' });
    expect(sentTo(customer).map((m) => m.body)).toEqual(['Você disse: tem bolo hoje?']);
    expect(graph.sendErrors).toEqual([]);
  }, 50_000);

  it('does not retry a message outside the 24-hour window (131047)', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    graph.sendErrors.push({ code: 131047, message: 'Re-engagement message' });
    await deliver(agent, notification([textMessage('wamid.window', 'oi')], { from: customer }));
    const row = await settled('wamid.window');
    expect(row).toMatchObject({ status: 'failed', error: 'outside the 24-hour customer service window' });
    expect(sentTo(customer)).toEqual([]);
  });

  it('flags the configuration on the agent when the token is refused while answering (190), without retrying', async () => {
    const number = graph.addNumber();
    const { user, agent } = await connectedAgent({ number });
    number.token = `${number.token}-revoked`;
    await deliver(agent, notification([textMessage('wamid.revoked', 'oi')], { from: newCustomer(), phoneNumberId: number.id }));
    expect(await settled('wamid.revoked')).toMatchObject({ status: 'failed' });
    expect(await agentError(user, agent)).toBe(`WhatsApp: ${verificationErrors.token}`);
  });

  it('acknowledges but ignores notifications for an inactive agent; 404 for unknown or unconfigured webhooks', async () => {
    const { user, agent } = await connectedAgent();
    expect((await ctx.request(`/api/agents/${agent.id}`, { method: 'PATCH', token: user.token, json: { active: false } })).status).toBe(200);
    expect((await deliver(agent, notification([textMessage('wamid.inactive', 'oi')], { from: newCustomer() }))).status).toBe(200);
    expect(await messageRow('wamid.inactive')).toBeUndefined();

    const bare = await createAgent(ctx, await createUser(ctx));
    expect((await deliver(bare, notification([textMessage('wamid.bare', 'oi')], { from: newCustomer() }))).status).toBe(404);
    const unknown = { ...bare, webhookId: 'does-not-exist' };
    expect((await deliver(unknown, notification([]))).status).toBe(404);
  });
});

describe('real Cloud API notifications (pywa test samples, test/fixtures/public/README.md)', () => {
  const samples = (file: string) =>
    JSON.parse(readFileSync(new URL(`./fixtures/public/whatsapp/pywa-${file}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const messages = samples('message');

  /**
   * A sample as this test's agent receives it: its business number becomes the fake's, its customer a fresh one and
   * its wamids unique to the test (the samples share ids such as wamid.xyzxyz). Nothing else is touched.
   */
  function adapt(sample: unknown, customer: string, tag: string): string {
    return JSON.stringify(sample)
      .replaceAll('"1122334455667"', JSON.stringify(FAKE_NUMBER.id))
      .replaceAll('972987654321', customer)
      .replaceAll('16505551234', customer)
      .replaceAll('"wamid.', `"wamid.${tag}.`);
  }

  it('answers a real video caption, saying the video was not read', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    expect((await deliver(agent, adapt(messages.video, customer, 'video'))).status).toBe(200);
    expect(await settled('wamid.video.xyzxyz')).toMatchObject({ status: 'answered' });
    const answer = `${captionNotice('Vídeo')}\n\nVocê disse: caption`;
    expect(sentTo(customer).map((m) => m.body)).toEqual([answer]);
    expect(await transcript(ctx, agent.id)).toEqual([
      { role: 'user', content: '[Vídeo] caption' },
      { role: 'assistant', content: answer },
    ]);
  });

  it('answers the interactive message Meta could not deliver (value-level 131000) instead of leaving the customer unanswered', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    expect((await deliver(agent, adapt(messages.interactive_message_with_err, customer, 'err'))).status).toBe(200);
    expect(await settled('wamid.err.wegrchytvwcggt=')).toMatchObject({ status: 'answered' });
    expect(sentTo(customer).map((m) => m.body)).toEqual([TEXT_ONLY_NOTICE]);
    expect(await transcript(ctx, agent.id)).toEqual([
      { role: 'user', content: '[Mensagem não suportada]' },
      { role: 'assistant', content: TEXT_ONLY_NOTICE },
    ]);
  });

  it('answers the new wording of an edited caption', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const edited = adapt(samples('edited_message').image, customer, 'edit');
    expect((await deliver(agent, edited)).status).toBe(200);
    const id = 'wamid.edit.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';
    expect(await settled(id)).toMatchObject({ status: 'answered' });
    expect(sentTo(customer).map((m) => m.body)).toEqual([`${captionNotice('Imagem')}\n\nVocê disse: Updated image caption`]);
  });

  it('acknowledges real statuses (a failed one included), reactions, deletions and system notices without answering or storing them', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const quiet = [
      ...Object.values(samples('message_status')).filter((s) => JSON.stringify(s).includes('"1122334455667"')),
      messages.reaction,
      messages.unreaction_empty,
      samples('system').identity_change,
    ];
    for (const [i, sample] of quiet.entries()) expect((await deliver(agent, adapt(sample, customer, `quiet${i}`))).status).toBe(200);
    // Then a text: once it is answered, everything before it has been handled.
    expect((await deliver(agent, adapt(messages.text, customer, 'after'))).status).toBe(200);
    expect(await settled('wamid.after.xyzxyz')).toMatchObject({ status: 'answered' });
    expect(sentTo(customer).map((m) => m.body)).toEqual(['Você disse: Body Text']);
    const rows = await ctx.database.db.select({ id: whatsappMessages.messageId }).from(whatsappMessages).where(eq(whatsappMessages.agentId, agent.id));
    expect(rows.map((r) => r.id)).toEqual(['wamid.after.xyzxyz']);
  });

  it('a real notification with a wrong signature is refused and changes nothing', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    expect((await deliver(agent, adapt(messages.text, customer, 'forged'), 'outro-segredo')).status).toBe(401);
    expect(await messageRow('wamid.forged.xyzxyz')).toBeUndefined();
    expect(sentTo(customer)).toEqual([]);
  });
});
