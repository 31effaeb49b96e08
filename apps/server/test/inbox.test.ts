import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_HANDOFF_MESSAGE,
  HANDOFF_TIMEOUT_MESSAGE,
  type Agent,
  type ChatMessage,
  type Conversation,
  type ConversationSummary,
  type HandoffSettings,
  type InboxConversation,
} from '@atende/shared';
import { simpleParser } from 'mailparser';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metaSignature, notification, startFakeGraph, textMessage, type FakeGraph } from '../../../e2e/fakes';
import { LIVE_STREAMS_PER_CONVERSATION } from '../src/channels/web/routes';
import { WHATSAPP_SEND } from '../src/channels/whatsapp/worker';
import { appendAssistantMessage, beginTurn } from '../src/chat/conversations';
import { storeTeamMessage, unansweredStreak } from '../src/chat/handoff';
import { conversations, webChatCounters, whatsappMessages } from '../src/db/schema';
import { HANDOFF_NOTICES_PER_HOUR } from '../src/inbox/notices';
import { MAIL_SEND } from '../src/mail/mailer';
import { chat, chatHistory, chatOutput, createAgent, createUserWithAgent, parseSse, transcript, visitor } from './helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from './helpers/context';

let ctx: TestContext;
let graph: FakeGraph;

beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await createTestContext({ jobs: true, env: { WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v21.0' } });
});
afterAll(async () => {
  await ctx?.close();
  await graph?.close();
});

const APP_SECRET = 'c0ffee0123456789abcdef0123456789';

async function conversationsOf(token: string, agentId: string): Promise<ConversationSummary[]> {
  const res = await ctx.request(`/api/agents/${agentId}/conversations`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversations: ConversationSummary[] }).conversations;
}

