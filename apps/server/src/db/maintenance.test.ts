import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { vacuumAll, whenQuiet } from './maintenance';

describe('PGlite maintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
  }, 120_000); // PGlite's start and the migrations take seconds, more on a busy machine
  afterAll(async () => {
    await database.close();
  });

  it('vacuums and analyzes every table, reclaiming dead rows and giving the planner statistics', async () => {
    const pglite = database.pglite!;
    await pglite.exec(`create table churn (id int primary key, v text);
      insert into churn select g, repeat('x', 200) from generate_series(1, 5000) g;
      delete from churn where id > 100;`);
    const pages = async () => (await pglite.query<{ n: number }>(`select pg_relation_size('churn')::int / 8192 as n`)).rows[0]!.n;
    const before = await pages();
    const tables = (await pglite.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]!.n;

    expect(await vacuumAll(pglite)).toBeGreaterThanOrEqual(tables);

    const stats = await pglite.query<{ relname: string }>(`select relname from pg_stat_user_tables where last_analyze is null`);
    expect(stats.rows).toEqual([]);
    // VACUUM truncates the empty pages at the end of the table.
    expect(await pages()).toBeLessThan(before);
    expect((await pglite.query(`select 1 from pg_stats where tablename = 'churn'`)).rows.length).toBeGreaterThan(0);
  });

  it('waits for its turn before each table (the scheduled run waits for a quiet moment)', async () => {
    const order: string[] = [];
    const pglite = database.pglite!;
    const exec = pglite.exec.bind(pglite);
    const watched = { query: pglite.query.bind(pglite), exec: (sql: string) => (order.push('vacuum'), exec(sql)) };
    const done = await vacuumAll(watched, undefined, async () => void order.push('wait'));
    expect(order).toHaveLength(2 * done);
    expect(order.every((step, i) => step === (i % 2 === 0 ? 'wait' : 'vacuum'))).toBe(true);
  });

  it('stops between tables when asked', async () => {
    let calls = 0;
    expect(await vacuumAll(database.pglite!, () => ++calls > 2)).toBe(2);
  });
});

describe('a quiet moment', () => {
  it('comes at once on an idle thread, and not while the thread is busy (until told to stop waiting)', async () => {
    await whenQuiet(() => false, 20);

    let busy = true;
    const spin = () => {
      const until = performance.now() + 30;
      while (performance.now() < until);
      if (busy) setImmediate(spin);
    };
    spin();
    let asked = 0;
    await whenQuiet(() => ++asked > 5, 20);
    busy = false;
    expect(asked).toBe(6);
  });
});
