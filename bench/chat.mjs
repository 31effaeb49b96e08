// Chat benchmark (issue 3): chat turns per second, server-added latency,
// time to first streamed token, server CPU per turn and resident memory of the
// built server, with a zero-latency fake LLM, at 1, 10 and 50 concurrent chat
// sessions whose 15-message memory window is full. Writes bench/results/chat.json;
// when a target is missed (or BENCH_PROFILE=1) it profiles a 50-session run and
// writes bench/results/chat-profile.json.
//
//   npm run build -w @atende/server && node bench/chat.mjs
//
// Environment: BENCH_SECONDS (measured seconds per level, default 10),
// BENCH_PROFILE (1: always profile, 0: never; default: when a target is missed),
// BENCH_PROFILE_SECONDS (measured seconds of the profiled run, default 5).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatClient } from './lib/chat-client.mjs';
import { printProfile, summariseProfile } from './lib/cpuprofile.mjs';
import {
  cleanUp,
  cpuTimeMs,
  firstJsonLine,
  freePort,
  machineCpuMs,
  memoryMb,
  printChildOutput,
  rssMb,
  startChild,
  stopChild,
  trackTempDir,
  watchPeakRss,
} from './lib/processes.mjs';
import { round, summarise } from './lib/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const RESULT_FILE = path.join(RESULTS_DIR, 'chat.json');
const PROFILE_FILE = path.join(RESULTS_DIR, 'chat-profile.json');
/** The raw V8 profile, to open in Chrome DevTools (Performance → Load profile) or speedscope; not committed. */
const RAW_PROFILE_FILE = path.join(RESULTS_DIR, 'chat.cpuprofile');

const LEVELS = [1, 10, 50];
const SECONDS = positiveNumber('BENCH_SECONDS', 10);
const PROFILE_SECONDS = positiveNumber('BENCH_PROFILE_SECONDS', 5);
/** Load on a freshly started server before anything is measured, so the JIT has compiled the hot paths. */
const WARMUP_MS = 3_000;
const WARMUP_SESSIONS = 10;
/** Turns each session sends before measuring: 16 stored messages fill the 15-message memory window. */
const PREFILL_TURNS = 8;
/** Every STREAM_EVERY-th turn of a session asks for SSE (time to first token); the others for JSON. */
const STREAM_EVERY = 10;
const TARGETS = { turnsPerSec: 800, p99Ms: 75, cpuMsPerTurn: 1.5, idleRssMb: 250 };
/** Effectively no rate limit: the bench sends thousands of turns per minute from one IP. */
const NO_LIMIT = '1000000000';
const RUN_ID = Date.now().toString(36);
/** Idle measurements: wait for start-up (or load) work to settle, then sample CPU over a quiet period. */
const IDLE_SETTLE_MS = 1_000;
const IDLE_SAMPLE_MS = 2_000;
/** Above this many cores used by other processes during a level, the results are flagged as disturbed. */
const OTHER_CPU_WARNING_CORES = 0.25;

const ACCOUNT = {
  name: 'Bench Lojista',
  email: `bench-${RUN_ID}@example.com`,
  password: 'senha-do-benchmark',
  company: 'Café Aurora',
  phone: '(11) 95555-0000',
};

const KNOWLEDGE = {
  companyName: 'Café Aurora',
  about: [
    'O Café Aurora é uma cafeteria de bairro em São Paulo, com cafés especiais torrados na casa, bolos caseiros, pães de fermentação natural e salgados assados.',
    'Horário de funcionamento: de segunda a sexta, das 7h às 19h; aos sábados, das 8h às 14h. Não abrimos aos domingos e feriados.',
    'Endereço: Rua das Laranjeiras, 120, Vila Mariana. Há bicicletário na porta e estacionamento conveniado a 50 metros.',
    'Entregas: fazemos entrega em um raio de 5 km pelo nosso próprio motoboy, com taxa fixa de R$ 7,00. Pedidos acima de R$ 80,00 têm entrega grátis. O prazo médio é de 40 minutos.',
    'Pagamento: aceitamos Pix, cartões de crédito e débito (Visa, Mastercard, Elo) e vale-refeição. Não aceitamos cheques.',
    'Cardápio e preços: espresso R$ 6,00; cappuccino R$ 12,00; café coado do dia R$ 9,00; bolo de fubá com goiabada R$ 11,00 a fatia; pão de queijo R$ 5,00; quiche de alho-poró R$ 18,00.',
    'Encomendas de bolos inteiros devem ser feitas com 48 horas de antecedência pelo WhatsApp. Temos opções sem glúten e sem lactose sob encomenda.',
    'Eventos e reservas: o salão do fundo comporta até 20 pessoas e pode ser reservado para aniversários e reuniões, com cardápio de coffee break.',
    'Trocas e devoluções: se algum produto chegar com problema, avise em até 2 horas após a entrega com uma foto, e enviamos outro ou devolvemos o valor.',
  ].join('\n\n'),
  links: 'https://cafeaurora.example.com/cardapio\nhttps://instagram.com/cafeaurora.example',
};