async function transcriptOf(user: TestUser, agentId: string, conversationId: string): Promise<Conversation> {
  const res = await ctx.request(`/api/agents/${agentId}/conversations/${conversationId}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Conversation;
}

const act = (user: TestUser, agentId: string, conversationId: string, what: 'takeover' | 'release' | 'close' | 'read') =>
  ctx.request(`/api/agents/${agentId}/conversations/${conversationId}/${what}`, { method: 'POST', token: user.token });

const reply = (user: TestUser, agentId: string, conversationId: string, text: string) =>
  ctx.request(`/api/agents/${agentId}/conversations/${conversationId}/messages`, { method: 'POST', token: user.token, json: { text } });

/** A web visitor's conversation with a fresh agent, after one exchange. */
async function webConversation(label: string) {
  const { user, agent } = await createUserWithAgent(ctx);
  const session = visitor(label);
  await chatOutput(ctx, agent.webhookId, 'Oi, vocês abrem sábado?', session);
  const [summary] = await conversationsOf(user.token, agent.id);
  return { user, agent, session, conversationId: summary!.id };
}

/** Opens a live stream and waits until it listens (its `ready` event), returning a reader of what follows. */
async function openStream(res: Response) {
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const read = async (until: (events: Array<{ event: string; data: unknown }>) => boolean, timeout = 10_000) => {
    const deadline = Date.now() + timeout;
    while (!until(parseSse(text)) && Date.now() < deadline) {
      const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now())))]);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
    return parseSse(text);
  };
  await read((events) => events.some((e) => e.event === 'ready'));
  return { read, close: () => reader.cancel().catch(() => {}) };
}

describe("the visitor's live stream", () => {
  it('a conversation holds at most LIVE_STREAMS_PER_CONVERSATION open at once; closing one makes room', async () => {
    const { agent, session } = await webConversation('abas-1');
    const open = () =>
      ctx.app.request(`/webhook/${agent.webhookId}/live`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: session }) });
    const streams = [];
    for (let i = 0; i < LIVE_STREAMS_PER_CONVERSATION; i++) streams.push(await openStream(await open()));
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', userMessage: expect.stringContaining('Muitas janelas deste chat') } });
    await streams.pop()!.close();
    const again = await vi.waitFor(
      async () => {
        const res = await open();
        expect(res.status).toBe(200);
        return res;
      },
      { timeout: 10_000, interval: 50 },
    );
    streams.push(await openStream(again));
    for (const stream of streams) await stream.close();
  });
});

describe('conversation state (issue 16)', () => {
  it('a new conversation is answered by the agent (bot) and counts the customer messages the team has not seen', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'Oi, bom dia!', visitor('estado-1'));
    await chatOutput(ctx, agent.webhookId, 'Obrigado!', visitor('estado-1'));
    const [summary] = await conversationsOf(user.token, agent.id);
    expect(summary).toMatchObject({ state: 'bot', unread: 2, messageCount: 4 });
    const conversation = await transcriptOf(user, agent.id, summary!.id);
    expect(conversation.state).toBe('bot');
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect((await act(user, agent.id, summary!.id, 'read')).status).toBe(200);
    expect((await conversationsOf(user.token, agent.id))[0]).toMatchObject({ unread: 0 });
  });
});

describe('take over, reply, hand back (web)', () => {
  it('the team takes over; the agent stays silent while human; the reply reaches the open chat live and the history; release', async () => {
    const { user, agent, session, conversationId } = await webConversation('assumir-1');
    const taken = await act(user, agent.id, conversationId, 'takeover');
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ id: conversationId, state: 'human' });

    // The visitor writes while the team has the conversation: stored, shown, not answered, not counted.
    const silent = await chat(ctx, agent.webhookId, 'Alguém aí?', session);
    expect(silent.status).toBe(200);
    expect(await silent.json()).toEqual({ output: '', silent: true });
    expect((await transcript(ctx, agent.id)).at(-1)).toEqual({ role: 'user', content: 'Alguém aí?' });

    // The visitor's page listens; the owner replies.
    const live = await openStream(
      await ctx.app.request(`/webhook/${agent.webhookId}/live`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: session }),
      }),
    );
    const sent = await reply(user, agent.id, conversationId, 'Oi! Aqui é a Maria, da loja. Abrimos sábado sim.');
    expect(sent.status).toBe(201);
    const body = (await sent.json()) as { message: ChatMessage; conversation: ConversationSummary };
    expect(body).toMatchObject({ message: { role: 'team', content: 'Oi! Aqui é a Maria, da loja. Abrimos sábado sim.' }, conversation: { state: 'human' } });
    const events = await live.read((e) => e.some((x) => x.event === 'message'));
    await live.close();
    expect(events.find((e) => e.event === 'message')?.data).toMatchObject({ id: body.message.id, role: 'team', content: 'Oi! Aqui é a Maria, da loja. Abrimos sábado sim.' });

    const history = (await (await chatHistory(ctx, agent.webhookId, session)).json()) as { messages: ChatMessage[] };
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'team']);

    // A second takeover (another tab, another person) loses with a clear 409.
    const again = await act(user, agent.id, conversationId, 'takeover');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { userMessage: string } }).error.userMessage).toMatch(/já assumiu/);

    expect(await (await act(user, agent.id, conversationId, 'release')).json()).toMatchObject({ state: 'bot' });
    expect((await act(user, agent.id, conversationId, 'release')).status).toBe(409);
    expect(await chatOutput(ctx, agent.webhookId, 'E domingo?', session)).not.toBe('');
  });

  it('closed: the agent answers again when the customer next writes', async () => {
    const { user, agent, session, conversationId } = await webConversation('encerrar-1');
    expect((await reply(user, agent.id, conversationId, 'Resolvido! Qualquer coisa, é só chamar.')).status).toBe(201);
    expect(await (await act(user, agent.id, conversationId, 'close')).json()).toMatchObject({ state: 'closed' });
    expect((await act(user, agent.id, conversationId, 'close')).status).toBe(409);
    expect(await chatOutput(ctx, agent.webhookId, 'Obrigado!', session)).not.toBe('');
    expect((await conversationsOf(user.token, agent.id))[0]).toMatchObject({ state: 'bot' });
  });

  it('two takeovers at once: exactly one wins, the other is told', async () => {
    const { user, agent, conversationId } = await webConversation('corrida-1');
    const results = await Promise.all([1, 2, 3].map(() => act(user, agent.id, conversationId, 'takeover')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('a reply takes the conversation over by itself; the team message is stored once with the state change', async () => {
    const { user, agent, conversationId } = await webConversation('responder-1');
    expect((await reply(user, agent.id, conversationId, 'Posso ajudar?')).status).toBe(201);
    const conversation = await transcriptOf(user, agent.id, conversationId);
    expect(conversation).toMatchObject({ state: 'human', lastMessage: 'Posso ajudar?' });
    expect(conversation.messages.filter((m) => m.role === 'team')).toHaveLength(1);
    expect((await reply(user, agent.id, conversationId, '   ')).status).toBe(400);
  });

  it("another account cannot see, take over, reply to or release a conversation; the test chat is not in the inbox", async () => {
    const { user, agent, conversationId } = await webConversation('inquilino-1');
    const other = await createUser(ctx);
    const otherAgent = await createAgent(ctx, other);
    for (const what of ['takeover', 'release', 'close', 'read'] as const) {
      expect((await act(other, agent.id, conversationId, what)).status).toBe(404);
      expect((await act(other, otherAgent.id, conversationId, what)).status).toBe(404);
    }
    expect((await reply(other, agent.id, conversationId, 'invasor')).status).toBe(404);
    expect((await reply(other, otherAgent.id, conversationId, 'invasor')).status).toBe(404);
    expect((await ctx.request(`/api/agents/${agent.id}/handoff`, { token: other.token })).status).toBe(404);
    const list = (await (await ctx.request('/api/inbox', { token: other.token })).json()) as { conversations: InboxConversation[] };
    expect(list.conversations).toEqual([]);
    expect((await ctx.request('/api/inbox')).status).toBe(401);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/takeover`, { method: 'POST' })).status).toBe(401);

    await ctx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', token: user.token, json: { message: 'teste', sessionId: visitor('teste-dono') } });
    const mine = (await (await ctx.request('/api/inbox', { token: user.token })).json()) as { conversations: InboxConversation[] };
    expect(mine.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(mine.conversations[0]).toMatchObject({ agentId: agent.id, agentName: agent.name, channel: 'web', state: 'bot' });
  });
});

