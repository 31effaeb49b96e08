// Chat benchmark (issues 3 and 19): chat turns per second, server-added latency, time to first streamed
// token, CPU per turn (Postgres backends included) and memory of the built server, against a floor
// measured in the same run. Three systems take turns on the same load, with the same zero-latency fake
// LLM and the same closed-loop client:
//
//   floor     bench/floor.mjs: node:http + pg, the minimal turn (read the last 15 messages, one LLM
//             call, one insert, respond)
//   postgres  Atende (apps/server/dist/main.js) on a throw-away Postgres database
//   pglite    Atende on its default embedded database (PGlite)
//
// at 1, 10 and 50 concurrent sessions whose 15-message memory window is full, interleaved (round after
// round, level after level, system after system) so that the load other processes put on this shared
// machine falls on all three alike. The targets of issue 19 are ratios to the floor of the same run.
// Writes bench/results/chat.json and appends a summary to bench/results/chat-history.json (the last
// HISTORY_LENGTH runs, to show regressions).
//
//   npm run build -w @atende/server && npm run bench:chat
//
// Environment:
//   BENCH_DATABASE_URL  Postgres server for the floor and Atende-on-Postgres (throw-away databases are
//                       created there); default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_SECONDS       measured seconds per system, level and round (default 8)
//   BENCH_ROUNDS        rounds (default 2)
//   BENCH_SYSTEMS       a comma-separated subset of floor,postgres,pglite (default all)
//   BENCH_LEVELS        a comma-separated list of session counts (default 1,10,50; the targets need 10 and 50)
//   BENCH_COMPARE       another checkout (built): adds postgres-compare and pglite-compare, its server on
//                       the same run (A/B of two builds under the same machine load; not in the targets)
//   BENCH_COMPARE_SERVE_ARGS  the Node flags of the compared build's server (default: this checkout's
//                       `npm run serve` flags, as for the others; "" for none): A/B of Node flags with
//                       BENCH_COMPARE pointing at this checkout
//   BENCH_COMPARE_SERVE_ENV   the same for the environment `npm run serve` sets (VAR=value …; "" for none)
//   BENCH_PROFILE       postgres or pglite: afterwards, profile that system at 50 sessions under
//                       --cpu-prof (every thread) → bench/results/chat-profile-<system>.json
//   BENCH_PROFILE_SECONDS  measured seconds of the profiled run (default 5)
//   BENCH_STREAM_EVERY  every Nth turn of a session streams (SSE), the others ask for JSON (default 10; 1: every
//                       turn streams, as the public chat page does — a different load from the record's)
//   BENCH_PAUSE_OTHERS  0: the systems not being measured keep running during a window (before 2026-11-26's last
//                       runs); by default they are stopped (SIGSTOP) until their own windows (see runOnly)
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount, createAgent, isModelAnswer, startAtende } from './lib/atende.mjs';
import { chatClient } from './lib/chat-client.mjs';
import { printProfile, summariseProfile } from './lib/cpuprofile.mjs';
import { backendCpuMonitor, createTempDatabase, dropTempDatabases, pgliteQuery, pgQuery } from './lib/databases.mjs';
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
const HISTORY_FILE = path.join(RESULTS_DIR, 'chat-history.json');
const HISTORY_LENGTH = 20;
/** Where a partial run (see PARTIAL) writes its report; not committed. */
const PARTIAL_FILE = path.join(RESULTS_DIR, 'chat-partial.json');
const profileFile = (system) => path.join(RESULTS_DIR, `chat-profile-${system}.json`);
/** Raw V8 profiles, to open in Chrome DevTools (Performance → Load profile) or speedscope; not committed. */
const rawProfileDir = (system) => path.join(RESULTS_DIR, `chat-${system}.cpuprofiles`);

const ALL_SYSTEMS = ['floor', 'postgres', 'pglite'];
const COMPARE_MAIN = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE, 'apps/server/dist/main.js') : null;
/** The Node flags the compared build is started with, instead of this checkout's `npm run serve` flags. */
const COMPARE_SERVE_ARGS = process.env.BENCH_COMPARE_SERVE_ARGS === undefined ? null : process.env.BENCH_COMPARE_SERVE_ARGS.split(/\s+/).filter(Boolean);
const COMPARE_SERVE_ENV =
  process.env.BENCH_COMPARE_SERVE_ENV === undefined
    ? null
    : Object.fromEntries(process.env.BENCH_COMPARE_SERVE_ENV.split(/\s+/).filter(Boolean).map((a) => a.split(/=(.*)/s).slice(0, 2)));
