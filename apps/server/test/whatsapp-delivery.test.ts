import { readFileSync } from 'node:fs';
import type { Agent, Conversation, InboxConversation, MessageDelivery, UndeliveredMessage } from '@atende/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_NUMBER, metaSignature, notification, startFakeGraph, textMessage, type FakeGraph, type FakePhoneNumber } from '../../../e2e/fakes';
import { createDeliveries, undeliveredReason } from '../src/channels/whatsapp/delivery';
import { pruneWhatsApp } from '../src/channels/whatsapp/retention';
import { conversations, messages, whatsappMessages, whatsappSends } from '../src/db/schema';
import { createUserWithAgent } from './helpers/agents';
import { createTestContext, type TestContext, type TestUser } from './helpers/context';

/**
 * A WhatsApp reply Meta could not deliver (ADR 0007, docs/product.md §10): every message we send is stored by its
 * wamid, and a `failed` status marks it 'Não entregue' for the merchant, in the transcript and in the inbox.
 */

let graph: FakeGraph;
let ctx: TestContext;

beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await createTestContext({ jobs: true, env: { WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v21.0' } });
});
afterAll(async () => {
  await ctx?.close();
  await graph?.close();
});
afterEach(() => {
  graph.sendErrors.length = 0;
});

const APP_SECRET = 'c0ffee0123456789abcdef0123456789';
let counter = 0;
const newCustomer = () => `55219${String(Date.now()).slice(-5)}${String(++counter).padStart(3, '0')}`;
const WINDOW_REASON = 'o cliente não fala com você há mais de 24 horas: o WhatsApp só permite responder dentro de 24 horas da última mensagem dele';

/** The real pywa sample of a failed status (130472), addressed to its own phone number id. */
const realFailed = (JSON.parse(readFileSync(new URL('./fixtures/public/whatsapp/pywa-message_status.json', import.meta.url), 'utf8')) as Record<string, unknown>)
  .failed as { entry: Array<{ changes: Array<{ value: { metadata: { phone_number_id: string }; statuses: Array<{ id: string }> } }> }> };
const REAL_NUMBER_ID = realFailed.entry[0]!.changes[0]!.value.metadata.phone_number_id;

async function connectedAgent(number: FakePhoneNumber = FAKE_NUMBER) {
  const { user, agent } = await createUserWithAgent(ctx, 'Atendente WhatsApp');
  const res = await ctx.request(`/api/agents/${agent.id}/whatsapp`, {
    method: 'PUT',
    token: user.token,
    json: { metaToken: number.token, phoneNumberId: number.id, appSecret: APP_SECRET },
  });
  expect(res.status).toBe(200);
  return { user, agent };
}

async function post(agent: Agent, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await ctx.app.request(`/chat/${agent.webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
    body,
  });
  expect(res.status).toBe(200);
}

/** A statuses-only notification for `number` (Meta's envelope, as e2e/fakes builds it). */
const statuses = (items: unknown[], number: FakePhoneNumber = FAKE_NUMBER) => notification([], { statuses: items, phoneNumberId: number.id });
const status = (id: string, value: string, recipient: string, errors?: unknown[]) => ({
  id,
  status: value,
  timestamp: '1749416390',
  recipient_id: recipient,
  ...(errors && { errors }),
});
const windowError = [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' } }];

/** The customer writes; resolves once the agent's answer went out, with its wamid and the conversation. */
async function answered(agent: Agent, customer: string, number: FakePhoneNumber = FAKE_NUMBER) {
  const inbound = `wamid.in.${customer}.${++counter}`;
  const before = graph.sent.length;
  await post(agent, notification([textMessage(inbound, 'Qual o horário de vocês?')], { from: customer, phoneNumberId: number.id }));
  await vi.waitFor(
    async () => {
      const [row] = await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, inbound));
      expect(row?.status).toBe('answered');
    },
    { timeout: 20_000, interval: 100 },
  );
  const sent = graph.sent.slice(before).filter((m) => m.to === customer);
  expect(sent).toHaveLength(1);
  const [conversation] = await ctx.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.id), eq(conversations.sessionId, customer)));
  return { wamid: sent[0]!.wamid, conversationId: conversation!.id };
}

async function undelivered(user: TestUser, agent: Agent, conversationId: string): Promise<UndeliveredMessage[]> {
  const res = await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/undelivered`, { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: UndeliveredMessage[] }).messages;
}

async function deliveriesOf(user: TestUser, agent: Agent, conversationId: string): Promise<MessageDelivery[]> {
  const res = await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/deliveries`, { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: MessageDelivery[] }).messages;
}

async function transcriptOf(user: TestUser, agent: Agent, conversationId: string): Promise<Conversation> {
  const res = await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Conversation;
}

async function inboxRow(user: TestUser, conversationId: string): Promise<InboxConversation> {
  const res = await ctx.request('/api/inbox', { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversations: InboxConversation[] }).conversations.find((c) => c.id === conversationId)!;
}

const sendRow = async (wamid: string) => (await ctx.database.db.select().from(whatsappSends).where(eq(whatsappSends.wamid, wamid)))[0];

describe("WhatsApp delivery statuses of our messages ('Não entregue')", () => {
  it("stores the agent's answer by its wamid and marks it not delivered on Meta's failed status (the real sample), in the transcript and the inbox", async () => {
    const number = graph.addNumber({ id: REAL_NUMBER_ID });
    const { user, agent } = await connectedAgent(number);
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer, number);
    const answer = (await transcriptOf(user, agent, conversationId)).messages.at(-1)!;
    expect(answer.role).toBe('assistant');
    expect(await sendRow(wamid)).toMatchObject({ agentId: agent.id, phoneNumberId: number.id, conversationId, messageIds: [answer.id], status: 'sent' });
    expect(await undelivered(user, agent, conversationId)).toEqual([]);
    expect(await inboxRow(user, conversationId)).toMatchObject({ undelivered: false, lastMessageRole: 'assistant' });

    // Meta's own notification, unchanged but for the wamid it is about.
    const payload = structuredClone(realFailed);
    payload.entry[0]!.changes[0]!.value.statuses[0]!.id = wamid;
    await post(agent, payload);

    expect(await undelivered(user, agent, conversationId)).toEqual([
      { messageId: answer.id, code: 130472, reason: undeliveredReason(130472), failedAt: expect.any(String) },
    ]);
    expect(await inboxRow(user, conversationId)).toMatchObject({ undelivered: true });
    expect(await sendRow(wamid)).toMatchObject({
      status: 'failed',
      errorCode: 130472,
      errorDetail: "User's number is part of an experiment: Failed to send message because this user's phone number is part of an experiment",
    });
  });

  it('keeps failed when sent and delivered of the same wamid arrive after it, or again (out of order, duplicates)', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    await post(agent, statuses([status(wamid, 'failed', customer, windowError)]));
    await post(agent, statuses([status(wamid, 'delivered', customer), status(wamid, 'sent', customer)]));
    await post(agent, statuses([status(wamid, 'read', customer), status(wamid, 'failed', customer, windowError)]));
    expect((await sendRow(wamid))?.status).toBe('failed');
    const [failure] = await undelivered(user, agent, conversationId);
    expect(failure).toMatchObject({ code: 131047, reason: WINDOW_REASON });

    // Forward only, also without a failure: delivered, then a late sent, stays delivered; read moves it on.
    const second = await answered(agent, customer);
    await post(agent, statuses([status(second.wamid, 'delivered', customer)]));
    await post(agent, statuses([status(second.wamid, 'sent', customer)]));
    expect((await sendRow(second.wamid))?.status).toBe('delivered');
    await post(agent, statuses([status(second.wamid, 'read', customer)]));
    expect((await sendRow(second.wamid))?.status).toBe('read');
    // The inbox marks the conversation by its latest send: this one reached the customer.
    expect(await inboxRow(user, conversationId)).toMatchObject({ undelivered: false });
    expect(await undelivered(user, agent, conversationId)).toHaveLength(1);
  });

  it("marks the team's reply from the inbox not delivered on a failed status (131047), with the 24-hour reason", async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { conversationId } = await answered(agent, customer);
    const before = graph.sent.length;
    const res = await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/messages`, {
      method: 'POST',
      token: user.token,
      json: { text: 'Aqui é a **equipe**: já verifico.' },
    });
    expect(res.status).toBe(201);
    const { message } = (await res.json()) as { message: { id: string } };
    await vi.waitFor(() => expect(graph.sent.slice(before).filter((m) => m.to === customer)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    const wamid = graph.sent.slice(before).find((m) => m.to === customer)!.wamid;
    await vi.waitFor(async () => expect(await sendRow(wamid)).toMatchObject({ messageIds: [message.id], conversationId }), { timeout: 5_000, interval: 50 });

    await post(agent, statuses([status(wamid, 'failed', customer, windowError)]));
    expect(await undelivered(user, agent, conversationId)).toEqual([{ messageId: message.id, code: 131047, reason: WINDOW_REASON, failedAt: expect.any(String) }]);
    expect(await inboxRow(user, conversationId)).toMatchObject({ undelivered: true, lastMessageRole: 'team' });
  });

  it("applies a status only to the sends of the agent whose phone number id received it", async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    // Another account's agent on another number is told about this wamid (its own webhook, its own number): nothing changes.
    const otherNumber = graph.addNumber();
    const other = await connectedAgent(otherNumber);
    await post(other.agent, statuses([status(wamid, 'failed', customer, windowError)], otherNumber));
    expect(await sendRow(wamid)).toMatchObject({ agentId: agent.id, status: 'sent' });
    expect(await undelivered(user, agent, conversationId)).toEqual([]);
    // This agent's webhook with a change for another phone number id is not this agent's (ignored as foreign).
    await post(agent, statuses([status(wamid, 'failed', customer, windowError)], otherNumber));
    expect((await sendRow(wamid))?.status).toBe('sent');
    // And nobody reads another account's conversation's failures.
    expect((await ctx.request(`/api/agents/${other.agent.id}/conversations/${conversationId}/undelivered`, { token: other.user.token })).status).toBe(404);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/undelivered`, { token: other.user.token })).status).toBe(404);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/undelivered`)).status).toBe(401);
  });

  it('keeps a failure that arrives before the send is recorded, and links it when the send is', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const { conversationId } = await answered(agent, customer);
    const [answer] = await ctx.database.db.select({ id: messages.id }).from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')));
    const deliveries = createDeliveries({ db: ctx.database.db });
    const wamid = `wamid.race.${customer}`;
    expect(await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [{ id: wamid, status: 'failed', code: 131026, detail: 'Message undeliverable' }])).toBe(0);
    await deliveries.sent({ agentId: agent.id, phoneNumberId: FAKE_NUMBER.id, conversationId, messageIds: [answer!.id] }, wamid);
    expect(await deliveries.undelivered(agent.id, conversationId)).toEqual([
      { messageId: answer!.id, code: 131026, reason: undeliveredReason(131026), failedAt: expect.any(String) },
    ]);
    // Another number's failure for a wamid we stored does not take it over.
    await deliveries.sent({ agentId: agent.id, phoneNumberId: FAKE_NUMBER.id, conversationId, messageIds: [answer!.id] }, `${wamid}.2`);
    await deliveries.applyStatuses(agent.id, '999', [{ id: `${wamid}.2`, status: 'failed', code: 131026, detail: null }]);
    expect((await sendRow(`${wamid}.2`))?.status).toBe('sent');
  });

  it('marks an answer the Graph API refused when sent (131026) not delivered, with its reason', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    graph.sendErrors.push({ code: 131026, message: 'Message undeliverable' });
    const inbound = `wamid.refused.${customer}`;
    await post(agent, notification([textMessage(inbound, 'oi')], { from: customer }));
    await vi.waitFor(
      async () => {
        const [row] = await ctx.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageId, inbound));
        expect(row?.status).toBe('failed');
      },
      { timeout: 20_000, interval: 100 },
    );
    const [conversation] = await ctx.database.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, customer));
    const answer = (await transcriptOf(user, agent, conversation!.id)).messages.at(-1)!;
    expect(answer.role).toBe('assistant');
    await vi.waitFor(async () =>
      expect(await undelivered(user, agent, conversation!.id)).toEqual([
        { messageId: answer.id, code: 131026, reason: expect.stringContaining('não conseguiu entregar'), failedAt: expect.any(String) },
      ]),
    );
  });

  it('tells the open inboxes of the account at once (event kind delivery)', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    const events: unknown[] = [];
    const stop = await ctx.services.notifier.listen((notice) => {
      if (notice.type === 'inbox') events.push(notice);
    });
    try {
      await post(agent, statuses([status(wamid, 'failed', customer, windowError)]));
      await vi.waitFor(() => expect(events).toContainEqual(expect.objectContaining({ userId: user.id, agentId: agent.id, conversationId, kind: 'delivery' })));
    } finally {
      stop();
    }
  });
});

