import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';

/** Which database the integration suite runs on (set per Vitest project). */
export const testDbKind = process.env.ATENDE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a
 * throw-away database on the TEST_DATABASE_URL server (dropped on close).
 * `migrate: false` leaves it empty (a test of one migration applies the earlier ones itself).
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Database & { url?: string }> {
  const migrate = options.migrate ?? true;
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    if (migrate) await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('ATENDE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `atende_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  if (migrate) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
