// The built Atende server as a child process for the load suite, and the few
// API calls the suite makes (sign-up, agents, uploads, WhatsApp configuration).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

const SERVE = /^((?:[A-Z_]+=\S*\s+)*)node((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js$/.exec(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve,
);
if (!SERVE) throw new Error("package.json's serve script is not `[VAR=value…] node [--flags…] apps/server/dist/main.js`");

/**
 * The Node flags of `npm run serve`, so the suites measure the server as it is started in production (V8's heap
 * sizes are set there, before the heap exists).
 */
export const SERVE_NODE_ARGS = SERVE[2].trim().split(/\s+/).filter(Boolean);

/** The environment `npm run serve` sets before node starts (glibc's malloc settings are read only then). */
export const SERVE_ENV = Object.fromEntries(
  SERVE[1]
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((assignment) => assignment.split(/=(.*)/s).slice(0, 2)),
);

/** Shared by every instance: sessions, signed links and encrypted credentials work on all of them. */
const AUTH_SECRET = 'load-suite-auth-secret-0123456789abcdef';
const ENCRYPTION_KEY = 'load-suite-encryption-key-0123456789abcd';
/** Effectively no rate limit: the suite sends tens of thousands of turns per minute from one IP. */
const NO_LIMIT = '1000000000';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node apps/server/dist/main.js` with an environment built from
 * scratch (nothing from the caller's shell leaks in) and waits for /api/health.
 * `env` adds or overrides variables (DATABASE_URL, ROLE, S3_*…); `nodeArgs` go before the script (--cpu-prof…), after `npm run serve`'s flags (`serveArgs`, default SERVE_NODE_ARGS; its environment: `serveEnv`, default SERVE_ENV);
 * `main` is another build's main.js (benchmarks comparing two builds).
 */
export async function startAtende(name, { port, dataDir, fakes, env = {}, nodeArgs = [], serveArgs = SERVE_NODE_ARGS, serveEnv = SERVE_ENV, main = SERVER_MAIN }) {
  const url = `http://127.0.0.1:${port}`;
  const child = startChild(name, process.execPath, [...serveArgs, ...nodeArgs, main], {
    cwd: ROOT,
    env: {
      ...serveEnv,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'), // the API is measured, not the static files
      LOG_LEVEL: 'warn',
      AUTH_SECRET,
      ENCRYPTION_KEY,
      OPENAI_API_KEY: 'sk-load',
      OPENAI_BASE_URL: fakes.llm,
      WHATSAPP_GRAPH_URL: fakes.graph,
      SIGNUP_RATE_LIMIT: '100000',
      CHAT_RATE_LIMIT_PER_IP: NO_LIMIT,
      CHAT_RATE_LIMIT_PER_SESSION: NO_LIMIT,
      WEB_CHAT_RATE_MESSAGES: NO_LIMIT,
      WEB_CHAT_DAILY_PER_VISITOR: NO_LIMIT,
      WEB_CHAT_DAILY_PER_IP: NO_LIMIT,
      ...env,
    },
  });
  const server = { name, child, pid: child.pid, url, port };
  const started = performance.now();
  const health = await waitHealthy(server);
  return { ...server, health, startupMs: performance.now() - started };
}

async function waitHealthy(server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited during start-up:\n${server.child.tail.join('\n')}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${server.name} did not become healthy within ${timeoutMs} ms:\n${server.child.tail.join('\n')}`);
}

/** A JSON (or multipart, with `form`) API call; throws on a non-2xx answer. */
export async function api(server, method, pathname, { body, form, token } = {}) {
  const headers = { origin: server.url };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${pathname}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${server.name}: ${method} ${pathname} → ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs a merchant up and in; returns its id and bearer token. */
export async function createAccount(server, label) {
  const account = {
    name: 'Lojista de Carga',
    email: `${label}-${Date.now().toString(36)}@example.com`,
    password: 'senha-da-carga-123',
    company: 'Café Aurora',
    phone: '(11) 95555-0000',
  };
  await api(server, 'POST', '/api/auth/sign-up/email', { body: account });
  const signedIn = await api(server, 'POST', '/api/auth/sign-in/email', { body: { email: account.email, password: account.password } });
  return { id: signedIn.user.id, email: account.email, token: signedIn.token };
}

const SHORT_KNOWLEDGE = {
  companyName: 'Café Aurora',
  about: 'O Café Aurora abre de segunda a sexta, das 7h às 19h, e aos sábados das 8h às 14h. Entregamos em até 5 km com taxa de R$ 7,00.',
  links: '',
};

/** Creates an agent of the account and fills its knowledge base (`knowledge`: the PUT /knowledge body). */
export async function createAgent(server, account, name = 'Atendente Aurora', knowledge = SHORT_KNOWLEDGE) {
  const agent = await api(server, 'POST', '/api/agents', { body: { name }, token: account.token });
  await api(server, 'PUT', `/api/agents/${agent.id}/knowledge`, { token: account.token, body: knowledge });
  return agent;
}

/** The fake echoes "Você disse: <message>": anything else (quota notice, offline answer) is not the model's answer. */
export const isModelAnswer = (output) => typeof output === 'string' && output.startsWith('Você disse:');
