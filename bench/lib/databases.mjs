// Databases of the load suite: throw-away Postgres databases on a server the
// caller names, and one-off queries on Postgres or on a PGlite data directory.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

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
