import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PgliteRemote, type PgliteQueries } from './pglite-remote';
import { isDatabaseUnreachable } from './unreachable';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A database handle or an open transaction: functions that may run inside a transaction take this. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, extensions, seed rows) while holding a
   * database-wide lock, so instances starting together on one Postgres take
   * turns instead of racing on the same DDL. On PGlite (one process) it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite in its own thread (the job queue and maintenance share it); undefined on Postgres. */
  pglite?: PgliteRemote;
  /** The underlying pg pool; undefined on PGlite. */
  pool?: pg.Pool;
  /** The connection string on Postgres (the job queue opens its own pool). */
  url?: string;
  /** When a database connection last failed (ms since the epoch; 0: never, and always 0 on PGlite). */
  lastConnectionErrorAt(): number;
}

/** The driver connection behind a handle or a transaction: a PGlite instance or transaction, a pg pool or client. */
function driverClient(executor: Executor): unknown {
  return (executor._.session as unknown as { client?: unknown }).client;
}

/**
 * Runs `copy <target> from …` with a binary COPY payload (copy-format.ts) on the driver behind the handle or
 * transaction: PGlite reads it as a blob (sent to its thread), node-postgres streams it (pg-copy-streams). `target` is the table
 * and its columns. Inside a transaction it runs on the transaction's own connection (on PGlite, the root
 * handle would wait for the transaction to end); on a pool handle it takes a connection for itself.
 */
export async function copyIn(executor: Executor, target: string, payload: Uint8Array): Promise<void> {
  const client = driverClient(executor);
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await copyToPostgres(connection, target, payload);
    } finally {
      connection.release();
    }
    return;
  }
  if (client instanceof pg.Client) {
    await copyToPostgres(client, target, payload);
    return;
  }
  await (client as PgliteQueries).query(`copy ${target} from '/dev/blob' with (format binary)`, [], { blob: payload });
}

async function copyToPostgres(client: pg.ClientBase, target: string, payload: Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(`copy ${target} from stdin with (format binary)`));
  await pipeline(async function* () {
    yield payload;
  }, stream);
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dir` undefined → in-memory (tests). */
  | { kind: 'pglite'; dir?: string };

/** While the database is unreachable, requests fail fast (503) instead of waiting for a connection forever. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * Postgres settings of the embedded database (ADR 0017). PGlite's shared memory is allocated inside its
 * WebAssembly memory and zero-filled at start-up, so every megabyte of shared_buffers is resident from the
 * first second: the default 128 MB made up a quarter of the idle process. The data files stay in the
 * operating system's page cache, so a page outside the buffers is a read of the file, not of the disk.
 */
const PGLITE_SETTINGS: Record<string, string> = { shared_buffers: '16MB' };

/** pg_advisory_lock key of the start-up phase (any constant: "atende01" in ASCII). */
const STARTUP_LOCK = '7022349243782606897';

export function migrationsFolder(): string {
  // src/db/migrations when run from source; dist/migrations in the bundled build (copied there by tsup).
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A dropped connection must not crash the process; pg reconnects on the next checkout. Idle clients
    // report through the pool; a client checked out (e.g. inside a transaction) reports on itself, and an
    // 'error' event without a listener would be an uncaught exception: the failed query rejects anyway.
    // The time is kept: a request that failed while connections were dropping is an outage, not a bug, even
    // when the error lost its cause on the way (http/database-outage.ts).
    let lastError = 0;
    const failed = () => {
      lastError = Date.now();
    };
    pool.on('error', failed);
    pool.on('connect', (client) => client.on('error', failed));
    failedConnectsCounted(pool, failed);
    preparing(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() }),
      exclusive: (work) => withAdvisoryLock(pool, STARTUP_LOCK, work),
      close: () => pool.end(),
      lastConnectionErrorAt: () => lastError,
    };
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const pglite = await PgliteRemote.start({ dataDir: options.dir, settings: PGLITE_SETTINGS });
  // Drizzle's PGlite driver only calls query() and transaction(), which the remote provides.
  const client = pglite as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    exclusive: (work) => work(),
    close: () => pglite.close(),
    lastConnectionErrorAt: () => 0,
  };
}

/**
 * A new connection the database refused (or did not accept in time) counts as a connection error too: the pool
 * emits nothing for it, and a request whose error lost its cause must still read as the outage after the database
 * came back (the ping then passes). pg.Pool's own query() checks out through connect(), in both of its forms.
 */
function failedConnectsCounted(pool: pg.Pool, failed: () => void): void {
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  const counted = (err: unknown) => {
    if (isDatabaseUnreachable(err)) failed();
  };
  (pool as unknown as { connect: (callback?: Callback) => unknown }).connect = (callback?: Callback) => {
    if (!callback) {
      return connect()!.catch((err: unknown) => {
        counted(err);
        throw err;
      });
    }
    return connect((err, client, done) => {
      if (err) counted(err);
      callback(err, client, done);
    });
  };
}

const PREPARED_MARK = '/* prepared */ ';

/**
 * Put first in the SQL text of a hot statement (a chat turn's): on Postgres it then runs as a named prepared
 * statement, parsed and planned once per connection instead of on every call (ADR 0017). The text must not
 * change between calls (parameters carry the values). PGlite's thread prepares every statement anyway.
 */
export const PREPARED: SQL = sql.raw(PREPARED_MARK);

const statementNames = new Map<string, string>();

/** The pool's queries whose text starts with PREPARED get a name derived from the text (pg prepares named ones). */
function preparing(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (config: unknown): unknown => {
    if (typeof config !== 'object' || config === null) return config;
    const { text, name } = config as { text?: unknown; name?: unknown };
    if (name || typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return config;
    let statement = statementNames.get(text);
    if (!statement) {
      statement = `atende_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      statementNames.set(text, statement);
    }
    return { ...config, name: statement };
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => query(named(config), ...rest);
}

