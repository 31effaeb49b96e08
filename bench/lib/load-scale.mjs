// Load scenario 2: the distributed deployment. Two web instances (ROLE=web)
// and worker processes (ROLE=worker) on one Postgres and one S3 bucket, all
// started at the same moment. Checks that
//   (a) the monthly quota is never over-admitted by a burst aimed at its edge, split across both instances;
//   (b) each ingestion job runs once (each file read once from S3, one passage set per file);
//   (c) each WhatsApp message is answered once, although every notification reaches both instances several times.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { api, createAccount, createAgent, isModelAnswer, startAtende } from './atende.mjs';
import { chatClient } from './chat-client.mjs';
import { createTempDatabase, pgQuery } from './databases.mjs';
import { freePort, stopChild } from './processes.mjs';

/** The number the fake Graph API knows (e2e/fakes/graph.ts, FAKE_NUMBER). */
const FAKE_NUMBER = { id: '106540352242922', token: 'EAAGfakeTokenForTests0001', display: '+55 11 99999-0000' };
const APP_SECRET = 'c0ffee0123456789abcdef0123456789';
/** The free plan's monthly messages (packages/shared/src/plans.ts). */
const FREE_PLAN_MESSAGES = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const check = (name, actual, expected) => ({ name, actual, expected, pass: JSON.stringify(actual) === JSON.stringify(expected) });

/** Polls `probe` until it returns a truthy value (or throws after `timeoutMs`). */
async function waitUntil(what, probe, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(250);
  }
}

/**
 * @param options.adminUrl Postgres server for a throw-away database
 * @param options.fakes the fake services (llm, graph, s3, control)
 * @param options.tempDir, options.workers, options.quotaRemaining, options.quotaBurst, options.uploads,
 *        options.whatsappMessages, options.whatsappCopies
 */
export async function runScale(options) {
  const { fakes } = options;
  const database = await createTempDatabase(options.adminUrl);
  const env = {
    DATABASE_URL: database.url,
    S3_ENDPOINT: fakes.s3.endpoint,
    S3_BUCKET: fakes.s3.bucket,
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'AKIALOAD',
    S3_SECRET_ACCESS_KEY: 'secret-load',
  };
  // Each process has its own DATA_DIR: nothing local is shared, as on separate machines.
  const start = async (name, role) => {
    const dataDir = path.join(options.tempDir, name);
    mkdirSync(dataDir, { recursive: true });
    return startAtende(name, { port: await freePort(), dataDir, fakes, env: { ...env, ROLE: role } });
  };
  const processes = [];
  try {
    console.log(`  starting 2 web instances and ${options.workers} worker(s) at once on one Postgres…`);
    processes.push(
      ...(await Promise.all([
        start('web-a', 'web'),
        start('web-b', 'web'),
        ...Array.from({ length: options.workers }, (_, i) => start(`worker-${i + 1}`, 'worker')),
      ])),
    );
    const [a, b] = processes;
    const workers = processes.slice(2);
    const workerServesOnlyHealth = (await fetch(`${workers[0].url}/api/agents`)).status === 404;

    const account = await createAccount(a, 'scale');
    const agent = await createAgent(a, account);
    const db = (text, params) => pgQuery(database.url, text, params);

    console.log('  (a) quota edge…');
    const quota = await quotaEdge({ a, b, agent, account, db, options });
    await db(`update profiles set plan = 'enterprise' where id = $1`, [account.id]);
    console.log('  (b) each job once…');
    const jobs = await jobsOnce({ a, b, agent, account, db, fakes, options });
    console.log('  (c) each WhatsApp message once…');
    const whatsapp = await whatsappOnce({ a, b, agent, account, db, fakes, options });

    const checks = [
      check('all processes started together and became healthy', processes.length, 2 + options.workers),
      check('a worker serves only /api/health', workerServesOnlyHealth, true),
      ...quota.checks,
      ...jobs.checks,
      ...whatsapp.checks,
    ];
    return {
      scenario: 'scale',
      setup: {
        topology: `2 × ROLE=web + ${options.workers} × ROLE=worker, one Postgres database, one S3 bucket (fake), separate DATA_DIRs`,
        llm: 'fake OpenAI-compatible server, zero latency',
        whatsapp: 'fake Graph API (e2e/fakes/graph.ts)',
      },
      startupMs: Object.fromEntries(processes.map((p) => [p.name, Math.round(p.startupMs)])),
      quota: quota.details,
      jobs: jobs.details,
      whatsapp: whatsapp.details,
      checks,
      pass: checks.every((c) => c.pass),
    };
  } finally {
    await Promise.all(processes.map((p) => stopChild(p.child)));
    await database.drop();
  }
}