const CHOSEN = (process.env.BENCH_SYSTEMS ?? ALL_SYSTEMS.join(',')).split(',').map((s) => s.trim());
const SYSTEMS = [...CHOSEN, ...(COMPARE_MAIN ? CHOSEN.filter((s) => s !== 'floor').map((s) => `${s}-compare`) : [])];
/** The database of a system: postgres-compare runs on Postgres like postgres. */
const kindOf = (name) => name.replace(/-compare$/, '');
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50').split(',').map(Number);
if (LEVELS.some((n) => !(n > 0))) throw new Error('BENCH_LEVELS must be a comma-separated list of session counts');
const SECONDS = positiveNumber('BENCH_SECONDS', 8);
const ROUNDS = positiveNumber('BENCH_ROUNDS', 2);
/** Every STREAM_EVERY-th turn of a session asks for SSE (time to first token); the others for JSON. */
const STREAM_EVERY = positiveNumber('BENCH_STREAM_EVERY', 10);
/** Stop the systems not being measured during each window (runOnly). */
const PAUSE_OTHERS = process.env.BENCH_PAUSE_OTHERS !== '0';
/** Fewer levels or systems than a full run, or another share of streamed turns: not a record (no chat.json, no history entry). */
const PARTIAL = LEVELS.join(',') !== '1,10,50' || ALL_SYSTEMS.some((s) => !CHOSEN.includes(s)) || STREAM_EVERY !== 10;
const PROFILE = process.env.BENCH_PROFILE || null;
const PROFILE_SECONDS = positiveNumber('BENCH_PROFILE_SECONDS', 5);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Load on a freshly started server before anything is measured, so the JIT has compiled the hot paths. */
const WARMUP_MS = 3_000;
const WARMUP_SESSIONS = 10;
/** Turns each session sends before measuring: 16 stored messages fill the 15-message memory window. */
const PREFILL_TURNS = 8;
/** A turn slower than this counts as failed (generous: on a crowded machine a slow system is measured, not dropped). */
const REQUEST_TIMEOUT_MS = 120_000;
/** Issue 19: ratios to the floor of the same run, and absolute limits for the default (PGlite). */
const TARGETS = {
  postgres: { turnsRatio: 0.4, cpuRatio: 3 },
  pglite: { turnsRatio: 0.15, p99Ms: 150, idleRssMb: 200 },
};
const RUN_ID = Date.now().toString(36);
/** Idle measurements: wait for start-up (or load) work to settle, then sample CPU over a quiet period. */
const IDLE_SETTLE_MS = 1_000;
const IDLE_SAMPLE_MS = 2_000;
/** Above this many cores used by other processes during a window, the results are flagged as disturbed. */
const OTHER_CPU_WARNING_CORES = 0.25;

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

const PLAN = `update profiles set plan = 'enterprise' where id = $1`;
const PLAN_OF = `select plan from profiles where id = $1`;