describe("WhatsApp read receipts of our messages ('Entregue', 'Lida')", () => {
  it('says how far each of our messages got, forward only, and nothing for the customer\'s messages', async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    const answer = (await transcriptOf(user, agent, conversationId)).messages.at(-1)!;
    expect(await deliveriesOf(user, agent, conversationId)).toEqual([{ messageId: answer.id, status: 'sent', failure: null, at: expect.any(String) }]);

    await post(agent, statuses([status(wamid, 'delivered', customer)]));
    expect(await deliveriesOf(user, agent, conversationId)).toEqual([{ messageId: answer.id, status: 'delivered', failure: null, at: expect.any(String) }]);
    await post(agent, statuses([status(wamid, 'read', customer)]));
    // A late 'delivered' does not take 'Lida' back.
    await post(agent, statuses([status(wamid, 'delivered', customer)]));
    expect(await deliveriesOf(user, agent, conversationId)).toEqual([{ messageId: answer.id, status: 'read', failure: null, at: expect.any(String) }]);

    // A failed answer says so with its reason, beside the read one; this part also carried the handoff notice said
    // with it (a second answer without the information calls the team): both were not delivered.
    const second = await answered(agent, customer);
    await post(agent, statuses([status(second.wamid, 'failed', customer, windowError)]));
    const carried = (await sendRow(second.wamid))!.messageIds;
    expect(carried).toHaveLength(2);
    const states = await deliveriesOf(user, agent, conversationId);
    expect(states).toHaveLength(3);
    expect(states).toContainEqual({ messageId: answer.id, status: 'read', failure: null, at: expect.any(String) });
    for (const messageId of carried) {
      expect(states).toContainEqual({ messageId, status: 'failed', failure: { code: 131047, reason: WINDOW_REASON }, at: expect.any(String) });
    }
    // The customer's messages have no delivery state.
    const customerMessages = (await transcriptOf(user, agent, conversationId)).messages.filter((m) => m.role === 'user');
    expect(states.filter((d) => customerMessages.some((m) => m.id === d.messageId))).toEqual([]);
  });

  it('puts a message sent in parts as far as its least advanced part, and not delivered if any part failed', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const { conversationId } = await answered(agent, customer);
    const deliveries = createDeliveries({ db: ctx.database.db });
    // One long answer, sent as two parts.
    const long = { id: `message.long.${customer}` };
    const part = { agentId: agent.id, phoneNumberId: FAKE_NUMBER.id, conversationId, messageIds: [long.id] };
    const [first, second] = [`wamid.part1.${customer}`, `wamid.part2.${customer}`];
    await deliveries.sent(part, first);
    await deliveries.sent(part, second);
    const stateOf = async () => (await deliveries.deliveries(agent.id, conversationId)).find((d) => d.messageId === long.id);

    await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [{ id: first, status: 'read', code: null, detail: null }]);
    expect(await stateOf()).toMatchObject({ status: 'sent', failure: null });
    await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [{ id: second, status: 'delivered', code: null, detail: null }]);
    expect(await stateOf()).toMatchObject({ status: 'delivered', failure: null });
    await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [{ id: second, status: 'read', code: null, detail: null }]);
    expect(await stateOf()).toMatchObject({ status: 'read', failure: null });
    await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [{ id: second, status: 'failed', code: 131026, detail: null }]);
    expect(await stateOf()).toMatchObject({ status: 'failed', failure: { code: 131026, reason: undeliveredReason(131026) } });
  });

  it("shows only the account's own conversations' states", async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    await post(agent, statuses([status(wamid, 'read', customer)]));
    const otherNumber = graph.addNumber();
    const other = await connectedAgent(otherNumber);
    const path = (agentId: string) => `/api/agents/${agentId}/conversations/${conversationId}/deliveries`;
    expect((await ctx.request(path(other.agent.id), { token: other.user.token })).status).toBe(404);
    expect((await ctx.request(path(agent.id), { token: other.user.token })).status).toBe(404);
    expect((await ctx.request(path(agent.id))).status).toBe(401);
    expect(await deliveriesOf(user, agent, conversationId)).toMatchObject([{ status: 'read' }]);
  });

  it("tells the account's open screens when a message is delivered or read (event kind receipt), once per change", async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { wamid, conversationId } = await answered(agent, customer);
    const events: Array<Record<string, string>> = [];
    const stop = await ctx.services.notifier.listen((notice) => {
      // The answer's own notices (kind message) may still be on their way: only the delivery states' are counted.
      if (notice.type === 'inbox' && notice.conversationId === conversationId && (notice.kind === 'receipt' || notice.kind === 'delivery')) events.push(notice);
    });
    const receipt = { type: 'inbox', userId: user.id, agentId: agent.id, conversationId, kind: 'receipt' };
    try {
      await post(agent, statuses([status(wamid, 'sent', customer)]));
      await post(agent, statuses([status(wamid, 'delivered', customer)]));
      await vi.waitFor(() => expect(events).toEqual([receipt]));
      // Nothing moved (a repeated 'delivered'): nothing to tell.
      await post(agent, statuses([status(wamid, 'delivered', customer)]));
      await post(agent, statuses([status(wamid, 'read', customer)]));
      // Notices arrive in order: a failure told last closes the sequence, so nothing else came in between.
      await post(agent, statuses([status(wamid, 'failed', customer, windowError)]));
      await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ kind: 'delivery' }));
      expect(events).toEqual([receipt, receipt, { ...receipt, kind: 'delivery' }]);
    } finally {
      stop();
    }
  });
});