/** (a) Usage set just below the quota, then a concurrent burst split across both instances. */
async function quotaEdge({ a, b, agent, account, db, options }) {
  const remaining = options.quotaRemaining;
  const burst = options.quotaBurst;
  const clients = [a, b].map((s) => chatClient(`${s.url}/webhook/${agent.webhookId}`, burst));
  try {
    // One turn creates this month's counter (the month is São Paulo's); then it is moved to the edge.
    const first = await clients[0].send(randomUUID(), 'Olá!');
    if (!isModelAnswer(first.output)) throw new Error(`The first turn was not answered by the model: ${first.status} ${first.output}`);
    await db(`update usage_counters set messages = $2 where user_id = $1`, [account.id, FREE_PLAN_MESSAGES - remaining]);
    const results = await Promise.all(
      Array.from({ length: burst }, (_, i) => clients[i % 2].send(randomUUID(), `Pergunta número ${i}`)),
    );
    const admitted = results.filter((r) => r.status === 200 && isModelAnswer(r.output)).length;
    const notices = results.filter((r) => r.status === 200 && !isModelAnswer(r.output)).length;
    const failed = results.filter((r) => r.status !== 200).length;
    const [usage] = await db(`select messages from usage_counters where user_id = $1`, [account.id]);
    const [stored] = await db(
      // Every answer of this fresh agent but the warm-up's (session ids are stored as keyed hashes, ADR 0011).
      `select (count(*) filter (where m.role = 'assistant' and m.content like 'Você disse:%') - 1)::int as answers
       from messages m join conversations c on c.id = m.conversation_id
       where c.agent_id = $1`,
      [agent.id],
    );
    return {
      details: { quota: FREE_PLAN_MESSAGES, usageBefore: FREE_PLAN_MESSAGES - remaining, burst, admitted, notices, failed, usageAfter: usage.messages },
      checks: [
        check('quota: admitted answers == remaining quota', admitted, remaining),
        check('quota: the rest got the quota notice', notices, burst - remaining),
        check('quota: no failed requests in the burst', failed, 0),
        check('quota: usage ends exactly at the quota', usage.messages, FREE_PLAN_MESSAGES),
        check('quota: model answers stored == admitted', stored.answers, remaining),
      ],
    };
  } finally {
    for (const c of clients) c.close();
  }
}

