/**
 * Migration 0021: money in centavos. Rows written in whole reais before it are converted, and while the previous
 * release still runs beside this one (a rolling deploy, docs/deploying.md) a row it writes with `amount_brl` only
 * gets its `amount_cents` from a trigger.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client';
import { openTestDatabase } from './helpers/database';

let database: Database;
let before0021: string;

/** The migrations folder as it was before 0021 (its journal cut there). */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === last);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const run = (database: Database, migrationsFolder: string) =>
  database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase({ migrate: false });
  before0021 = migrationsUpTo('0020_passage_weekdays');
  await run(database, before0021);
  // What the previous release wrote: whole reais.
  await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('u1', 'Maria', 'maria@example.com', true, now(), now())`);
  await database.db.execute(sql`insert into subscriptions (id, user_id, email, plan, provider, preapproval_id, external_reference, status, amount_brl)
    values ('s1', 'u1', 'maria@example.com', 'essencial', 'mercadopago', 'pre-1', 'u1:essencial:s1', 'authorized', 149)`);
  await database.db.execute(sql`insert into payments (id, user_id, email, plan, status, provider_payment_id, subscription_id, amount_brl)
    values ('p1', 'u1', 'maria@example.com', 'essencial', 'approved', 'payment:1', 's1', 149),
           ('p2', 'u1', 'maria@example.com', 'essencial', 'rejected', 'payment:2', 's1', null)`);
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  if (before0021) rmSync(before0021, { recursive: true, force: true });
});

describe('migration 0021 (amounts in centavos)', () => {
  it('converts the amounts already stored, and keeps an unknown amount unknown', async () => {
    expect(await rows(sql`select id, amount_cents from subscriptions order by id`)).toEqual([{ id: 's1', amount_cents: 14900 }]);
    expect(await rows(sql`select id, amount_cents from payments order by id`)).toEqual([
      { id: 'p1', amount_cents: 14900 },
      { id: 'p2', amount_cents: null },
    ]);
  });

  it('fills amount_cents for a row the previous release writes in whole reais, inserted or changed', async () => {
    await database.db.execute(sql`insert into subscriptions (id, user_id, email, plan, provider, preapproval_id, external_reference, status, amount_brl)
      values ('s2', 'u1', 'maria@example.com', 'pro', 'mercadopago', 'pre-2', 'u1:pro:s2', 'pending', 289)`);
    await database.db.execute(sql`insert into payments (id, user_id, email, plan, status, provider_payment_id, subscription_id, amount_brl)
      values ('p3', 'u1', 'maria@example.com', 'pro', 'pending', 'payment:3', 's2', null)`);
    await database.db.execute(sql`update payments set amount_brl = 289, status = 'approved' where id = 'p3'`);
    expect(await rows(sql`select amount_cents from subscriptions where id = 's2'`)).toEqual([{ amount_cents: 28900 }]);
    expect(await rows(sql`select amount_cents from payments where id = 'p3'`)).toEqual([{ amount_cents: 28900 }]);
  });

  it('never overwrites the centavos this release writes', async () => {
    await database.db.execute(sql`insert into payments (id, user_id, email, plan, status, provider_payment_id, subscription_id, amount_cents, amount_brl)
      values ('p4', 'u1', 'maria@example.com', 'essencial', 'approved', 'payment:4', 's1', 1234, 12)`);
    await database.db.execute(sql`update payments set amount_cents = 1299, amount_brl = 13 where id = 'p4'`);
    await database.db.execute(sql`update payments set status = 'refunded' where id = 'p4'`);
    expect(await rows(sql`select amount_cents, amount_brl from payments where id = 'p4'`)).toEqual([{ amount_cents: 1299, amount_brl: 13 }]);
  });
});
