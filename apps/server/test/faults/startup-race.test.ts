/**
 * Race (Postgres): instances started at the same moment on a fresh database.
 * The Drizzle migrator has no lock of its own, so without the start-up lock
 * all of them run the first migration and all but one crash on CREATE TABLE.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client';
import { testDbKind } from '../helpers/database';
import { createProcessDatabase, type ProcessDatabase } from '../helpers/process-database';

describe.skipIf(testDbKind !== 'postgres')('instances starting together', () => {
  let database: ProcessDatabase;
  const instances: Database[] = [];

  beforeAll(async () => {
    database = await createProcessDatabase();
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
    await database?.drop();
  });

  it('take turns migrating a fresh database under the start-up lock', async () => {
    instances.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: database.url! })))));
    const order: string[] = [];
    await Promise.all(
      instances.map((instance, i) =>
        instance.exclusive(async () => {
          order.push(`start ${i}`);
          await instance.migrate();
          order.push(`end ${i}`);
        }),
      ),
    );
    // Never two inside at once: every start is followed by its own end.
    for (let k = 0; k < order.length; k += 2) expect(order[k + 1]).toBe(order[k]!.replace('start', 'end'));
    // Each migration applied exactly once.
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = (await instances[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
  });
});