/** Customer questions (no arithmetic, so every turn is one plain model call). */
const QUESTIONS = [
  'Qual o horário de funcionamento de vocês?',
  'Vocês fazem entrega na Vila Mariana?',
  'Quanto custa o cappuccino?',
  'Aceitam pagamento com Pix ou cartão?',
  'Tem bolo sem glúten?',
  'Onde fica a cafeteria?',
  'Posso reservar o salão para um aniversário?',
  'O pedido chegou com problema, como faço a troca?',
  'Abrem no domingo?',
  'Qual é o café do dia?',
];

/** The fake echoes "Você disse: <message>"; anything else (quota notice, offline answer) is not the model path. */
const isModelAnswer = (output) => typeof output === 'string' && output.startsWith('Você disse:');

function positiveNumber(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const question = (i) => QUESTIONS[i % QUESTIONS.length];
// Session ids are secrets the server accepts only when unguessable (ADR 0011).
const sessionIds = (n, label = n) => Array.from({ length: n }, (_, i) => `bench-${RUN_ID}-${label}-${i}-${randomUUID()}`);

// ---------------------------------------------------------------------------
// Processes: the fake LLM and the server

async function startFakeLlm() {
  const child = startChild('fake LLM', process.execPath, ['--import', 'tsx', 'bench/fake-llm.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const { baseUrl, pid } = await firstJsonLine(child);
  return { child, baseUrl, pid };
}

/**
 * The server's environment, built from scratch so that nothing from the
 * caller's shell (DATABASE_URL, S3_*, NODE_OPTIONS…) changes what is measured.
 */
function serverEnv({ port, dataDir, fakeBaseUrl }) {
  const url = `http://127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url, // Better Auth trusts this origin for the sign-up/sign-in POSTs
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fakeBaseUrl,
    SIGNUP_RATE_LIMIT: '100000',
    CHAT_RATE_LIMIT_PER_IP: NO_LIMIT,
    CHAT_RATE_LIMIT_PER_SESSION: NO_LIMIT,
  };
}

/** Starts `node [nodeArgs] apps/server/dist/main.js` and waits until /api/health answers. */
async function startServer(options, nodeArgs = []) {
  const started = performance.now();
  const child = startChild('server', process.execPath, [...nodeArgs, SERVER_MAIN], { cwd: ROOT, env: serverEnv(options) });
  const server = { child, pid: child.pid, url: `http://127.0.0.1:${options.port}` };
  const health = await waitHealthy(server);
  if (health.llm === 'offline') throw new Error('The server started in offline mode: OPENAI_BASE_URL was not picked up.');
  return { ...server, startupMs: performance.now() - started };
}

async function waitHealthy(server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited during start-up:\n${server.child.tail.join('\n')}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${server.child.tail.join('\n')}`);
}

// ---------------------------------------------------------------------------
// Set-up through the API (and one direct database write while the server is stopped)

async function api(server, method, pathname, { body, cookie } = {}) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { origin: server.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status}: ${text.slice(0, 300)}`);
  return { res, json: text ? JSON.parse(text) : null };
}

/** Signs the bench account up and in, creates its agent and fills its knowledge base. */
async function createAgent(server) {
  await api(server, 'POST', '/api/auth/sign-up/email', { body: ACCOUNT });
  const signIn = await api(server, 'POST', '/api/auth/sign-in/email', {
    body: { email: ACCOUNT.email, password: ACCOUNT.password },
  });
  const cookie = signIn.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { json: agent } = await api(server, 'POST', '/api/agents', { body: { name: 'Atendente Aurora' }, cookie });
  await api(server, 'PUT', `/api/agents/${agent.id}/knowledge`, { body: KNOWLEDGE, cookie });
  return { webhookId: agent.webhookId, cookie };
}

/**
 * Gives the bench account the Enterprise plan (unlimited messages; the free
 * plan's 100 would end the bench at once). PGlite has one owner, so this runs
 * while the server is stopped, on the same data directory.
 */
async function upgradeToEnterprise(dataDir, email) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const result = await db.query(`update profiles set plan = 'enterprise' where id = (select id from "user" where email = $1)`, [email]);
    if (result.affectedRows !== 1) throw new Error(`Could not upgrade the bench account's plan (${result.affectedRows} rows).`);
  } finally {
    await db.close();
  }
}