/** (b) Files uploaded through both instances are ingested by the workers: each read once from S3, one passage set each. */
async function jobsOnce({ a, b, agent, account, db, fakes, options }) {
  const uploads = Array.from({ length: options.uploads }, (_, f) => ({
    name: `arquivo-${f + 1}.txt`,
    text: Array.from(
      { length: 12 },
      (_, p) => `Arquivo ${f + 1}, seção ${p + 1}: o produto ${f + 1}-${p + 1} custa R$ ${f + p + 10},00 e tem garantia de ${p + 1} meses. `.repeat(6),
    ).join('\n\n'),
  }));
  await Promise.all(
    uploads.map((u, i) => {
      const form = new FormData();
      form.append('files', new File([u.text], u.name, { type: 'text/plain' }));
      return api(i % 2 ? b : a, 'POST', `/api/agents/${agent.id}/files`, { form, token: account.token });
    }),
  );
  const files = await waitUntil('every file to be ingested', async () => {
    const { files: list } = await api(a, 'GET', `/api/agents/${agent.id}/files`, { token: account.token });
    return list.length === uploads.length && list.every((f) => f.status === 'ready' || f.status === 'error') ? list : null;
  });
  const rows = await db(`select id, path from files where agent_id = $1`, [agent.id]);
  const s3Requests = await (await fetch(`${fakes.control}/s3/requests`)).json();
  const readsPerFile = rows.map((r) => s3Requests.filter((q) => q.method === 'GET' && q.key === r.path).length);
  const passageSets = await db(
    `select source_id, count(*)::int as rows, count(distinct position)::int as positions
     from passages where agent_id = $1 and source_type = 'file' group by source_id`,
    [agent.id],
  );
  const exactSets = files.filter((f) => {
    const set = passageSets.find((p) => p.source_id === f.id);
    return set && set.rows === f.passages && set.positions === f.passages && f.passages > 1;
  }).length;
  return {
    details: { files: files.length, ready: files.filter((f) => f.status === 'ready').length, readsPerFile, passages: files.map((f) => f.passages) },
    checks: [
      check('jobs: every file ready', files.filter((f) => f.status === 'ready').length, uploads.length),
      check('jobs: each file read once from S3 (one ingestion run each)', readsPerFile, rows.map(() => 1)),
      check('jobs: each file has exactly one passage set', exactSets, uploads.length),
    ],
  };
}

/** (c) Every notification is delivered to both instances several times at once; each message gets one reply. */
async function whatsappOnce({ a, b, agent, account, db, fakes, options }) {
  await api(a, 'PUT', `/api/agents/${agent.id}/whatsapp`, {
    token: account.token,
    body: { metaToken: FAKE_NUMBER.token, phoneNumberId: FAKE_NUMBER.id, appSecret: APP_SECRET },
  });
  const runId = Date.now().toString(36);
  const messages = Array.from({ length: options.whatsappMessages }, (_, i) => ({
    id: `wamid.LOAD.${runId}.${i}`,
    from: `5511${String(900000000 + i)}`,
    text: `Mensagem de WhatsApp número ${i}`,
  }));
  const deliveries = messages.flatMap((m) => {
    const body = notification(m);
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    return [a, b].flatMap((server) =>
      Array.from({ length: options.whatsappCopies }, () =>
        fetch(`${server.url}/chat/${agent.webhookId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
        }).then((r) => r.status),
      ),
    );
  });
  const statuses = await Promise.all(deliveries);
  const settled = await waitUntil('every WhatsApp message to be handled', async () => {
    const rows = await db(`select status, count(*)::int as n from whatsapp_messages where agent_id = $1 group by status`, [agent.id]);
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    const open = rows.filter((r) => r.status === 'received' || r.status === 'sending').reduce((sum, r) => sum + r.n, 0);
    return total === messages.length && open === 0 ? rows : null;
  });
  const { sent, reads } = await (await fetch(`${fakes.graph}/_fake/sent`)).json();
  const repliesPerMessage = messages.map((m) => sent.filter((s) => s.to === m.from).length);
  const readsPerMessage = messages.map((m) => reads.filter((r) => r.messageId === m.id).length);
  const answered = settled.find((r) => r.status === 'answered')?.n ?? 0;
  return {
    details: {
      messages: messages.length,
      deliveriesPerMessage: 2 * options.whatsappCopies,
      webhookStatuses: tally(statuses),
      messageStatuses: Object.fromEntries(settled.map((r) => [r.status, r.n])),
      repliesPerMessage: tally(repliesPerMessage),
    },
    checks: [
      check('whatsapp: every delivery acknowledged with 200', tally(statuses), { 200: deliveries.length }),
      check('whatsapp: every message answered', answered, messages.length),
      check('whatsapp: exactly one reply per message', repliesPerMessage, messages.map(() => 1)),
      check('whatsapp: exactly one read receipt per message', readsPerMessage, messages.map(() => 1)),
    ],
  };
}

function notification(m) {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: FAKE_NUMBER.display, phone_number_id: FAKE_NUMBER.id },
    contacts: [{ profile: { name: 'Cliente' }, wa_id: m.from }],
    messages: [{ from: m.from, id: m.id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: m.text } }],
  };
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }] });
}

const tally = (values) => values.reduce((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
