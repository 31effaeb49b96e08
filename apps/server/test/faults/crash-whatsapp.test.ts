/**
 * Fault: the server process is killed (SIGKILL) while WhatsApp messages are
 * being answered — one in the middle of its turn (the model hangs), one after
 * the Graph API took its reply but before the answer was recorded. After a
 * restart, each message has exactly one reply: the interrupted turn is redone
 * once its job's heartbeat lapses, and the interrupted delivery is not repeated.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FAKE_NUMBER, startFakeGraph, type FakeGraph } from '../../../../e2e/fakes/graph';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes/openai';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';
import { createRemoteAgent, signUpRemote } from '../helpers/remote-api';
import { ensureServerBuild, killAllServers, startServerProcess, type ServerProcess } from '../helpers/server-process';

const APP_SECRET = 'c0ffee0123456789abcdef0123456789';

let graph: FakeGraph;
let llm: FakeOpenAI;
let database: ProcessDatabase;

beforeAll(async () => {
  await ensureServerBuild();
  [graph, llm, database] = await Promise.all([startFakeGraph(), startFakeOpenAI(), createProcessDatabase()]);
});
afterAll(async () => {
  await killAllServers();
  await Promise.all([graph?.close(), llm?.close(), database?.drop()]);
});

function notification(messageId: string, from: string, text: string) {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: FAKE_NUMBER.display_phone_number, phone_number_id: FAKE_NUMBER.id },
    contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
    messages: [{ from, id: messageId, timestamp: '1749416383', type: 'text', text: { body: text } }],
  };
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }] });
}

/** POSTs a notification signed with the app secret, as Meta does. */
function deliver(server: ServerProcess, webhookId: string, body: string) {
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
  return fetch(`${server.url}/chat/${webhookId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
}

const sentTo = (customer: string) => graph.sent.filter((m) => m.to === customer);

it('answers each message exactly once across a kill and a restart', async () => {
  const env = {
    WHATSAPP_GRAPH_URL: graph.url,
    OPENAI_API_KEY: 'sk-fake',
    OPENAI_BASE_URL: llm.baseUrl,
    CHAT_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: '120000',
  };
  const first = await startServerProcess({ database, env });
  const user = await signUpRemote(first);
  const agent = await createRemoteAgent(first, user, 'Atendente WhatsApp');
  const saved = await first.request(`/api/agents/${agent.id}/whatsapp`, {
    method: 'PUT',
    token: user.token,
    json: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
  });
  expect(saved.status).toBe(200);

  // 1. Delivery interrupted: the Graph API accepts the reply but never answers, and the process dies.
  const sending = { id: 'wamid.FAULT.SENDING.1', from: '5511900000001', text: 'Qual o prazo de entrega?' };
  graph.stallSends = true;
  expect((await deliver(first, agent.webhookId, notification(sending.id, sending.from, sending.text))).status).toBe(200);
  await vi.waitFor(() => expect(sentTo(sending.from)).toHaveLength(1), { timeout: 30_000, interval: 100 });

  // 2. Turn interrupted: the model never answers, and the process dies.
  const thinking = { id: 'wamid.FAULT.THINKING.1', from: '5511900000002', text: 'Vocês abrem no sábado?' };
  llm.mode = 'hang';
  expect((await deliver(first, agent.webhookId, notification(thinking.id, thinking.from, thinking.text))).status).toBe(200);
  const asked = () => llm.requests.filter((r) => r.messages.some((m) => m.content === thinking.text)).length;
  await vi.waitFor(() => expect(asked()).toBe(1), { timeout: 30_000, interval: 100 });

  await first.kill();
  graph.stallSends = false;
  llm.mode = 'normal';

  const second = await startServerProcess({ database, env, port: first.port });
  // Meta redelivers a message it saw no 200 for: the redelivery is recognised, not queued again.
  expect((await deliver(second, agent.webhookId, notification(thinking.id, thinking.from, thinking.text))).status).toBe(200);
  // The inbound jobs are retried once their 30 s heartbeat lapses.
  await vi.waitFor(() => expect(sentTo(thinking.from)).toHaveLength(1), { timeout: 120_000, interval: 250 });
  expect(sentTo(thinking.from)[0]!.body).toBe(`Você disse: ${thinking.text}`);
  // Its retry either declines to send again (and says so in the log) or sends a second reply: wait for either.
  const retried = () => second.output().includes(sending.id) || sentTo(sending.from).length > 1;
  await vi.waitFor(() => expect(retried()).toBe(true), { timeout: 60_000, interval: 250 });
  await second.stop();

  expect(sentTo(sending.from)).toHaveLength(1);
  expect(sentTo(thinking.from)).toHaveLength(1);
  const rows = await database.query<{ message_id: string; status: string; error: string | null }>(
    'select message_id, status, error from whatsapp_messages where agent_id = $1 order by message_id',
    [agent.id],
  );
  expect(rows).toEqual([
    { message_id: sending.id, status: 'failed', error: expect.stringMatching(/interrupted while sending/) },
    { message_id: thinking.id, status: 'answered', error: null },
  ]);
  const transcript = await database.query<{ session_id: string; role: string; content: string }>(
    `select c.session_id, m.role, m.content from messages m join conversations c on c.id = m.conversation_id
     where c.agent_id = $1 and c.channel = 'whatsapp' order by c.session_id, m.seq`,
    [agent.id],
  );
  // KNOWN LIMITATION: the redone turn stores the customer's message (and counts it against the quota) a
  // second time, because runTurn has no idempotency key; the answer is stored and sent once.
  expect(transcript.filter((m) => m.session_id === thinking.from).map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
  expect(transcript.filter((m) => m.role === 'assistant' && m.session_id === thinking.from)).toHaveLength(1);
}, 240_000);
