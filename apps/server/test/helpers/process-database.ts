/**
 * The database of a server started as a child process (fault tests): a fresh
 * PGlite data directory, or a throw-away database on the TEST_DATABASE_URL
 * server, chosen by the Vitest project like the in-process tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { testDbKind } from './database';

export interface ProcessDatabase {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR of the server (PGlite lives in DATA_DIR/pglite). */
  dataDir: string;
  /** The connection string on Postgres (the server and the tests connect directly). */
  url?: string;
  /** DATA_DIR, and DATABASE_URL on Postgres. */
  env: Record<string, string>;
  /**
   * Runs one SQL query. On PGlite the data directory has one owner: call it
   * only while no server process is running on it.
   */
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  /** Removes the data directory and drops the database. */
  drop(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-fault-'));
  if (testDbKind === 'pglite') {
    return {
      kind: 'pglite',
      dataDir,
      env: { DATA_DIR: dataDir },
      query: async <T extends object>(text: string, params: unknown[] = []) => {
        const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { vector } });
        try {
          return (await db.query<T>(text, params)).rows;
        } finally {
          await db.close();
        }
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ATENDE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `atende_fault_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    dataDir,
    url: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    query: async <T extends object>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    drop: async () => {
      await pool.end();
      await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
