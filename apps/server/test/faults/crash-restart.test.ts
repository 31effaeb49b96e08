/**
 * Fault: the server process is killed (SIGKILL) in the middle of its
 * background work, then started again on the same database and storage (the
 * same DATA_DIR on PGlite; the same DATABASE_URL in the Postgres project):
 *
 * - two files being ingested (one job reading its file, one waiting in the
 *   queue) end ready with exactly one set of passages;
 * - a WhatsApp message whose turn was running (the model hangs) is answered
 *   exactly once when its job is retried after the heartbeat lapses;
 * - a WhatsApp reply the Graph API accepted just before the kill (its answer
 *   never arrived) is not sent a second time.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FAKE_NUMBER, metaSignature, startFakeGraph, textNotification, type FakeGraph } from '../../../../e2e/fakes';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes';
import { startFakeS3, type FakeS3 } from '../../../../e2e/fakes';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';
import { visitor } from '../helpers/agents';
import { chatRemote, createRemoteAgent, listRemoteFiles, signUpRemote, uploadRemote } from '../helpers/remote-api';
import { ensureServerBuild, killAllServers, startServerProcess, type ServerProcess } from '../helpers/server-process';

const APP_SECRET = 'c0ffee0123456789abcdef0123456789';
const FAQ = Array.from(
  { length: 40 },
  (_, i) => `Pergunta ${i + 1}: como funciona o item ${i + 1} da Loja Aurora? Resposta: o item ${i + 1} tem garantia de ${i + 2} meses e entrega em ${i + 1} dias úteis.`,
).join('\n\n');
const PRICES = ['Produto;Preço;Estoque', ...Array.from({ length: 30 }, (_, i) => `Produto ${i + 1};R$ ${i + 1},50;${i * 3}`)].join('\n');
const FILES = [
  { name: 'faq.txt', text: `${FAQ}\n\nO código de troca da cafeteira Aurora é TROCA-AURORA-777.` },
  { name: 'precos.csv', text: PRICES, type: 'text/csv' },
];

let s3: FakeS3;
let graph: FakeGraph;
let llm: FakeOpenAI;
let database: ProcessDatabase;

beforeAll(async () => {
  await ensureServerBuild();
  [s3, graph, llm, database] = await Promise.all([startFakeS3(), startFakeGraph(), startFakeOpenAI(), createProcessDatabase()]);
});
afterAll(async () => {
  await killAllServers();
  await Promise.all([s3?.close(), graph?.close(), llm?.close(), database?.drop()]);
});

/** POSTs a notification signed with the app secret, as Meta does. */
function deliver(server: ServerProcess, webhookId: string, message: { id: string; from: string; text: string }) {
  const body = textNotification(message);
  return fetch(`${server.url}/chat/${webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, APP_SECRET) },
    body,
  });
}

const sentTo = (customer: string) => graph.sent.filter((m) => m.to === customer);

it('loses nothing and does nothing twice across a SIGKILL and a restart', async () => {
  const env = {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'AKIATEST',
    S3_SECRET_ACCESS_KEY: 'secret-test',
    WHATSAPP_GRAPH_URL: graph.url,
    OPENAI_API_KEY: 'sk-fake',
    OPENAI_BASE_URL: llm.baseUrl,
    CHAT_MODEL: 'fake-model',
    LLM_TIMEOUT_MS: '120000',
  };
  const first = await startServerProcess({ database, env });
  const user = await signUpRemote(first);
  const agent = await createRemoteAgent(first, user, 'Atendente Aurora');
  const saved = await first.request(`/api/agents/${agent.id}/whatsapp`, {
    method: 'PUT',
    token: user.token,
    json: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
  });
  expect(saved.status).toBe(200);

  // Ingestion caught mid-way: reading the uploaded file never finishes; the second file waits in the queue.
  s3.stallGets = true;
  expect((await uploadRemote(first, user, agent.id, FILES)).files).toHaveLength(2);
  await vi.waitFor(() => expect(s3.requests.some((r) => r.method === 'GET')).toBe(true), { timeout: 30_000, interval: 100 });
  expect((await listRemoteFiles(first, user, agent.id)).map((f) => f.status).sort()).toEqual(['processing', 'queued']);

  // A reply caught mid-delivery: the Graph API takes it (the customer has it) but never answers.
  const sending = { id: 'wamid.FAULT.SENDING.1', from: '5511900000001', text: 'Qual o prazo de entrega?' };
  graph.stallSends = true;
  expect((await deliver(first, agent.webhookId, sending)).status).toBe(200);
  await vi.waitFor(() => expect(sentTo(sending.from)).toHaveLength(1), { timeout: 30_000, interval: 100 });

  // A turn caught mid-way: the model never answers.
  const thinking = { id: 'wamid.FAULT.THINKING.1', from: '5511900000002', text: 'Vocês abrem no sábado?' };
  llm.mode = 'hang';
  expect((await deliver(first, agent.webhookId, thinking)).status).toBe(200);
  const asked = () => llm.requests.filter((r) => r.messages.some((m) => m.content === thinking.text)).length;
  await vi.waitFor(() => expect(asked()).toBe(1), { timeout: 30_000, interval: 100 });

  await first.kill();
  s3.stallGets = false;
  graph.stallSends = false;
  llm.mode = 'normal';
  const second = await startServerProcess({ database, env, port: first.port });

  // Meta redelivers a message it saw no 200 for: the redelivery is recognised, not queued again.
  expect((await deliver(second, agent.webhookId, thinking)).status).toBe(200);
  // Running jobs are retried once their heartbeat lapses (10 s for ingestion, 30 s for WhatsApp); the queued file at once.
  let files: Awaited<ReturnType<typeof listRemoteFiles>> = [];
  await vi.waitFor(
    async () => {
      files = await listRemoteFiles(second, user, agent.id);
      expect(files.map((f) => f.status)).toEqual(['ready', 'ready']);
    },
    { timeout: 90_000, interval: 250 },
  );
  await vi.waitFor(() => expect(sentTo(thinking.from)).toHaveLength(1), { timeout: 120_000, interval: 250 });
  expect(sentTo(thinking.from)[0]!.body).toBe(`Você disse: ${thinking.text}`);
  // The interrupted delivery's retry either declines to send again (and says so in the log) or sends a second reply.
  const retried = () => second.output().includes(sending.id) || sentTo(sending.from).length > 1;
  await vi.waitFor(() => expect(retried()).toBe(true), { timeout: 60_000, interval: 250 });

  // The ingested file answers: its passage reaches the model's prompt.
  llm.requests.length = 0;
  expect((await chatRemote(second, agent.webhookId, 'Qual é o código de troca da cafeteira?', visitor('sessao-apos-queda'))).status).toBe(200);
  expect(String(llm.requests[0]!.messages[0]!.content)).toContain('TROCA-AURORA-777');
  await second.stop();

  expect(sentTo(sending.from)).toHaveLength(1);
  expect(sentTo(thinking.from)).toHaveLength(1);

  const passageSets = await database.query<{ source_id: string; rows: number; positions: number }>(
    `select source_id, count(*)::int as rows, count(distinct position)::int as positions
     from passages where agent_id = $1 and source_type = 'file' group by source_id`,
    [agent.id],
  );
  expect(passageSets).toHaveLength(2);
  for (const file of files) {
    expect(file.passages, file.filename).toBeGreaterThan(1);
    expect(passageSets.find((p) => p.source_id === file.id), file.filename).toEqual({ source_id: file.id, rows: file.passages, positions: file.passages });
  }

  const statuses = await database.query<{ message_id: string; status: string; error: string | null }>(
    'select message_id, status, error from whatsapp_messages where agent_id = $1 order by message_id',
    [agent.id],
  );
  expect(statuses).toEqual([
    { message_id: sending.id, status: 'failed', error: expect.stringMatching(/interrupted while sending/) },
    { message_id: thinking.id, status: 'answered', error: null },
  ]);
  const transcript = await database.query<{ role: string; content: string }>(
    `select m.role, m.content from messages m join conversations c on c.id = m.conversation_id
     where c.agent_id = $1 and c.channel = 'whatsapp' and c.session_id = $2 order by m.seq`,
    [agent.id, thinking.from],
  );
  // The redone turn finds the customer's message by its WhatsApp id: stored once, answered once.
  expect(transcript).toEqual([
    { role: 'user', content: thinking.text },
    { role: 'assistant', content: `Você disse: ${thinking.text}` },
  ]);
}, 240_000);
