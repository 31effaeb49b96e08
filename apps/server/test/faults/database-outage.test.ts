/**
 * Fault (Postgres): the database "restarts" under traffic. A TCP proxy between
 * the server process and the shared Postgres server destroys every connection
 * and refuses new ones for a while, then accepts again. The server answers 503
 * (or the chat's SSE error event) meanwhile, never crashes, and serves
 * normally afterwards — API, chat and background jobs — without a restart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes';
import { openDatabase } from '../../src/db/client';
import { isDatabaseUnreachable } from '../../src/db/unreachable';
import { testDbKind } from '../helpers/database';
import { parseSse, visitor } from '../helpers/agents';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';
import { chatRemote, createRemoteAgent, listRemoteFiles, signUpRemote, uploadRemote, type RemoteUser } from '../helpers/remote-api';
import { ensureServerBuild, killAllServers, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

type Phase = 'before' | 'outage' | 'after';
type Kind = 'chat' | 'stream' | 'dashboard' | 'health';

interface Outcome {
  kind: Kind;
  phase: Phase;
  status: number;
  /** The error code of a JSON error body or of the SSE `error` event. */
  code?: string;
  retryAfter?: string | null;
  /** A chat turn answered in full (JSON output or SSE `done`). */
  answered: boolean;
}

/** Each traffic loop stops after this many requests even if never told to. */
const MAX_REQUESTS_PER_LOOP = 3_000;
const FAILURE_PAUSE_MS = 50;
/** How long the database stays away. */
const OUTAGE_MS = 4_000;

/**
 * Closed-loop traffic: chat sessions (JSON and SSE), a dashboard reader and a
 * health checker, each sending its next request when the previous one ends.
 */