async function assertPlan(server, cookie, plan) {
  const { json: me } = await api(server, 'GET', '/api/me', { cookie });
  if (me.plan !== plan) throw new Error(`Expected the bench account on plan ${plan}, got ${me.plan}.`);
}

/**
 * Starts the server on a fresh data directory, creates the bench agent,
 * upgrades its account while the server is stopped, and starts it again.
 * Returns the running server and the agent's public webhook id.
 */
async function startPreparedServer(serverOptions) {
  const first = await startServer(serverOptions);
  const { webhookId, cookie } = await createAgent(first);
  await stopChild(first.child);
  await upgradeToEnterprise(serverOptions.dataDir, ACCOUNT.email);
  const server = await startServer(serverOptions);
  await assertPlan(server, cookie, 'enterprise');
  return { server, webhookId };
}

// ---------------------------------------------------------------------------
// Load

/** Resident memory and CPU use of the server while nothing is sent, after a moment to settle. */
async function measureIdle(server) {
  await sleep(IDLE_SETTLE_MS);
  const cpuBefore = cpuTimeMs(server.pid);
  await sleep(IDLE_SAMPLE_MS);
  const memory = memoryMb(server.pid);
  return {
    memoryMb: { rss: round(memory.rss, 1), anon: round(memory.anon, 1), file: round(memory.file, 1) },
    cpuCores: round((cpuTimeMs(server.pid) - cpuBefore) / IDLE_SAMPLE_MS, 3),
  };
}

/** Each session sends PREFILL_TURNS turns so its memory window is full before measuring. */
async function prefill(client, sessions) {
  await Promise.all(
    sessions.map(async (sessionId) => {
      for (let i = 0; i < PREFILL_TURNS; i++) {
        const r = await client.send(sessionId, question(i));
        if (r.status !== 200 || !isModelAnswer(r.output)) {
          throw new Error(`Prefill turn failed: status ${r.status} ${r.error ?? ''} output ${JSON.stringify(r.output)}`);
        }
      }
    }),
  );
}

/**
 * Closed loop: every session sends a turn, waits for the whole answer, and
 * sends the next, until `durationMs` has passed. Returns the raw samples and
 * the window on the monotonic clock (to cut a CPU profile to it).
 */
async function closedLoop(client, sessions, durationMs) {
  const samples = { all: [], json: [], stream: [], ttft: [], statusCodes: {}, networkErrors: 0, unexpectedAnswers: 0 };
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    sessions.map(async (sessionId, s) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const stream = (i + s) % STREAM_EVERY === 0; // staggered so streams spread over time
        record(samples, stream, await client.send(sessionId, question(i + s), { stream }));
      }
    }),
  );
  return {
    samples,
    turns: samples.all.length,
    elapsedMs: performance.now() - started,
    window: { startUs, endUs: Number(process.hrtime.bigint() / 1000n) },
  };
}

function record(samples, stream, r) {
  samples.all.push(r.ms);
  (stream ? samples.stream : samples.json).push(r.ms);
  if (r.ttftMs !== undefined) samples.ttft.push(r.ttftMs);
  if (r.status === 0) samples.networkErrors += 1;
  else samples.statusCodes[r.status] = (samples.statusCodes[r.status] ?? 0) + 1;
  if (r.status >= 200 && r.status < 300 && !isModelAnswer(r.output)) samples.unexpectedAnswers += 1;
}