describe('what the WhatsApp ledgers keep (channels/whatsapp/retention.ts)', () => {
  it('drops, after a day, sends no conversation holds, and after 30 days the settled ledger of received messages', async () => {
    const { agent } = await connectedAgent();
    const customer = newCustomer();
    const { conversationId } = await answered(agent, customer);
    const deliveries = createDeliveries({ db: ctx.database.db });
    const stray = `wamid.stray.${customer}`;
    const fresh = `wamid.fresh.${customer}`;
    const linked = `wamid.linked.${customer}`;
    // A failure for a message nobody here sent (another tool on the same number), one just told, and a send of the conversation.
    await deliveries.applyStatuses(agent.id, FAKE_NUMBER.id, [
      { id: stray, status: 'failed', code: 131026, detail: null },
      { id: fresh, status: 'failed', code: 131026, detail: null },
    ]);
    await deliveries.sent({ agentId: agent.id, phoneNumberId: FAKE_NUMBER.id, conversationId, messageIds: [] }, linked);
    const age = (table: string, column: string, key: string, value: string, interval: string) =>
      ctx.database.db.execute(sql.raw(`update ${table} set ${column} = now() - interval '${interval}' where ${key} = '${value}'`));
    await age('whatsapp_sends', 'created_at', 'wamid', stray, '25 hours');
    await age('whatsapp_sends', 'created_at', 'wamid', linked, '400 days');
    const received = `wamid.ledger.${customer}`;
    await ctx.database.db.insert(whatsappMessages).values([
      { messageId: received, agentId: agent.id, status: 'answered' },
      { messageId: `${received}.recent`, agentId: agent.id, status: 'answered' },
      { messageId: `${received}.pending`, agentId: agent.id, status: 'received' },
    ]);
    await age('whatsapp_messages', 'created_at', 'message_id', received, '31 days');
    await age('whatsapp_messages', 'created_at', 'message_id', `${received}.pending`, '31 days');

    await pruneWhatsApp(ctx.database.db);
    expect(await sendRow(stray)).toBeUndefined();
    expect((await sendRow(fresh))?.status).toBe('failed');
    expect((await sendRow(linked))?.conversationId).toBe(conversationId);
    const left = await ctx.database.db.select({ id: whatsappMessages.messageId }).from(whatsappMessages).where(like(whatsappMessages.messageId, `${received}%`));
    expect(left.map((r) => r.id).sort()).toEqual([`${received}.pending`, `${received}.recent`]);
  });
});

describe("the inbox's last message author (its preview shows a customer's text as written)", () => {
  it("says the customer wrote the last message, kept exactly as written", async () => {
    const { user, agent } = await connectedAgent();
    const customer = newCustomer();
    const { conversationId } = await answered(agent, customer);
    expect((await ctx.request(`/api/agents/${agent.id}/conversations/${conversationId}/takeover`, { method: 'POST', token: user.token })).status).toBe(200);
    const text = '[x](javascript:alert(1)) **oi** _tudo_ > bem?';
    await post(agent, notification([textMessage(`wamid.md.${customer}`, text)], { from: customer }));
    await vi.waitFor(async () => expect(await inboxRow(user, conversationId)).toMatchObject({ lastMessage: text, lastMessageRole: 'user' }), { timeout: 20_000 });
  });
});
