// Load and scale suite (issue 8), run on demand: `npm run test:load`.
//
//   1. One instance, LOAD_SESSIONS concurrent public-chat sessions for LOAD_SECONDS with a zero-latency fake
//      LLM, on PGlite and (with a Postgres server) on Postgres: no 5xx, every accepted message and every answer
//      stored, p99 latency (= what the server adds) recorded. → bench/results/load-single-<backend>.json
//   2. Two web instances and a worker on one Postgres: the quota is never over-admitted at its edge, each job
//      runs once, each WhatsApp message is answered once. → bench/results/load-scale.json
//
//   npm run build -w @atende/server && npm run test:load
//
// Environment: LOAD_SECONDS (60), LOAD_SESSIONS (500), LOAD_THINK_MS (pause between a session's turns, 0),
// LOAD_REQUEST_TIMEOUT_MS (120000), LOAD_DATABASE_URL (a Postgres server where throw-away databases are created;
// default TEST_DATABASE_URL), LOAD_BACKENDS (pglite,postgres), LOAD_WORKERS (worker processes in the scale run, 1).
// Without a Postgres server the Postgres runs are skipped loudly (and fail in CI).
// Only 127.0.0.1 is contacted; every process and database is removed at the end.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_MAIN } from './lib/atende.mjs';
import { dropTempDatabases } from './lib/databases.mjs';
import { runScale } from './lib/load-scale.mjs';
import { runSingleInstance } from './lib/load-single.mjs';
import { cleanUp, firstJsonLine, printChildOutput, startChild, trackTempDir } from './lib/processes.mjs';

const RESULTS_DIR = path.join(ROOT, 'bench/results');

function number(name, fallback, { min = 1 } = {}) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

const settings = {
  seconds: number('LOAD_SECONDS', 60),
  sessions: number('LOAD_SESSIONS', 500),
  thinkMs: number('LOAD_THINK_MS', 0, { min: 0 }),
  requestTimeoutMs: number('LOAD_REQUEST_TIMEOUT_MS', 120_000),
  workers: number('LOAD_WORKERS', 1),
  adminUrl: process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  backends: (process.env.LOAD_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim()),
  quotaRemaining: 25,
  quotaBurst: 200,
  uploads: 10,
  whatsappMessages: 50,
  whatsappCopies: 3,
};

async function startFakes() {
  const child = startChild('fakes', process.execPath, ['--import', 'tsx', 'bench/fake-services.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  return firstJsonLine(child);
}

function writeResult(name, result) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `load-${name}.json`);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), ...result }, null, 2)}\n`);
  console.log(`  wrote ${path.relative(ROOT, file)}`);
}

function machineInfo() {
  return {
    cpus: os.cpus().length,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

function printChecks(result) {
  for (const c of result.checks) {
    const detail = c.pass ? '' : ` (got ${JSON.stringify(c.actual)}, expected ${JSON.stringify(c.expected)})`;
    console.log(`    ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}${detail}`);
  }
}

async function main() {
  if (!existsSync(SERVER_MAIN)) {
    console.error('apps/server/dist/main.js not found. Build first:\n  npm run build -w @atende/server');
    return 1;
  }
  const postgresWanted = settings.backends.includes('postgres');
  if (postgresWanted && !settings.adminUrl) {
    const msg = 'No Postgres server (LOAD_DATABASE_URL or TEST_DATABASE_URL): the Postgres and multi-instance runs are SKIPPED.';
    if (process.env.CI) {
      console.error(msg);
      return 1;
    }
    console.warn(`\n${'!'.repeat(78)}\n!! ${msg}\n${'!'.repeat(78)}\n`);
  }
  const tempDir = trackTempDir(mkdtempSync(path.join(os.tmpdir(), 'atende-load-')));
  const fakes = await startFakes();
  let failed = false;

  for (const backend of settings.backends) {
    if (backend === 'postgres' && !settings.adminUrl) continue;
    if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`Unknown backend in LOAD_BACKENDS: ${backend}`);
    console.log(`\nSingle instance on ${backend}:`);
    const result = await runSingleInstance({ ...settings, backend, fakes, tempDir });
    const l = result.latencyMs;
    console.log(`    ${result.turns} turns, ${result.turnsPerSec} turns/s, latency p50 ${l.p50} / p90 ${l.p90} / p99 ${l.p99} / max ${l.max} ms`);
    printChecks(result);
    writeResult(`single-${backend}`, result);
    failed ||= !result.pass;
  }

  if (postgresWanted && settings.adminUrl) {
    console.log('\nTwo web instances and a worker on one Postgres:');
    const result = await runScale({ ...settings, fakes, tempDir });
    printChecks(result);
    writeResult('scale', result);
    failed ||= !result.pass;
  }
  console.log(failed ? '\nLoad suite FAILED.' : '\nLoad suite passed.');
  return failed ? 1 : 0;
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