/** CPU time so far (ms) of the server, the fake LLM, this load generator and the whole machine. */
function cpuSnapshot(server, fake) {
  const self = process.cpuUsage();
  return {
    server: cpuTimeMs(server.pid),
    fake: cpuTimeMs(fake.pid),
    loadGenerator: (self.user + self.system) / 1000,
    machine: machineCpuMs().busy,
  };
}

/** Sends load that is not measured, so that the first level does not pay for JIT compilation. */
async function warmUp(server, webhookId) {
  const client = chatClient(`${server.url}/webhook/${webhookId}`, WARMUP_SESSIONS);
  try {
    await closedLoop(client, sessionIds(WARMUP_SESSIONS, 'warmup'), WARMUP_MS);
  } finally {
    client.close();
  }
}

/** One concurrency level: fresh sessions, prefilled, then SECONDS of closed-loop load. */
async function runLevel(server, fake, webhookId, n) {
  const sessions = sessionIds(n);
  const client = chatClient(`${server.url}/webhook/${webhookId}`, n);
  try {
    await prefill(client, sessions);
    const rssBefore = rssMb(server.pid);
    const cpuBefore = cpuSnapshot(server, fake);
    const stopWatchingRss = watchPeakRss(server.pid);
    const load = await closedLoop(client, sessions, SECONDS * 1000);
    const peakRss = stopWatchingRss();
    const cpuAfter = cpuSnapshot(server, fake);
    return levelReport(n, load, { before: cpuBefore, after: cpuAfter }, { before: rssBefore, peak: peakRss });
  } finally {
    client.close();
  }
}

function levelReport(n, load, cpu, rss) {
  const { samples, turns, elapsedMs } = load;
  const used = (key) => cpu.after[key] - cpu.before[key];
  const perTurn = (key) => round(used(key) / turns, 3);
  // Whatever the machine spent beyond our three processes: other work competing for the 2 cores.
  const otherMs = used('machine') - used('server') - used('fake') - used('loadGenerator');
  const non2xx = Object.entries(samples.statusCodes)
    .filter(([status]) => Number(status) < 200 || Number(status) >= 300)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    sessions: n,
    durationS: round(elapsedMs / 1000),
    turns,
    turnsPerSec: round(turns / (elapsedMs / 1000), 1),
    latencyMs: summarise(samples.all),
    jsonLatencyMs: summarise(samples.json),
    stream: { turns: samples.stream.length, ttftMs: summarise(samples.ttft), latencyMs: summarise(samples.stream) },
    non2xx,
    networkErrors: samples.networkErrors,
    unexpectedAnswers: samples.unexpectedAnswers,
    statusCodes: samples.statusCodes,
    serverCpuMsPerTurn: perTurn('server'),
    serverCpuCores: round(used('server') / elapsedMs),
    fakeLlmCpuMsPerTurn: perTurn('fake'),
    loadGeneratorCpuMsPerTurn: perTurn('loadGenerator'),
    otherProcessesCpuCores: round(Math.max(0, otherMs) / elapsedMs),
    serverRssMb: { before: round(rss.before, 1), peak: round(rss.peak, 1) },
  };
}

// ---------------------------------------------------------------------------
// Profiling: where the server's time goes

/**
 * Restarts the server under `--cpu-prof`, warms it up, measures a 50-session
 * run (sessions already full from the 50-session level), stops it (the profile
 * is written on exit) and summarises the samples taken during the measured window.
 * `cpuMsPerTurn` (measured without the profiler) turns sample shares into CPU per turn.
 */
