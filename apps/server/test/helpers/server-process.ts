/**
 * The built server (apps/server/dist/main.js) as a real child process, for
 * tests that kill it: start on a free port with a given database and
 * environment, wait for /api/health, SIGKILL or stop it, read its output.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ProcessDatabase } from './process-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const SOURCES = ['apps/server/src', 'packages/shared/src'].map((dir) => path.join(ROOT, dir));
/** One lock per checkout, outside it. */
const BUILD_LOCK = path.join(tmpdir(), `atende-server-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);
const AUTH_SECRET = 'fault-suite-secret-fault-suite-secret-0123';
const OUTPUT_LINES = 400;

const running = new Set<ServerProcess>();

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last lines the server wrote (stdout and stderr). */
  output(): string;
  /** `fetch` on the server with our Origin header (Better Auth refuses POSTs without a trusted one). */
  request(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** SIGKILL: no shutdown hooks, no graceful stop of jobs (a crash). */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the server when dist/main.js is missing or older than its sources, so
 * the processes run the code under test. Test files (and the PGlite and
 * Postgres projects) running at once take turns through a lock directory.
 */
export async function ensureServerBuild(): Promise<void> {
  if (!isStale()) return;
  const deadline = Date.now() + 120_000;
  while (!tryLock()) {
    if (Date.now() > deadline) throw new Error(`Could not take ${BUILD_LOCK} to build the server (remove it if no build is running).`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    if (!isStale()) return;
    await promisify(execFile)('npm', ['run', 'build', '-w', '@atende/server'], { cwd: ROOT }).catch((err: Error & { stderr?: string }) => {
      throw new Error(`The server build failed (npm run build -w @atende/server):\n${err.stderr ?? err.message}`);
    });
    if (!existsSync(SERVER_MAIN)) throw new Error(`The server build did not produce ${SERVER_MAIN}.`);
  } finally {
    rmdirSync(BUILD_LOCK);
  }
}

/** mkdir is atomic: whoever creates the directory builds. A lock older than any build is left from a crash. */
function tryLock(): boolean {
  try {
    mkdirSync(BUILD_LOCK);
    return true;
  } catch {
    const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
    if (lock && Date.now() - lock.mtimeMs > 300_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
    return false;
  }
}

function isStale(): boolean {
  if (!existsSync(SERVER_MAIN)) return true;
  const built = statSync(SERVER_MAIN).mtimeMs;
  return SOURCES.some((dir) => newestMtime(dir) > built);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Starts `node apps/server/dist/main.js` (production mode, no web assets) on
 * the database and waits until /api/health answers 200. The environment is
 * built from scratch, so nothing from the test runner's (TEST_DATABASE_URL,
 * NODE_ENV=test…) leaks in.
 */
export async function startServerProcess(options: {
  database: ProcessDatabase;
  env?: Record<string, string>;
  /** Reuse a port (a restart keeps the PUBLIC_URL, so sessions and origins stay valid). */
  port?: number;
  /** Health must answer 200 within this time. */
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(options.database.dataDir, 'no-web-build'),
    SIGNUP_RATE_LIMIT: '100000',
    SIGNIN_FAILURE_LIMIT: '100000',
    CHAT_RATE_LIMIT_PER_IP: '1000000',
    CHAT_RATE_LIMIT_PER_SESSION: '1000000',
    WEB_CHAT_RATE_MESSAGES: '1000000',
    WEB_CHAT_DAILY_PER_VISITOR: '1000000',
    WEB_CHAT_DAILY_PER_IP: '1000000',
    ...options.database.env,
    ...options.env,
  };
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => lines.join('\n'),
    request: (pathname, init = {}) => {
      const { json, token, headers, ...rest } = init;
      const h = new Headers(headers);
      h.set('origin', url);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      return fetch(`${url}${pathname}`, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    kill: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
      running.delete(server);
    },
    stop: async () => {
      if (alive()) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      }
      running.delete(server);
    },
  };
  running.add(server);

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`The server exited during start-up:\n${server.output()}`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`The server did not become healthy on ${url}:\n${server.output()}`);
}

/** Kills every server process still running (afterAll). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.kill()));
}
