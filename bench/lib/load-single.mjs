// Load scenario 1: many concurrent public-chat sessions against ONE instance
// with a zero-latency fake LLM. Every session sends a turn, waits for the whole
// answer (and an optional think time), and sends the next, until the time is
// up. Afterwards the server is stopped and the transcripts are counted: every
// accepted customer message and every answer given must be stored.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { api, createAccount, createAgent, isModelAnswer, startAtende } from './atende.mjs';
import { chatClient } from './chat-client.mjs';
import { createTempDatabase, pgliteQuery, pgQuery } from './databases.mjs';
import { cpuTimeMs, freePort, stopChild, watchPeakRss } from './processes.mjs';
import { round, summarise } from './stats.mjs';

const QUESTIONS = [
  'Qual o horário de funcionamento de vocês?',
  'Vocês fazem entrega na Vila Mariana?',
  'Quanto custa a entrega?',
  'Abrem no sábado?',
  'Aceitam Pix?',
];
const PLAN = `update profiles set plan = 'enterprise' where id = $1`;
const COUNT = `
  select count(*) filter (where m.role = 'user')::int as "user", count(*) filter (where m.role = 'assistant')::int as assistant,
         count(distinct c.id)::int as conversations
  from messages m join conversations c on c.id = m.conversation_id where c.agent_id = $1`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param options.backend 'pglite' | 'postgres'
 * @param options.adminUrl Postgres server for a throw-away database (postgres backend)
 * @param options.fakes the fake services
 * @param options.tempDir a directory for the data
 * @param options.sessions, options.seconds, options.thinkMs, options.requestTimeoutMs
 */
export async function runSingleInstance(options) {
  const { backend, fakes, sessions, seconds, thinkMs, requestTimeoutMs } = options;
  const dataDir = path.join(options.tempDir, `single-${backend}`);
  mkdirSync(dataDir, { recursive: true });
  const database = backend === 'postgres' ? await createTempDatabase(options.adminUrl) : null;
  const serverOptions = { port: await freePort(), dataDir, fakes, env: database ? { DATABASE_URL: database.url } : {} };
  try {
    // An account on Enterprise (no monthly quota): set in the database, live on Postgres, between two starts on PGlite.
    let server = await startAtende('server', serverOptions);
    const account = await createAccount(server, `load-${backend}`);
    const agent = await createAgent(server, account);
    if (database) await pgQuery(database.url, PLAN, [account.id]);
    else {
      await stopChild(server.child);
      await pgliteQuery(dataDir, PLAN, [account.id]);
      server = await startAtende('server', serverOptions);
    }
    const me = await api(server, 'GET', '/api/me', { token: account.token });
    if (me.plan !== 'enterprise') throw new Error(`Expected the load account on Enterprise, got ${me.plan}.`);

    console.log(`  ${sessions} sessions for ${seconds} s on ${backend}…`);
    const client = chatClient(`${server.url}/webhook/${agent.webhookId}`, sessions, { timeoutMs: requestTimeoutMs });
    const cpuBefore = cpuTimeMs(server.pid);
    const stopWatchingRss = watchPeakRss(server.pid);
    const load = await closedLoop(client, sessions, seconds * 1000, thinkMs);
    const peakRssMb = stopWatchingRss();
    const serverCpuMs = cpuTimeMs(server.pid) - cpuBefore;
    client.close();
    await stopChild(server.child); // graceful: in-flight turns finish before the transcripts are counted

    const [stored] = database ? await pgQuery(database.url, COUNT, [agent.id]) : await pgliteQuery(dataDir, COUNT, [agent.id]);
    return report(options, load, stored, { serverCpuMs, peakRssMb, startupMs: server.startupMs });
  } finally {
    await database?.drop();
  }
}

async function closedLoop(client, sessions, durationMs, thinkMs) {
  const tally = { latencies: [], statusCodes: {}, networkErrors: 0, answered: 0, unexpectedAnswers: 0 };
  const started = performance.now();
  const deadline = started + durationMs;
  const runId = Date.now().toString(36);
  await Promise.all(
    Array.from({ length: sessions }, async (_, s) => {
      const sessionId = `load-${runId}-${s}-${randomUUID()}`;
      for (let i = 0; performance.now() < deadline; i++) {
        const r = await client.send(sessionId, QUESTIONS[(i + s) % QUESTIONS.length]);
        if (r.status === 0) tally.networkErrors += 1;
        else {
          tally.latencies.push(r.ms);
          tally.statusCodes[r.status] = (tally.statusCodes[r.status] ?? 0) + 1;
        }
        if (r.status === 200 && isModelAnswer(r.output)) tally.answered += 1;
        else if (r.status === 200) tally.unexpectedAnswers += 1;
        if (thinkMs > 0) await sleep(thinkMs);
      }
    }),
  );
  return { ...tally, elapsedMs: performance.now() - started };
}

function report(options, load, stored, server) {
  const count = (filter) => Object.entries(load.statusCodes).reduce((sum, [status, n]) => sum + (filter(Number(status)) ? n : 0), 0);
  const ok = count((s) => s === 200);
  const serverErrors = count((s) => s >= 500);
  // The customer's message is stored before the model is called: a turn is "accepted" unless refused before that (4xx).
  const accepted = count((s) => s === 200 || s >= 500);
  const checks = [
    check('no 5xx answers', serverErrors, 0),
    check('no dropped or timed-out requests', load.networkErrors, 0),
    check('every 200 is the model answer', load.unexpectedAnswers, 0),
    check('customer messages stored == accepted requests', stored.user, accepted),
    check('answers stored == 200 answers', stored.assistant, ok),
    check('one conversation per session', stored.conversations, options.sessions),
  ];
  return {
    scenario: 'single-instance',
    backend: options.backend,
    setup: {
      sessions: options.sessions,
      seconds: options.seconds,
      thinkMs: options.thinkMs,
      requestTimeoutMs: options.requestTimeoutMs,
      server: `node apps/server/dist/main.js (NODE_ENV=production, ${options.backend}, LOG_LEVEL=warn), rate limits raised, Enterprise plan`,
      llm: 'fake OpenAI-compatible server (e2e/fakes/openai.ts) in its own process, zero latency: latency is what the server adds',
      client: 'closed loop, one keep-alive connection per session (node:http), JSON answers',
    },
    turns: load.latencies.length,
    turnsPerSec: round(load.latencies.length / (load.elapsedMs / 1000), 1),
    latencyMs: summarise(load.latencies),
    statusCodes: load.statusCodes,
    networkErrors: load.networkErrors,
    stored,
    server: {
      startupMs: Math.round(server.startupMs),
      cpuMsPerTurn: round(server.serverCpuMs / Math.max(1, load.latencies.length), 2),
      peakRssMb: round(server.peakRssMb, 1),
    },
    checks,
    pass: checks.every((c) => c.pass),
  };
}

const check = (name, actual, expected) => ({ name, actual, expected, pass: actual === expected });