async function profileRun(serverOptions, webhookId, tempDir, cpuMsPerTurn) {
  const dir = path.join(tempDir, 'cpu-prof');
  const server = await startServer(serverOptions, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500']);
  const sessions = sessionIds(50);
  const client = chatClient(`${server.url}/webhook/${webhookId}`, sessions.length);
  let load;
  try {
    await warmUp(server, webhookId);
    load = await closedLoop(client, sessions, PROFILE_SECONDS * 1000);
  } finally {
    client.close();
    await stopChild(server.child);
  }
  const file = existsSync(dir) && readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('The profiled server exited without writing a .cpuprofile.');
  const raw = readFileSync(path.join(dir, file), 'utf8');
  writeFileSync(RAW_PROFILE_FILE, raw);
  const profile = JSON.parse(raw);
  return {
    run: { sessions: sessions.length, durationS: round(load.elapsedMs / 1000), turnsPerSecUnderProfiler: round(load.turns / (load.elapsedMs / 1000), 1) },
    ...summariseProfile(profile, { repoRoot: ROOT, window: load.window, cpuUsPerTurn: round(cpuMsPerTurn * 1000, 1) }),
  };
}

// ---------------------------------------------------------------------------
// Report

function evaluateTargets(levels, idleRss) {
  const at50 = levels.find((l) => l.sessions === 50);
  const worstP99 = Math.max(...levels.map((l) => l.latencyMs.p99));
  const target = (name, value, unit, goal, pass) => ({ name, value, unit, target: goal, pass });
  return [
    target('chat turns/s at 50 sessions', at50.turnsPerSec, 'turns/s', `>= ${TARGETS.turnsPerSec}`, at50.turnsPerSec >= TARGETS.turnsPerSec),
    target('p99 latency, worst level', worstP99, 'ms', `<= ${TARGETS.p99Ms}`, worstP99 <= TARGETS.p99Ms),
    target('server CPU per turn at 50 sessions', at50.serverCpuMsPerTurn, 'ms', `<= ${TARGETS.cpuMsPerTurn}`, at50.serverCpuMsPerTurn <= TARGETS.cpuMsPerTurn),
    target('idle RSS after start-up', round(idleRss, 1), 'MB', `<= ${TARGETS.idleRssMb}`, idleRss <= TARGETS.idleRssMb),
  ];
}

function printLevels(levels) {
  const cols = ['sessions', 'turns/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'ttft p50', 'ttft p99', 'cpu ms/turn', 'rss peak MB', 'failed'];
  const row = (cells) => cells.map((c) => String(c).padStart(11)).join(' ');
  console.log(`\n${row(cols)}`);
  for (const l of levels) {
    const failed = l.non2xx + l.networkErrors + l.unexpectedAnswers;
    console.log(
      row([l.sessions, l.turnsPerSec, l.latencyMs.p50, l.latencyMs.p90, l.latencyMs.p99, l.latencyMs.max, l.stream.ttftMs.p50, l.stream.ttftMs.p99, l.serverCpuMsPerTurn, l.serverRssMb.peak, failed]),
    );
  }
  console.log('\nThe fake LLM answers with zero latency, so these end-to-end latencies are the latency the server adds.');
  const busy = levels.filter((l) => l.otherProcessesCpuCores > OTHER_CPU_WARNING_CORES);
  if (busy.length) {
    const cores = busy.map((l) => `${l.otherProcessesCpuCores} at ${l.sessions}`).join(', ');
    console.log(`WARNING: other processes used CPU cores during the run (${cores} sessions): the machine was not quiet.`);
  }
}

function printIdle(startupMs, idle, idleAfterLoad) {
  const describe = (i) => `RSS ${i.memoryMb.rss} MB (anonymous ${i.memoryMb.anon}, file ${i.memoryMb.file}), CPU ${i.cpuCores} cores`;
  console.log(`\nStart-up ${Math.round(startupMs)} ms. Idle after start-up: ${describe(idle)}. Idle after load: ${describe(idleAfterLoad)}.`);
}

function printTargets(targets) {
  console.log('\nTargets (2-core machine, load generator and fake LLM on the same box):');
  for (const t of targets) console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.value} ${t.unit} (target ${t.target})`);
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((x) => round(x)),
  };
}

/** Which code was measured: the commit, whether the server's sources differ from it, and when dist was built. */
function buildInfo() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      uncommittedServerChanges: git('status', '--porcelain', '--', 'apps/server/src', 'packages/shared/src') !== '',
      distBuiltAt: statSync(SERVER_MAIN).mtime.toISOString(),
    };
  } catch {
    return { distBuiltAt: statSync(SERVER_MAIN).mtime.toISOString() };
  }
}

function writeJson(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

// ---------------------------------------------------------------------------

async function main() {
  if (!existsSync(SERVER_MAIN)) {
    console.error('apps/server/dist/main.js not found. Build first:\n  npm run build   (or just the server: npm run build -w @atende/server)');
    return 1;
  }
  const machine = machineInfo(); // before we add load: the load average shows whether the box was quiet
  const build = buildInfo();
  const tempDir = trackTempDir(mkdtempSync(path.join(os.tmpdir(), 'atende-bench-')));
  const serverOptions = { port: await freePort(), dataDir: path.join(tempDir, 'data') };

  console.log('Starting the fake LLM and the server…');
  const fake = await startFakeLlm();
  serverOptions.fakeBaseUrl = fake.baseUrl;
  const { server, webhookId } = await startPreparedServer(serverOptions);
  const idle = await measureIdle(server);
  console.log(`Warming up (${WARMUP_MS / 1000} s, ${WARMUP_SESSIONS} sessions, not measured)…`);
  await warmUp(server, webhookId);

  const levels = [];
  for (const n of LEVELS) {
    console.log(`Level ${n} session(s): prefill ${PREFILL_TURNS} turns each, then ${SECONDS} s of load…`);
    levels.push(await runLevel(server, fake, webhookId, n));
  }
  const idleAfterLoad = await measureIdle(server);
  await stopChild(server.child);

  const targets = evaluateTargets(levels, idle.memoryMb.rss);
  const missed = targets.some((t) => !t.pass);
  const profile = process.env.BENCH_PROFILE === '1' || (missed && process.env.BENCH_PROFILE !== '0');
  printLevels(levels);
  printIdle(server.startupMs, idle, idleAfterLoad);
  printTargets(targets);

  writeJson(RESULT_FILE, {
    benchmark: 'chat',
    date: new Date().toISOString(),
    machine,
    build,
    setup: {
      server: 'node apps/server/dist/main.js (NODE_ENV=production, PGlite, LOG_LEVEL=warn)',
      llm: 'fake OpenAI-compatible server (e2e/fakes/openai.ts) in its own process, zero latency, streaming',
      latencyNote: 'The fake LLM answers with zero latency: end-to-end latency is the latency the server adds.',
      memoryWindow: `${PREFILL_TURNS} turns per session before measuring (16 messages ≥ 15-message window)`,
      knowledge: 'one knowledge base of ~2 KB; retrieval runs on every turn, lexical only (EMBEDDING_MODEL unset)',
      streamingShare: `every ${STREAM_EVERY}th turn of each session streams (SSE); TTFT measured on those`,
      secondsPerLevel: SECONDS,
      warmUp: `${WARMUP_MS / 1000} s at ${WARMUP_SESSIONS} sessions before the first level (not measured)`,
      client: 'closed loop, one keep-alive connection per session (node:http)',
    },
    quietMachine: levels.every((l) => l.otherProcessesCpuCores <= OTHER_CPU_WARNING_CORES),
    startupMs: Math.round(server.startupMs),
    idle,
    idleAfterLoad,
    levels,
    targets,
    profile: profile ? path.relative(ROOT, PROFILE_FILE) : null,
  });
  console.log(`\nWrote ${path.relative(ROOT, RESULT_FILE)}`);

  // Never leave a profile from an earlier run beside these results.
  for (const file of [PROFILE_FILE, RAW_PROFILE_FILE]) rmSync(file, { force: true });
  if (profile) {
    console.log(`\nProfiling a 50-session run (${PROFILE_SECONDS} s under --cpu-prof)…`);
    const at50 = levels.find((l) => l.sessions === 50);
    const summary = await profileRun(serverOptions, webhookId, tempDir, at50.serverCpuMsPerTurn);
    writeJson(PROFILE_FILE, summary);
    printProfile(summary);
    console.log(`\nWrote ${path.relative(ROOT, PROFILE_FILE)} and ${path.relative(ROOT, RAW_PROFILE_FILE)} (raw, for DevTools)`);
  }

  const failed = levels.reduce((sum, l) => sum + l.non2xx + l.networkErrors + l.unexpectedAnswers, 0);
  if (failed > 0) console.error(`\n${failed} turn(s) failed: the numbers above are not a clean run.`);
  return failed > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

main()
  .catch((err) => {
    console.error(err);
    printChildOutput();
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
