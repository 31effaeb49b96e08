// Databases of the load suite: throw-away Postgres databases on a server the
// caller names, and one-off queries on Postgres or on a PGlite data directory.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { cpuTimeMs } from './processes.mjs';

const created = new Set();

/** Creates `atende_load_<random>` on the server of `adminUrl`; `drop()` removes it (and every session on it). */
export async function createTempDatabase(adminUrl) {
  const name = `atende_load_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = {
    name,
    url: url.toString(),
    drop: async () => {
      created.delete(database);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
  created.add(database);
  return database;
}

/** Drops every database still there (interrupted runs). */
export async function dropTempDatabases() {
  await Promise.all([...created].map((d) => d.drop().catch(() => {})));
}

async function adminQuery(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One query on Postgres; returns the rows. */
export async function pgQuery(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** One query on the PGlite database of a DATA_DIR. The directory has one owner: only while no server runs on it. */
export async function pgliteQuery(dataDir, text, params = []) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.close();
  }
}

/**
 * CPU time of the Postgres backends serving one database (the server runs on this machine: /proc).
 * `watch(name)` starts sampling them every `intervalMs`; its `stop()` returns the CPU ms they used since:
 * backends that connect meanwhile count from zero, and one that exits counts up to its last sample
 * (pools close idle connections). The monitoring connection is on `adminUrl`'s own database, so it is
 * not counted.
 */
export async function backendCpuMonitor(adminUrl, intervalMs = 200) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const sample = async (name) => {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [name]);
    const cpu = new Map();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuTimeMs(pid));
      } catch {
        // the backend exited since the query
      }
    }
    return cpu;
  };
  return {
    async watch(name) {
      const start = await sample(name);
      const last = new Map(start);
      const take = async () => {
        for (const [pid, ms] of await sample(name)) last.set(pid, ms);
      };
      let pending = Promise.resolve();
      const timer = setInterval(() => (pending = pending.then(take, take)), intervalMs);
      return {
        async stop() {
          clearInterval(timer);
          await pending;
          await take();
          let total = 0;
          for (const [pid, ms] of last) total += ms - (start.get(pid) ?? 0);
          return total;
        },
      };
    },
    close: () => client.end(),
  };
}