describe('LGPD erasure while the conversation is open', () => {
  it("the open inboxes are told at once ('erased'): the conversation is gone from the list and its transcript", async () => {
    const { user, agent, session, conversationId } = await webConversation('apagar-1');
    await chatOutput(ctx, agent.webhookId, 'Quero falar com um atendente', session);
    const [summary] = await conversationsOf(user.token, agent.id);
    const events = await openStream(await ctx.request('/api/inbox/events', { token: user.token }));
    const erased = await ctx.request('/api/customers/erase', { method: 'POST', token: user.token, json: { channel: 'web', customerLabel: summary!.customerLabel } });
    expect(erased.status).toBe(200);
    const seen = await events.read((e) => e.some((x) => x.event === 'inbox' && (x.data as { kind: string }).kind === 'erased'));
    await events.close();
    expect(seen.filter((e) => e.event === 'inbox').map((e) => e.data)).toContainEqual({ conversationId, agentId: agent.id, kind: 'erased' });
    expect(await conversationsOf(user.token, agent.id)).toEqual([]);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}`, { token: user.token })).status).toBe(404);
  });
});

describe('handoff', () => {
  it('"quero falar com um atendente": the handoff message, state waiting, the inbox told live, the owner e-mailed', async () => {
    const { user, agent, session, conversationId } = await webConversation('pedido-1');
    const events = await openStream(await ctx.request('/api/inbox/events', { token: user.token }));
    const output = await chatOutput(ctx, agent.webhookId, 'Quero falar com um atendente, por favor', session);
    expect(output).toBe(DEFAULT_HANDOFF_MESSAGE);
    const seen = await events.read((e) => e.some((x) => x.event === 'inbox' && (x.data as { kind: string }).kind === 'state'));
    await events.close();
    expect(seen.filter((e) => e.event === 'inbox').map((e) => e.data)).toContainEqual({ conversationId, agentId: agent.id, kind: 'state' });
    expect((await conversationsOf(user.token, agent.id))[0]).toMatchObject({ state: 'waiting' });

    // While waiting, the agent stays silent.
    expect(await (await chat(ctx, agent.webhookId, 'Oi?', session)).json()).toEqual({ output: '', silent: true });

    await vi.waitFor(
      async () => {
        const mails = await outbox();
        expect(mails.some((m) => m.to === user.email && m.subject.includes('quer falar com a sua equipe') && m.text.includes('pediu para falar com uma pessoa'))).toBe(true);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('an agent sends at most HANDOFF_NOTICES_PER_HOUR notices an hour, the last one saying so; every customer waits in the inbox', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const notices = ctx.services.runtime.handoffs!;
    const pending: Array<Promise<void>> = [];
    ctx.services.runtime.handoffs = { requested: (request) => pending[pending.push(notices.requested(request)) - 1]! };
    const requests = HANDOFF_NOTICES_PER_HOUR + 2;
    try {
      for (let i = 0; i < requests; i++) {
        expect(await chatOutput(ctx, agent.webhookId, 'Quero falar com um atendente', visitor(`muitos-pedidos-${i}`))).toBe(DEFAULT_HANDOFF_MESSAGE);
      }
      await Promise.all(pending);
    } finally {
      ctx.services.runtime.handoffs = notices;
    }
    expect(pending).toHaveLength(requests);
    expect((await conversationsOf(user.token, agent.id)).filter((c) => c.state === 'waiting')).toHaveLength(requests);
    const hours = await ctx.database.db
      .select({ messages: webChatCounters.messages })
      .from(webChatCounters)
      .where(and(eq(webChatCounters.agentId, agent.id), like(webChatCounters.key, 'handoff-notices:%')));
    // (Two clock hours only when the test runs across one's end: each has its own notices.)
    const expected = hours.reduce((sum, r) => sum + Math.min(r.messages, HANDOFF_NOTICES_PER_HOUR), 0);
    // Every notice is queued by now (the promises settled); once the queue has delivered them, the outbox is final.
    await vi.waitFor(
      async () => {
        const queued = (await ctx.database.db.execute(sql`select 1 from pgboss.job where name = ${MAIL_SEND} and data->>'to' = ${user.email}`)) as unknown as {
          rows: unknown[];
        };
        expect(queued.rows).toHaveLength(0);
      },
      { timeout: 15_000, interval: 100 },
    );
    const mails = (await outbox()).filter((m) => m.to === user.email && m.subject.includes('quer falar com a sua equipe'));
    expect(mails).toHaveLength(expected);
    if (hours.length === 1) {
      expect(expected).toBe(HANDOFF_NOTICES_PER_HOUR);
      expect(mails.filter((m) => m.text.includes('este é o último aviso desta hora'))).toHaveLength(1);
    }
  });

  it("another account's inbox stream hears nothing of it", async () => {
    const { agent, session } = await webConversation('pedido-2');
    const stranger = await createUser(ctx);
    const events = await openStream(await ctx.request('/api/inbox/events', { token: stranger.token }));
    await chatOutput(ctx, agent.webhookId, 'quero falar com um humano', session);
    const seen = await events.read(() => false, 500);
    await events.close();
    expect(seen.filter((e) => e.event === 'inbox')).toEqual([]);
  });

  it('after N unanswered replies in a row (per agent) the agent calls the team; the message and business hours are the owner’s', async () => {
    const { user, agent, session } = await webConversation('sem-resposta-1');
    const settings: HandoffSettings = {
      message: 'Vou chamar a Joana, da nossa equipe.',
      afterUnanswered: 1,
      timeoutMinutes: 30,
      notifyWhatsapp: null,
      businessHours: { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '23:59' },
    };
    const saved = await ctx.request(`/api/agents/${agent.id}/handoff`, { method: 'PUT', token: user.token, json: settings });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(settings);
    const output = await chatOutput(ctx, agent.webhookId, 'Qual é o CNPJ da empresa de transporte que vocês usam?', session);
    expect(output).toContain('Vou chamar a Joana, da nossa equipe.');
    expect((await conversationsOf(user.token, agent.id))[0]).toMatchObject({ state: 'waiting' });
    const bad = await ctx.request(`/api/agents/${agent.id}/handoff`, { method: 'PUT', token: user.token, json: { ...settings, notifyWhatsapp: '123' } });
    expect(bad.status).toBe(400);
  });

  it('the unanswered streak counts only the replies since the conversation last changed hands, the team breaking it', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const db = ctx.database.db;
    const key = { agentId: agent.id, userId: user.id, channel: 'web' as const, sessionId: visitor('sequencia') };
    const turn = await beginTurn(db, key, 'p1', null);
    const id = turn.conversationId;
    await appendAssistantMessage(db, id, 'não sei', 'unanswered');
    await appendAssistantMessage(db, id, 'não sei', 'unanswered');
    expect(await unansweredStreak(db, id, 2)).toBe(true);
    expect(await unansweredStreak(db, id, 3)).toBe(false);
    // The conversation changed hands: the replies before do not count.
    await db.update(conversations).set({ stateChangedAt: sql`now() + interval '1 second'` }).where(eq(conversations.id, id));
    expect(await unansweredStreak(db, id, 1)).toBe(false);
    await db.update(conversations).set({ stateChangedAt: sql`now() - interval '1 hour'` }).where(eq(conversations.id, id));
    await storeTeamMessage(db, agent.id, id, 'Oi, aqui é a Joana');
    await appendAssistantMessage(db, id, 'não sei', 'unanswered');
    expect(await unansweredStreak(db, id, 1)).toBe(true);
    expect(await unansweredStreak(db, id, 2)).toBe(false);
  });

  it('outside business hours the message says when the team answers', async () => {
    const { user, agent, session } = await webConversation('fora-horario-1');
    const today = new Date().getDay();
    const settings = { message: 'Vou chamar alguém.', afterUnanswered: 2, timeoutMinutes: 30, notifyWhatsapp: null, businessHours: { days: [(today + 3) % 7], open: '09:00', close: '18:00' } };
    expect((await ctx.request(`/api/agents/${agent.id}/handoff`, { method: 'PUT', token: user.token, json: settings })).status).toBe(200);
    const output = await chatOutput(ctx, agent.webhookId, 'quero falar com uma pessoa', session);
    expect(output).toMatch(/^Vou chamar alguém\.\n\nNossa equipe está fora do horário de atendimento agora e responde a partir de .+ às 09:00\.$/);
  });

  it('a silent team: after the timeout the agent takes the conversation back and tells the customer live', async () => {
    const { user, agent, session, conversationId } = await webConversation('tempo-1');
    expect((await act(user, agent.id, conversationId, 'takeover')).status).toBe(200);
    const live = await openStream(
      await ctx.app.request(`/webhook/${agent.webhookId}/live`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: session }) }),
    );
    await ctx.database.db.update(conversations).set({ stateChangedAt: sql`now() - interval '31 minutes'` }).where(eq(conversations.id, conversationId));
    expect(await ctx.services.inbox.expire()).toBeGreaterThanOrEqual(1);
    const events = await live.read((e) => e.some((x) => x.event === 'message'));
    await live.close();
    expect(events.find((e) => e.event === 'message')?.data).toMatchObject({ role: 'assistant', content: HANDOFF_TIMEOUT_MESSAGE });
    expect((await conversationsOf(user.token, agent.id))[0]).toMatchObject({ state: 'bot' });
    expect(await ctx.services.inbox.expire()).toBe(0);
  });
});

describe('WhatsApp', () => {
  async function connected(number = graph.addNumber()) {
    const { user, agent } = await createUserWithAgent(ctx, 'Atendente WhatsApp');
    const res = await ctx.request(`/api/agents/${agent.id}/whatsapp`, { method: 'PUT', token: user.token, json: { metaToken: number.token, phoneNumberId: number.id, appSecret: APP_SECRET } });
    expect(res.status).toBe(200);
    return { user, agent, number };
  }
  let counter = 0;
  const newCustomer = () => `55119${String(Date.now()).slice(-5)}${String(++counter).padStart(3, '0')}`;

  async function receive(agent: Agent, number: { id: string }, from: string, text: string) {
    const id = `wamid.inbox.${from}.${++counter}`;
    const body = JSON.stringify(notification([textMessage(id, text)], { from, phoneNumberId: number.id }));
    const res = await ctx.app.request(`/chat/${agent.webhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
      body,
    });
    expect(res.status).toBe(200);
    await vi.waitFor(
      async () => {
        const [row] = await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, id));
        expect(row?.status ?? 'missing').not.toMatch(/^(received|sending|missing)$/);
      },
      { timeout: 20_000, interval: 100 },
    );
  }
  const sentTo = (customer: string) => graph.sent.filter((m) => m.to === customer).map((m) => m.body);

  it('a handoff request on WhatsApp, the owner notified on their number, the reply through the Graph API, silence while human', async () => {
    const { user, agent, number } = await connected();
    const owner = '5511912345678';
    const settings = { message: DEFAULT_HANDOFF_MESSAGE, afterUnanswered: 2, timeoutMinutes: 30, notifyWhatsapp: '+55 11 91234-5678', businessHours: null };
    expect((await ctx.request(`/api/agents/${agent.id}/handoff`, { method: 'PUT', token: user.token, json: settings })).status).toBe(200);
    const customer = newCustomer();
    await receive(agent, number, customer, 'Quero falar com uma pessoa');
    expect(sentTo(customer)).toEqual([DEFAULT_HANDOFF_MESSAGE]);
    await vi.waitFor(() => expect(sentTo(owner).some((t) => t.includes('quer falar com a sua equipe'))).toBe(true), { timeout: 15_000 });

    const [conversation] = await conversationsOf(user.token, agent.id);
    // The customer's WhatsApp profile name (the notification's contacts) is kept with the number.
    expect(conversation).toMatchObject({ state: 'waiting', channel: 'whatsapp', customerName: 'Cliente', customerLabel: `+${customer}` });
    expect((await reply(user, agent.id, conversation!.id, 'Olá, aqui é a Maria. Como posso ajudar?')).status).toBe(201);
    await vi.waitFor(() => expect(sentTo(customer)).toContain('Olá, aqui é a Maria. Como posso ajudar?'), { timeout: 15_000 });

    await receive(agent, number, customer, 'Quero trocar um produto');
    expect(sentTo(customer)).toHaveLength(2); // the agent stays silent while human
    // A photo too: no "only text for now" notice while the team has the conversation.
    const photoId = `wamid.inbox.photo.${++counter}`;
    const photo = JSON.stringify(notification([{ id: photoId, type: 'image', image: { id: 'media-1', mime_type: 'image/jpeg' } }], { from: customer, phoneNumberId: number.id }));
    const res = await ctx.app.request(`/chat/${agent.webhookId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(photo, APP_SECRET) }, body: photo });
    expect(res.status).toBe(200);
    await vi.waitFor(async () => {
      const [row] = await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, photoId));
      expect(row?.status).toBe('ignored');
    }, { timeout: 20_000, interval: 100 });
    expect(sentTo(customer)).toHaveLength(2);
    const stored = await transcriptOf(user, agent.id, conversation!.id);
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'team', 'user', 'user']);
    expect(stored.messages.at(-1)?.content).toBe('[Imagem]');
  });

  it('outside the 24-hour window the reply is refused with a clear message, and nothing is stored or sent', async () => {
    const { user, agent, number } = await connected();
    const customer = newCustomer();
    await receive(agent, number, customer, 'Oi');
    const [conversation] = await conversationsOf(user.token, agent.id);
    await ctx.database.db.execute(sql`update messages set created_at = now() - interval '25 hours' where conversation_id = ${conversation!.id}`);
    const before = graph.sent.length;
    const asked = new Date();
    /** Send jobs queued for this agent since the reply was asked for (a team message goes out through one). */
    const sendJobs = async () => {
      const result = (await ctx.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${WHATSAPP_SEND} and data->>'agentId' = ${agent.id} and created_on >= ${asked}`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };
    const res = await reply(user, agent.id, conversation!.id, 'Ainda precisa de ajuda?');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { userMessage: string } }).error.userMessage).toMatch(/24 horas/);
    expect((await transcriptOf(user, agent.id, conversation!.id)).messages.some((m) => m.role === 'team')).toBe(false);
    expect((await transcriptOf(user, agent.id, conversation!.id)).state).toBe('bot');
    // Refused before anything was queued: no send job, so nothing can reach the Graph API later.
    expect(await sendJobs()).toBe(0);
    expect(graph.sent.length).toBe(before);
  });
});