function startTraffic(server: ServerProcess, webhookId: string, user: RemoteUser) {
  const outcomes: Outcome[] = [];
  let phase: Phase = 'before';
  let stopped = false;

  async function one(kind: Kind, i: number): Promise<Outcome> {
    const at = phase;
    try {
      const res =
        kind === 'health'
          ? await fetch(`${server.url}/api/health`)
          : kind === 'dashboard'
            ? await server.request('/api/agents', { token: user.token })
            : await chatRemote(server, webhookId, `mensagem ${i}`, visitor(`sessao-queda-${kind}`), { stream: kind === 'stream' });
      const text = await res.text();
      const outcome: Outcome = { kind, phase: at, status: res.status, retryAfter: res.headers.get('retry-after'), answered: false };
      if (res.status !== 200) outcome.code = (JSON.parse(text) as { error: { code: string } }).error.code;
      else if (kind === 'stream') {
        const last = parseSse(text).at(-1);
        if (last?.event === 'error') outcome.code = (last.data as { error: { code: string } }).error.code;
        outcome.answered = last?.event === 'done';
      } else if (kind === 'chat') outcome.answered = typeof (JSON.parse(text) as { output?: unknown }).output === 'string';
      return outcome;
    } catch {
      return { kind, phase: at, status: 0, answered: false }; // no HTTP answer at all
    }
  }

  const loops = (['chat', 'chat', 'stream', 'dashboard', 'health'] as const).map(async (kind) => {
    for (let i = 0; !stopped && i < MAX_REQUESTS_PER_LOOP; i++) {
      const outcome = await one(kind, i);
      outcomes.push(outcome);
      // A client pauses briefly after a failure instead of hammering the server.
      if (outcome.status !== 200 || outcome.code) await new Promise((resolve) => setTimeout(resolve, FAILURE_PAUSE_MS));
    }
  });
  return {
    outcomes,
    setPhase: (next: Phase) => (phase = next),
    count: (filter: (o: Outcome) => boolean) => outcomes.filter(filter).length,
    /** "phase kind status code: n" lines, for failure messages. */
    summary: () => {
      const tally = new Map<string, number>();
      for (const o of outcomes) {
        const key = `${o.phase} ${o.kind} ${o.status} ${o.code ?? ''}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      return [...tally].map(([key, n]) => `${key}: ${n}`).join('\n');
    },
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(testDbKind !== 'postgres')('the database restarts under traffic', () => {
  let llm: FakeOpenAI;
  let database: ProcessDatabase;
  let proxy: TcpProxy;

  beforeAll(async () => {
    await ensureServerBuild();
    [llm, database] = await Promise.all([startFakeOpenAI(), createProcessDatabase()]);
    const real = new URL(database.url!);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  });
  afterAll(async () => {
    await killAllServers();
    await proxy?.close();
    await Promise.all([llm?.close(), database?.drop()]);
  });

  it('answers 503 during the outage, does not crash, and serves again without a restart', async () => {
    const server = await startServerProcess({
      database,
      env: { DATABASE_URL: proxy.via(database.url!), OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, CHAT_MODEL: 'fake-model' },
    });
    const pid = server.child.pid;
    const user = await signUpRemote(server);
    const agent = await createRemoteAgent(server, user);
    await database.query(`update profiles set plan = 'enterprise' where id = $1`, [user.id]); // no monthly quota in the way

    const traffic = startTraffic(server, agent.webhookId, user);
    try {
      await vi.waitFor(() => expect(traffic.count((o) => o.answered)).toBeGreaterThanOrEqual(20), { timeout: 30_000, interval: 50 });

      await proxy.cut();
      traffic.setPhase('outage');
      const cutAt = Date.now();
      // Every kind of request is refused cleanly, several times, while the database is away for OUTAGE_MS.
      await vi.waitFor(
        () => {
          expect(Date.now() - cutAt).toBeGreaterThanOrEqual(OUTAGE_MS);
          for (const kind of ['chat', 'stream', 'dashboard', 'health'] as const) {
            const refused = traffic.count((o) => o.phase === 'outage' && o.kind === kind && o.code === 'SERVICE_UNAVAILABLE');
            expect(refused, `${kind}\n${traffic.summary()}`).toBeGreaterThanOrEqual(3);
          }
        },
        { timeout: 30_000, interval: 50 },
      );

      await proxy.restore();
      traffic.setPhase('after');
      await vi.waitFor(
        () => {
          expect(traffic.count((o) => o.phase === 'after' && o.answered)).toBeGreaterThanOrEqual(20);
          expect(traffic.count((o) => o.phase === 'after' && o.kind === 'dashboard' && o.status === 200)).toBeGreaterThanOrEqual(3);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await traffic.stop();
    }

    // The same process served throughout.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);
    const { outcomes } = traffic;
    // Nothing but answers and clean 503s: no 500, no dropped connection, and the outage never looked like a sign-out (401).
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).every((o) => o.code === 'SERVICE_UNAVAILABLE' && Number(o.retryAfter) > 0)).toBe(true);
    expect(outcomes.filter((o) => o.kind === 'stream' && o.status === 200 && !o.answered).every((o) => o.code === 'SERVICE_UNAVAILABLE')).toBe(true);
    // Once the database was back, everything succeeded again.
    expect(outcomes.filter((o) => o.phase === 'after').slice(-10).every((o) => o.status === 200 && !o.code)).toBe(true);

    // The job queue reconnected too: an upload made after the outage is ingested.
    await uploadRemote(server, user, agent.id, [{ name: 'depois.txt', text: 'Depois da queda do banco, o horário é das 9h às 18h.' }]);
    await vi.waitFor(async () => expect((await listRemoteFiles(server, user, agent.id)).map((f) => f.status)).toEqual(['ready']), {
      timeout: 60_000,
      interval: 250,
    });
    await server.stop();

    // Every answer the customers received is in the transcripts (a turn cut by the outage may have stored only the question).
    const [stored] = await database.query<{ user: number; assistant: number }>(
      `select count(*) filter (where m.role = 'user')::int as user, count(*) filter (where m.role = 'assistant')::int as assistant
       from messages m join conversations c on c.id = m.conversation_id where c.agent_id = $1`,
      [agent.id],
    );
    const answered = outcomes.filter((o) => o.answered).length;
    expect(stored!.assistant).toBeGreaterThanOrEqual(answered);
    expect(stored!.user).toBeGreaterThanOrEqual(stored!.assistant);
  }, 150_000);

  it('counts a refused connection as the outage, so a failure that lost its cause still reads as one once the database is back', async () => {
    // No connection was open when the database went away: no socket of the pool reports an error, only the refusals.
    const app = await openDatabase({ kind: 'postgres', url: proxy.via(database.url!) });
    try {
      await proxy.cut();
      const started = Date.now();
      const [plain, transaction] = await Promise.all([
        app.db.execute(sql`select 1`).catch((err: unknown) => err),
        app.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((err: unknown) => err),
      ]);
      expect(isDatabaseUnreachable(plain) && isDatabaseUnreachable(transaction)).toBe(true);
      await proxy.restore();
      expect(app.lastConnectionErrorAt()).toBeGreaterThanOrEqual(started);
    } finally {
      await proxy.restore();
      await app.close();
    }
  });

  it('survives a connection dropped inside a transaction, and the pool reconnects', async () => {
    // A client checked out of the pool (a transaction) reports a dead socket with an 'error' event on
    // itself; without a listener that event is an uncaught exception that ends the whole process.
    const app = await openDatabase({ kind: 'postgres', url: proxy.via(database.url!) });
    try {
      const failure = await app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await proxy.cut();
          await tx.execute(sql`select 1`);
        })
        .catch((err: unknown) => err);
      expect(isDatabaseUnreachable(failure)).toBe(true);
      await proxy.restore();
      expect(await app.db.execute(sql`select 1 as ok`)).toMatchObject({ rows: [{ ok: 1 }] });
    } finally {
      await proxy.restore();
      await app.close();
    }
  });
});
