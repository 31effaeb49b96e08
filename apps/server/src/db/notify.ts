import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PREPARED, type Database, type Executor } from './client';

/** The Postgres channel every instance listens on. */
const CHANNEL = 'atende_events';
const RECONNECT_MS = 1_000;
/** A batch of notices starts at least this long after the one before it (a lone notice after a pause goes at once). */
export const NOTICE_BATCH_SPACING_MS = 25;

/** A small JSON notice that something changed (ids only: readers load the rows, so nothing big crosses). */
export type Notice = Record<string, string>;

/**
 * Tells every process of the deployment that something changed, so the screens that are open (the inbox, a
 * visitor's chat page) update at once. On Postgres it is `pg_notify` — delivered to every instance's listening
 * connection when the writing transaction commits, so several web instances see each other's changes; on PGlite
 * (one process) it is in-process. Best effort: a notice lost with a crash or a dropped connection is made up for by
 * the screens reloading what they show when their stream (re)opens.
 */
export interface Notifier {
  /** Sends `notice` to every listener of every process (inside a transaction: when it commits). */
  notify(notice: Notice, executor?: Executor): Promise<void>;
  /** Calls `listener` for each notice until the returned function is called; resolves once it is listening. */
  listen(listener: (notice: Notice) => void): Promise<() => void>;
  close(): Promise<void>;
  /** Resolves when close() is called: long-lived streams built on notices end then (graceful shutdown). */
  readonly closed: Promise<void>;
}

export function createNotifier(database: Database, onError: (err: unknown) => void = () => {}): Notifier {
  const listeners = new Set<(notice: Notice) => void>();
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const dispatch = (notice: Notice) => {
    for (const listener of [...listeners]) {
      try {
        listener(notice);
      } catch (err) {
        onError(err);
      }
    }
  };

  if (database.kind !== 'postgres' || !database.url) {
    return {
      async notify(notice) {
        queueMicrotask(() => dispatch(notice));
      },
      async listen(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      async close() {
        listeners.clear();
        markClosed();
      },
      closed,
    };
  }

  const url = database.url;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let isClosed = false;
  let timer: NodeJS.Timeout | null = null;

  /** One dedicated connection LISTENs (a pooled one would lose its LISTEN when returned); reopened when it drops. */
  function connect(): Promise<void> {
    if (isClosed) return Promise.resolve();
    if (client && connecting) return connecting;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    const retry = (err?: unknown) => {
      if (err) onError(err);
      if (client !== next) return;
      client = null;
      connecting = null;
      void next.end().catch(() => {});
      if (!isClosed && listeners.size > 0) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', retry);
    next.on('end', () => retry());
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        dispatch(JSON.parse(message.payload) as Notice);
      } catch (err) {
        onError(err);
      }
    });
    connecting = next
      .connect()
      .then(() => next.query(`listen ${CHANNEL}`))
      .then(
        () => undefined,
        (err: unknown) => retry(err),
      );
    return connecting;
  }

  /*
   * Notices sent outside a transaction are batched: one statement at a time sends every notice queued while the
   * one before it ran. A transaction that notifies takes a lock shared by the whole Postgres server from its
   * commit until its WAL is flushed (so do concurrent notifying commits: they take turns), and a busy instance sent two
   * per chat turn: under load the turns queued on that lock (ADR 0017). Batched, an instance commits one
   * notifying transaction at a time, each carrying what accumulated meanwhile, and at most one every
   * NOTICE_BATCH_SPACING_MS; alone after a pause, a notice goes out at once.
   */
  let queued: { notices: string[]; sent: Promise<void>; settle: (err?: unknown) => void } | null = null;
  let sending = false;
  let lastBatchAt = -Infinity;
  const sendQueued = async () => {
    sending = true;
    while (queued) {
      // Under load a notifying statement per round trip was 0.2 statements per chat turn (ADR 0017); spaced, a batch
      // carries what came in meanwhile. A notice waits at most that long more (the screens it updates reload anyway).
      const wait = lastBatchAt + NOTICE_BATCH_SPACING_MS - performance.now();
      if (wait > 0 && !isClosed) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = queued;
      queued = null;
      lastBatchAt = performance.now();
      try {
        await database.db.execute(sql`${PREPARED}select pg_notify(${CHANNEL}, notice) from unnest(${sql.param(batch.notices)}::text[]) as notice`);
        batch.settle();
      } catch (err) {
        batch.settle(err);
      }
    }
    sending = false;
  };

  return {
    async notify(notice, executor) {
      if (executor) {
        await executor.execute(sql`${PREPARED}select pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`);
        return;
      }
      if (!queued) {
        let settle!: (err?: unknown) => void;
        const sent = new Promise<void>((resolve, reject) => (settle = (err) => (err === undefined ? resolve() : reject(err))));
        queued = { notices: [], sent, settle };
      }
      queued.notices.push(JSON.stringify(notice));
      const { sent } = queued;
      if (!sending) void sendQueued();
      return sent;
    },
    async listen(listener) {
      listeners.add(listener);
      await connect();
      return () => void listeners.delete(listener);
    },
    closed,
    async close() {
      isClosed = true;
      markClosed();
      listeners.clear();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