/** A value in a `sql` template: the value itself, or a placeholder filled in by executeShaped. */
export type SqlValue = string | number | boolean | null | Placeholder;

type ShapedQuery = { execute(values: Record<string, unknown>): Promise<unknown> };
const shapedQueries = new WeakMap<Db, Map<string, ShapedQuery>>();

/**
 * Runs a hot statement whose SQL is built once per database handle and `shape` (ADR 0017): `build` writes it with
 * `sql.placeholder(name)` for every value, and each call only fills `values` in. Drizzle walks and checks every
 * fragment of a `sql` template on every call: tens of µs for a chat turn's larger statements. `shape` must name
 * everything that changes the text (the values never do). Outside a transaction only (it runs on `db`'s own session).
 */
export async function executeShaped<Row>(db: Db, shape: string, build: () => SQL, values: Record<string, unknown>): Promise<{ rows: Row[] }> {
  let shapes = shapedQueries.get(db);
  if (!shapes) shapedQueries.set(db, (shapes = new Map()));
  let query = shapes.get(shape);
  if (!query) {
    // What db.execute() does on every call (drizzle-orm 0.45, pg-core/db.js), done once.
    const internals = db as unknown as {
      dialect: { sqlToQuery(sql: SQL): unknown };
      _: { session: { prepareQuery(query: unknown, fields: undefined, name: undefined, arrayMode: boolean): ShapedQuery } };
    };
    query = internals._.session.prepareQuery(internals.dialect.sqlToQuery(build()), undefined, undefined, false);
    shapes.set(shape, query);
  }
  return (await query.execute(values)) as { rows: Row[] };
}

/** Holds a session-level advisory lock on one dedicated connection while `work` runs. */
async function withAdvisoryLock<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Unlocking fails only on a dead connection, whose session (and lock) is gone anyway.
    await client.query('select pg_advisory_unlock($1)', [key]).catch((err: Error) => (broken = err));
    client.release(broken);
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