function positiveNumber(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const question = (i) => QUESTIONS[i % QUESTIONS.length];
// Session ids are secrets the server accepts only when unguessable (ADR 0011).
const sessionIds = (n, label) => Array.from({ length: n }, (_, i) => `bench-${RUN_ID}-${label}-${i}-${randomUUID()}`);
const loadAverage = () => os.loadavg().map((x) => round(x));

// ---------------------------------------------------------------------------
// The three systems

async function startFakeLlm() {
  const child = startChild('fake LLM', process.execPath, ['--import', 'tsx', 'bench/fake-llm.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const { baseUrl, pid } = await firstJsonLine(child);
  return { child, baseUrl, pid };
}

async function startFloor(fake) {
  const database = await createTempDatabase(ADMIN_URL);
  const child = startChild('floor', process.execPath, ['bench/floor.mjs'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url, LLM_BASE_URL: fake.baseUrl },
  });
  const { url, pid } = await firstJsonLine(child);
  return { name: 'floor', child, pid, database, webhookUrl: `${url}/webhook/floor` };
}

/**
 * Atende on a fresh data directory (and, for `postgres`, a throw-away database), with an account on the
 * Enterprise plan (no monthly quota) and an agent with the bench knowledge base. On PGlite the plan is
 * written between two starts (the data directory has one owner).
 */
async function startAtendeSystem(name, fake, tempDir, nodeArgs = [], prepared = null) {
  const dataDir = path.join(tempDir, name);
  mkdirSync(dataDir, { recursive: true });
  const database = prepared?.database ?? (kindOf(name) === 'postgres' ? await createTempDatabase(ADMIN_URL) : null);
  const options = {
    port: await freePort(),
    dataDir,
    fakes: { llm: fake.baseUrl },
    env: database ? { DATABASE_URL: database.url } : {},
    nodeArgs,
    ...(name.endsWith('-compare') ? { main: COMPARE_MAIN, ...(COMPARE_SERVE_ARGS ? { serveArgs: COMPARE_SERVE_ARGS } : {}), ...(COMPARE_SERVE_ENV ? { serveEnv: COMPARE_SERVE_ENV } : {}) } : {}),
  };
  let server = await startAtende(name, options);
  if (server.health.llm === 'offline') throw new Error('Atende started in offline mode: OPENAI_BASE_URL was not picked up.');
  let webhookId = prepared?.webhookId;
  if (!webhookId) {
    const account = await createAccount(server, `bench-${name}`);
    webhookId = (await createAgent(server, account, 'Atendente Aurora', KNOWLEDGE)).webhookId;
    // The plan is checked in the database, not through the API: a request to /api/me would load Better Auth into
    // the server whose idle memory is measured next (it is loaded on first use: ADR 0018).
    let plan;
    if (database) {
      await pgQuery(database.url, PLAN, [account.id]);
      [{ plan }] = await pgQuery(database.url, PLAN_OF, [account.id]);
    } else {
      await stopChild(server.child);
      await pgliteQuery(dataDir, PLAN, [account.id]);
      [{ plan }] = await pgliteQuery(dataDir, PLAN_OF, [account.id]);
      server = await startAtende(name, options);
    }
    if (plan !== 'enterprise') throw new Error(`Expected the bench account on Enterprise, got ${plan}.`);
  }
  return { name, child: server.child, pid: server.pid, database, webhookId, startupMs: server.startupMs, webhookUrl: `${server.url}/webhook/${webhookId}` };
}

// ---------------------------------------------------------------------------
// Load

/** Resident memory and CPU use of a process while nothing is sent, after a moment to settle. */
async function measureIdle(system) {
  await sleep(IDLE_SETTLE_MS);
  const cpuBefore = cpuTimeMs(system.pid);
  await sleep(IDLE_SAMPLE_MS);
  const memory = memoryMb(system.pid);
  return {
    memoryMb: { rss: round(memory.rss, 1), anon: round(memory.anon, 1), file: round(memory.file, 1) },
    cpuCores: round((cpuTimeMs(system.pid) - cpuBefore) / IDLE_SAMPLE_MS, 3),
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
 * Closed loop: every session sends a turn, waits for the whole answer, and sends the next, until
 * `durationMs` has passed. Returns the raw samples and the window on the monotonic clock.
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
  return { samples, elapsedMs: performance.now() - started, window: { startUs, endUs: Number(process.hrtime.bigint() / 1000n) } };
}

function record(samples, stream, r) {
  samples.all.push(r.ms);
  (stream ? samples.stream : samples.json).push(r.ms);
  if (r.ttftMs !== undefined) samples.ttft.push(r.ttftMs);
  if (r.status === 0) samples.networkErrors += 1;
  else samples.statusCodes[r.status] = (samples.statusCodes[r.status] ?? 0) + 1;
  if (r.status >= 200 && r.status < 300 && !isModelAnswer(r.output)) samples.unexpectedAnswers += 1;
}

/** CPU time so far (ms) of the system's process, the fake LLM, this load generator and the machine. */
function cpuSnapshot(system, fake) {
  const self = process.cpuUsage();
  return {
    server: cpuTimeMs(system.pid),
    fake: cpuTimeMs(fake.pid),
    loadGenerator: (self.user + self.system) / 1000,
    machine: machineCpuMs().busy,
  };
}

async function warmUp(system) {
  const client = chatClient(system.webhookUrl, WARMUP_SESSIONS, { timeoutMs: REQUEST_TIMEOUT_MS });
  try {
    await closedLoop(client, sessionIds(WARMUP_SESSIONS, `${system.name}-warmup`), WARMUP_MS);
  } finally {
    client.close();
  }
}

/**
 * Only the measured system runs during its window (and its prefill): the others are stopped (SIGSTOP) and go on
 * (SIGCONT) when their turn comes. Otherwise what an idle system does in the background — the Painel's sweep of the
 * minute's messages, job polling, VACUUM — fell in another system's window (its CPU not charged to its own turns,
 * and taken from the measured one's), and an A/A run put the same build 2.6–13% apart by slot (ADR 0017). A stopped
 * system's timers fire when it goes on, so its own background work lands in its own windows.
 */
function runOnly(systems, name) {
  for (const [other, system] of Object.entries(systems)) process.kill(system.pid, other === name ? 'SIGCONT' : 'SIGSTOP');
}

/** One window: fresh sessions, prefilled, then SECONDS of closed-loop load. */
async function measureWindow(system, fake, monitor, n, round_) {
  const sessions = sessionIds(n, `${system.name}-${n}-r${round_}`);
  const client = chatClient(system.webhookUrl, n, { timeoutMs: REQUEST_TIMEOUT_MS });
  try {
    await prefill(client, sessions);
    const loadAvg = loadAverage();
    const rssBefore = rssMb(system.pid);
    const backends = system.database ? await monitor.watch(system.database.name) : null;
    const before = cpuSnapshot(system, fake);
    const stopWatchingRss = watchPeakRss(system.pid);
    const load = await closedLoop(client, sessions, SECONDS * 1000);
    const peakRss = stopWatchingRss();
    const after = cpuSnapshot(system, fake);
    const cpu = Object.fromEntries(Object.keys(before).map((k) => [k, after[k] - before[k]]));
    cpu.database = backends ? await backends.stop() : 0;
    return { round: round_, loadAverage: loadAvg, load, cpu, rss: { before: rssBefore, peak: peakRss } };
  } finally {
    client.close();
  }
}

/** The windows of one system at one level (one per round), summarised together. */
function levelReport(n, windows) {
  const turnsOf = (w) => w.load.samples.all.length;
  const turns = windows.reduce((sum, w) => sum + turnsOf(w), 0);
  const elapsedMs = windows.reduce((sum, w) => sum + w.load.elapsedMs, 0);
  const sum = (key) => windows.reduce((total, w) => total + w.cpu[key], 0);
  const all = (key) => windows.flatMap((w) => w.load.samples[key]);
  const perTurn = (ms) => round(ms / turns, 3);
  // Whatever the machine spent beyond the measured processes: other work competing for the 2 cores.
  const otherMs = sum('machine') - sum('server') - sum('database') - sum('fake') - sum('loadGenerator');
  const statusCodes = {};
  for (const w of windows) for (const [status, count] of Object.entries(w.load.samples.statusCodes)) statusCodes[status] = (statusCodes[status] ?? 0) + count;
  const non2xx = Object.entries(statusCodes)
    .filter(([status]) => Number(status) < 200 || Number(status) >= 300)
    .reduce((total, [, count]) => total + count, 0);
  return {
    sessions: n,
    rounds: windows.map((w) => ({
      round: w.round,
      loadAverage: w.loadAverage,
      turnsPerSec: round(turnsOf(w) / (w.load.elapsedMs / 1000), 1),
      cpuMsPerTurn: round((w.cpu.server + w.cpu.database) / turnsOf(w), 3),
    })),
    durationS: round(elapsedMs / 1000),
    turns,
    turnsPerSec: round(turns / (elapsedMs / 1000), 1),
    latencyMs: summarise(all('all')),
    jsonLatencyMs: summarise(all('json')),
    stream: { turns: all('stream').length, ttftMs: summarise(all('ttft')), latencyMs: summarise(all('stream')) },
    non2xx,
    networkErrors: windows.reduce((total, w) => total + w.load.samples.networkErrors, 0),
    unexpectedAnswers: windows.reduce((total, w) => total + w.load.samples.unexpectedAnswers, 0),
    statusCodes,
    serverCpuMsPerTurn: perTurn(sum('server')),
    databaseCpuMsPerTurn: perTurn(sum('database')),
    cpuMsPerTurn: perTurn(sum('server') + sum('database')),
    serverCpuCores: round(sum('server') / elapsedMs),
    fakeLlmCpuMsPerTurn: perTurn(sum('fake')),
    loadGeneratorCpuMsPerTurn: perTurn(sum('loadGenerator')),
    otherProcessesCpuCores: round(Math.max(0, otherMs) / elapsedMs),
    serverRssMb: { peak: round(Math.max(...windows.map((w) => w.rss.peak)), 1) },
  };
}

// ---------------------------------------------------------------------------
// Ratios and targets

/** Per level: each Atende system's turns/s and CPU per turn as ratios to the floor (aggregate and per round). */
function ratiosOf(results) {
  const floor = results.floor;
  if (!floor) return null;
  const ratios = {};
  for (const name of SYSTEMS.filter((s) => s !== 'floor')) {
    ratios[name] = LEVELS.map((n) => {
      const f = floor.levels.find((l) => l.sessions === n);
      const a = results[name].levels.find((l) => l.sessions === n);
      const perRound = a.rounds.map((r, i) => ({
        turns: round(r.turnsPerSec / f.rounds[i].turnsPerSec, 3),
        cpu: round(r.cpuMsPerTurn / f.rounds[i].cpuMsPerTurn, 2),
      }));
      return {
        sessions: n,
        turnsRatio: round(a.turnsPerSec / f.turnsPerSec, 3),
        cpuRatio: round(a.cpuMsPerTurn / f.cpuMsPerTurn, 2),
        turnsRatioByRound: perRound.map((r) => r.turns),
        cpuRatioByRound: perRound.map((r) => r.cpu),
      };
    });
  }
  return ratios;
}

function evaluateTargets(results, ratios) {
  const targets = [];
  const target = (name, value, goal, pass) => targets.push({ name, value, target: goal, pass });
  const at = (name, n) => results[name].levels.find((l) => l.sessions === n);
  const ratioAt = (name, n) => ratios?.[name]?.find((r) => r.sessions === n);
  if (!LEVELS.includes(10) || !LEVELS.includes(50)) return targets; // a partial run (BENCH_LEVELS): no verdict
  if (ratios?.postgres) {
    const r = ratioAt('postgres', 50);
    target("Postgres: turns/s at 50 sessions ÷ the floor's", r.turnsRatio, `>= ${TARGETS.postgres.turnsRatio}`, r.turnsRatio >= TARGETS.postgres.turnsRatio);
    target("Postgres: CPU per turn (backends included) at 50 sessions ÷ the floor's", r.cpuRatio, `<= ${TARGETS.postgres.cpuRatio}`, r.cpuRatio <= TARGETS.postgres.cpuRatio);
  }
  if (results.pglite) {
    const t = TARGETS.pglite;
    if (ratios?.pglite) {
      const r = ratioAt('pglite', 50);
      target("PGlite: turns/s at 50 sessions ÷ the floor's", r.turnsRatio, `>= ${t.turnsRatio}`, r.turnsRatio >= t.turnsRatio);
    }
    const p99 = at('pglite', 50).latencyMs.p99;
    target('PGlite: p99 latency at 50 sessions (ms)', p99, `<= ${t.p99Ms}`, p99 <= t.p99Ms);
    const rss = results.pglite.idle.memoryMb.rss;
    target('PGlite: idle RSS after start-up (MB)', rss, `<= ${t.idleRssMb}`, rss <= t.idleRssMb);
    const [t10, t50] = [at('pglite', 10).turnsPerSec, at('pglite', 50).turnsPerSec];
    target('PGlite: turns/s rise from 10 to 50 sessions (50 ÷ 10)', round(t50 / t10, 2), '> 1', t50 > t10);
  }
  return targets;
}

// ---------------------------------------------------------------------------
// Profiling: where a system's time goes

/**
 * Restarts one Atende system under --cpu-prof (every thread writes its own profile), warms it up, runs
 * 50 sessions, stops it (profiles are written on exit) and summarises each thread's samples of the
 * measured window. `cpuMsPerTurn` (measured without the profiler) turns sample shares into CPU per turn.
 */
async function profileRun(name, prepared, fake, tempDir, cpuMsPerTurn) {
  const dir = path.join(tempDir, `cpu-prof-${name}`);
  const system = await startAtendeSystem(name, fake, tempDir, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500'], prepared);
  const client = chatClient(system.webhookUrl, 50, { timeoutMs: REQUEST_TIMEOUT_MS });
  let load;
  try {
    await warmUp(system);
    load = await closedLoop(client, sessionIds(50, `${name}-50-r1`), PROFILE_SECONDS * 1000);
  } finally {
    client.close();
    await stopChild(system.child);
  }
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort() : [];
  if (files.length === 0) throw new Error('The profiled server exited without writing a .cpuprofile.');
  rmSync(rawProfileDir(name), { recursive: true, force: true });
  mkdirSync(rawProfileDir(name), { recursive: true });
  const turns = load.samples.all.length;
  const threads = files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    writeFileSync(path.join(rawProfileDir(name), file), raw);
    // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile: thread 0 is the main thread.
    const threadId = Number(file.split('.').at(-3));
    return { thread: threadId === 0 ? 'main' : `worker ${threadId}`, ...summariseProfile(JSON.parse(raw), { repoRoot: ROOT, window: load.window, turns }) };
  });
  return {
    system: name,
    run: { sessions: 50, durationS: round(load.elapsedMs / 1000), turnsPerSecUnderProfiler: round(turns / (load.elapsedMs / 1000), 1) },
    cpuMsPerTurnWithoutProfiler: cpuMsPerTurn,
    threads,
  };
}

// ---------------------------------------------------------------------------
// Report

function printResults(results, ratios) {
  const cols = ['system', 'sessions', 'turns/s', 'p50 ms', 'p99 ms', 'ttft p50', 'cpu ms/turn', '(of it db)', 'rss peak MB', 'load avg', 'failed'];
  const row = (cells) => cells.map((c) => String(c).padStart(11)).join(' ');
  console.log(`\n${row(cols)}`);
  for (const n of LEVELS) {
    for (const name of SYSTEMS) {
      const l = results[name].levels.find((x) => x.sessions === n);
      const failed = l.non2xx + l.networkErrors + l.unexpectedAnswers;
      const load = l.rounds.map((r) => r.loadAverage[0]).join('/');
      console.log(row([name, n, l.turnsPerSec, l.latencyMs.p50, l.latencyMs.p99, l.stream.ttftMs.p50, l.cpuMsPerTurn, l.databaseCpuMsPerTurn, l.serverRssMb.peak, load, failed]));
    }
  }
  console.log('\nThe fake LLM answers with zero latency, so latencies are what each server adds. CPU per turn: the server process (all threads) plus its Postgres backends.');
  if (ratios) {
    console.log('\nRatios to the floor (aggregate; per round in brackets):');
    for (const [name, levels] of Object.entries(ratios)) {
      for (const r of levels) {
        console.log(`  ${name.padEnd(8)} ${String(r.sessions).padStart(2)} sessions: turns/s ${r.turnsRatio} [${r.turnsRatioByRound.join(', ')}], CPU/turn ${r.cpuRatio}× [${r.cpuRatioByRound.join(', ')}]`);
      }
    }
  }
  for (const name of SYSTEMS.filter((s) => results[s].idle)) {
    const { idle, idleAfterLoad, startupMs } = results[name];
    const describe = (i) => `RSS ${i.memoryMb.rss} MB (anonymous ${i.memoryMb.anon}, file ${i.memoryMb.file}), CPU ${i.cpuCores} cores`;
    console.log(`\n${name}: start-up ${Math.round(startupMs)} ms. Idle after start-up: ${describe(idle)}. Idle after load: ${describe(idleAfterLoad)}.`);
  }
  const busy = SYSTEMS.flatMap((name) => results[name].levels.filter((l) => l.otherProcessesCpuCores > OTHER_CPU_WARNING_CORES).map((l) => `${name}@${l.sessions}: ${l.otherProcessesCpuCores}`));
  if (busy.length) console.log(`\nWARNING: other processes used CPU cores during the run (${busy.join(', ')}): the machine was not quiet.`);
}

function printTargets(targets) {
  console.log('\nTargets (issue 19; ratios to the floor of this run):');
  for (const t of targets) console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.value} (target ${t.target})`);
}

/** The compact record kept in the history, and a comparison with the previous one. */
function historyEntry(report) {
  const systems = {};
  for (const [name, r] of Object.entries(report.systems)) {
    systems[name] = {
      levels: Object.fromEntries(r.levels.map((l) => [l.sessions, { turnsPerSec: l.turnsPerSec, p99Ms: l.latencyMs.p99, ttftP50Ms: l.stream.ttftMs.p50, cpuMsPerTurn: l.cpuMsPerTurn }])),
      ...(r.idle ? { idleRssMb: r.idle.memoryMb.rss } : {}),
    };
  }
  return {
    date: report.date,
    commit: report.build.commit,
    uncommittedServerChanges: report.build.uncommittedServerChanges,
    loadAverageAtStart: report.machine.loadAverageAtStart,
    quietMachine: report.quietMachine,
    systems,
    ratiosAt50: report.ratios
      ? Object.fromEntries(Object.entries(report.ratios).map(([name, levels]) => [name, (({ turnsRatio, cpuRatio }) => ({ turnsRatio, cpuRatio }))(levels.find((l) => l.sessions === 50))]))
      : null,
    targetsMissed: report.targets.filter((t) => !t.pass).map((t) => t.name),
  };
}

function printComparison(previous, current) {
  if (!previous) return;
  console.log(`\nAgainst the previous run (${previous.date}, ${previous.commit}, load ${previous.loadAverageAtStart?.[0]}):`);
  for (const [name, now] of Object.entries(current.systems)) {
    const before = previous.systems?.[name];
    if (!before) continue;
    const b = before.levels[50];
    const n = now.levels[50];
    const change = (x, y) => (x && y ? `${y > x ? '+' : ''}${round((100 * (y - x)) / x, 0)}%` : '-');
    console.log(`  ${name.padEnd(8)} 50 sessions: turns/s ${b.turnsPerSec} → ${n.turnsPerSec} (${change(b.turnsPerSec, n.turnsPerSec)}), p99 ${b.p99Ms} → ${n.p99Ms} ms, CPU/turn ${b.cpuMsPerTurn} → ${n.cpuMsPerTurn} ms, TTFT p50 ${b.ttftP50Ms} → ${n.ttftP50Ms} ms`);
  }
  for (const [name, r] of Object.entries(current.ratiosAt50 ?? {})) {
    const b = previous.ratiosAt50?.[name];
    if (b) console.log(`  ${name.padEnd(8)} ratios at 50: turns ${b.turnsRatio} → ${r.turnsRatio}, CPU ${b.cpuRatio}× → ${r.cpuRatio}×`);
  }
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverageAtStart: loadAverage(),
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

function readHistory() {
  try {
    return JSON.parse(readFileSync(HISTORY_FILE, 'utf8'));
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------

async function main() {
  const unknown = CHOSEN.filter((s) => !ALL_SYSTEMS.includes(s));
  if (unknown.length) throw new Error(`BENCH_SYSTEMS: unknown ${unknown.join(', ')} (known: ${ALL_SYSTEMS.join(', ')})`);
  if (COMPARE_MAIN && !existsSync(COMPARE_MAIN)) throw new Error(`BENCH_COMPARE: ${COMPARE_MAIN} not found (build that checkout first)`);
  if (!existsSync(SERVER_MAIN)) {
    console.error('apps/server/dist/main.js not found. Build first:\n  npm run build   (or just the server: npm run build -w @atende/server)');
    return 1;
  }
  const machine = machineInfo(); // before we add load: the load average shows whether the box was quiet
  const build = buildInfo();
  const tempDir = trackTempDir(mkdtempSync(path.join(os.tmpdir(), 'atende-bench-')));
  let monitor;
  try {
    monitor = await backendCpuMonitor(ADMIN_URL);
  } catch (err) {
    console.error(`Cannot reach Postgres at ${ADMIN_URL} (${err.message}). The floor and Atende-on-Postgres need one: set BENCH_DATABASE_URL.`);
    return 1;
  }

  try {
    console.log(`Starting the fake LLM and ${SYSTEMS.join(', ')}…`);
    const fake = await startFakeLlm();
    const systems = {};
    for (const name of SYSTEMS) systems[name] = name === 'floor' ? await startFloor(fake) : await startAtendeSystem(name, fake, tempDir);
    const results = {};
    for (const name of SYSTEMS) {
      const s = systems[name];
      results[name] = { levels: [] };
      if (name !== 'floor') Object.assign(results[name], { startupMs: Math.round(s.startupMs), idle: await measureIdle(s) });
      console.log(`Warming up ${name} (${WARMUP_MS / 1000} s, ${WARMUP_SESSIONS} sessions, not measured)…`);
      await warmUp(s);
    }

    const windows = Object.fromEntries(SYSTEMS.map((name) => [name, Object.fromEntries(LEVELS.map((n) => [n, []]))]));
    try {
      for (let r = 1; r <= ROUNDS; r++) {
        for (const n of LEVELS) {
          // Rotate the order each round so no system always runs right after another.
          const order = SYSTEMS.map((_, i) => SYSTEMS[(i + r - 1) % SYSTEMS.length]);
          for (const name of order) {
            if (PAUSE_OTHERS) runOnly(systems, name);
            console.log(`Round ${r}/${ROUNDS}, ${n} session(s), ${name}: prefill ${PREFILL_TURNS} turns each, then ${SECONDS} s (load ${loadAverage()[0]})…`);
            windows[name][n].push(await measureWindow(systems[name], fake, monitor, n, r));
          }
        }
      }
    } finally {
      // All go on (a system that died is left as it is: the error that ended the loop says why).
      for (const system of Object.values(systems)) if (system.child.exitCode === null && system.child.signalCode === null) process.kill(system.pid, 'SIGCONT');
    }
    for (const name of SYSTEMS) {
      results[name].levels = LEVELS.map((n) => levelReport(n, windows[name][n]));
      if (name !== 'floor') results[name].idleAfterLoad = await measureIdle(systems[name]);
    }
    for (const name of SYSTEMS) await stopChild(systems[name].child);

    const ratios = ratiosOf(results);
    const targets = evaluateTargets(results, ratios);
    printResults(results, ratios);
    printTargets(targets);

    const report = {
      benchmark: 'chat',
      date: new Date().toISOString(),
      machine,
      build,
      setup: {
        systems: {
          floor: 'bench/floor.mjs: node:http + pg (pool of 10, named statements): last 15 messages, one JSON LLM call, one insert, respond',
          postgres: `node apps/server/dist/main.js (NODE_ENV=production, DATABASE_URL on a throw-away database, LOG_LEVEL=warn)`,
          pglite: 'node apps/server/dist/main.js (NODE_ENV=production, PGlite under DATA_DIR, LOG_LEVEL=warn)',
        },
        postgres: 'the server at BENCH_DATABASE_URL (same machine); CPU of the backends of the measured database is counted',
        llm: 'fake OpenAI-compatible server (e2e/fakes/openai.ts) in its own process, zero latency; echoes the question',
        memoryWindow: `${PREFILL_TURNS} turns per session before measuring (16 messages ≥ 15-message window)`,
        knowledge: 'Atende: one knowledge base of ~2 KB; retrieval runs on every turn, lexical only (EMBEDDING_MODEL unset)',
        streamingShare: `every ${STREAM_EVERY}th turn of each session streams (SSE); TTFT measured on those`,
        interleaving: `${ROUNDS} rounds × levels ${LEVELS.join('/')} × systems in rotating order, ${SECONDS} s each, fresh prefilled sessions per window`,
        warmUp: `${WARMUP_MS / 1000} s at ${WARMUP_SESSIONS} sessions per system before the first round (not measured)`,
        client: 'closed loop, one keep-alive connection per session (node:http)',
      },
      quietMachine: SYSTEMS.every((name) => results[name].levels.every((l) => l.otherProcessesCpuCores <= OTHER_CPU_WARNING_CORES)),
      systems: results,
      ratios,
      targets,
    };
    if (PARTIAL) {
      // Another set of levels or only some systems: a quick look while iterating, not a record.
      writeJson(PARTIAL_FILE, report);
      console.log(`\nA partial run (BENCH_LEVELS or BENCH_SYSTEMS): wrote ${path.relative(ROOT, PARTIAL_FILE)} only, no history entry.`);
    } else {
      writeJson(RESULT_FILE, report);
      const history = readHistory();
      const entry = historyEntry(report);
      printComparison(history.at(-1), entry);
      writeJson(HISTORY_FILE, [...history, entry].slice(-HISTORY_LENGTH));
      console.log(`\nWrote ${path.relative(ROOT, RESULT_FILE)} and ${path.relative(ROOT, HISTORY_FILE)}`);
    }

    if (PROFILE) {
      if (!['postgres', 'pglite'].includes(PROFILE) || !systems[PROFILE]) throw new Error(`BENCH_PROFILE=${PROFILE}: profile postgres or pglite (and include it in BENCH_SYSTEMS)`);
      console.log(`\nProfiling ${PROFILE} at 50 sessions (${PROFILE_SECONDS} s under --cpu-prof)…`);
      const at50 = results[PROFILE].levels.find((l) => l.sessions === 50);
      const summary = await profileRun(PROFILE, systems[PROFILE], fake, tempDir, at50.serverCpuMsPerTurn);
      writeJson(profileFile(PROFILE), summary);
      for (const thread of summary.threads) {
        console.log(`\n=== ${thread.thread} thread ===`);
        printProfile(thread);
      }
      console.log(`\nWrote ${path.relative(ROOT, profileFile(PROFILE))} and ${path.relative(ROOT, rawProfileDir(PROFILE))}/ (raw, for DevTools)`);
    }

    const failed = SYSTEMS.reduce((sum, name) => sum + results[name].levels.reduce((s, l) => s + l.non2xx + l.networkErrors + l.unexpectedAnswers, 0), 0);
    if (failed > 0) console.error(`\n${failed} turn(s) failed: the numbers above are not a clean run.`);
    return failed > 0 ? 1 : 0;
  } finally {
    await monitor.close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void Promise.all([cleanUp(), dropTempDatabases()]).finally(() => process.exit(130)));
}

main()
  .catch((err) => {
    console.error(err);
    printChildOutput();
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    await dropTempDatabases();
    process.exit(code);
  });