/** The e-mails written to the outbox so far. */
async function outbox() {
  const dir = ctx.config.mail.outboxDir;
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const mail = await simpleParser(readFileSync(path.join(dir, f)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      return { to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

describe('several instances on one Postgres', () => {
  it.runIf(process.env.ATENDE_TEST_DB === 'postgres')(
    "an inbox open on one instance sees a handoff on another, and a visitor's page on one gets the reply sent from the other",
    async () => {
      const other = await createTestContext({ database: ctx.database });
      try {
        const { user, agent, session, conversationId } = await webConversation('instancias-1');
        const inboxHere = await openStream(await ctx.request('/api/inbox/events', { token: user.token }));
        const visitorThere = await openStream(
          await other.app.request(`/webhook/${agent.webhookId}/live`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ sessionId: session }),
          }),
        );
        // The customer writes through the other instance; this instance's inbox hears it.
        await chatOutput(other, agent.webhookId, 'quero falar com um atendente', session);
        const heard = await inboxHere.read((e) => e.some((x) => x.event === 'inbox' && (x.data as { kind: string }).kind === 'state'));
        expect(heard.filter((e) => e.event === 'inbox').map((e) => e.data)).toContainEqual({ conversationId, agentId: agent.id, kind: 'state' });
        // The owner replies on this instance; the visitor's page, served by the other, gets it.
        expect((await reply(user, agent.id, conversationId, 'Oi, é a equipe!')).status).toBe(201);
        const pushed = await visitorThere.read((e) => e.some((x) => x.event === 'message'));
        expect(pushed.find((e) => e.event === 'message')?.data).toMatchObject({ role: 'team', content: 'Oi, é a equipe!' });
        await Promise.all([inboxHere.close(), visitorThere.close()]);
      } finally {
        await other.close();
      }
    },
  );
});
