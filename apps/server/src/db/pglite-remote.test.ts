import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyIn, openDatabase, type Database } from './client';
import { CopyWriter } from './copy-format';
import { PgliteRemote } from './pglite-remote';

// Starting PGlite (initdb in memory) takes seconds, more on a busy machine.
const START_TIMEOUT = 120_000;

describe('PGlite in its own thread', () => {
  let database: Database;
  let pglite: PgliteRemote;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    pglite = database.pglite!;
    await pglite.exec('create table items (id int primary key, name text not null, at timestamptz not null default now())');
  }, START_TIMEOUT);
  afterAll(() => database?.close());

  it('answers queries with rows, fields and parsed values', async () => {
    await pglite.query('insert into items (id, name) values ($1, $2), ($3, $4)', [1, 'um', 2, 'dois']);
    const result = await pglite.query<{ id: number; name: string; at: Date }>('select id, name, at from items order by id');
    expect(result.rows.map((r) => [r.id, r.name])).toEqual([
      [1, 'um'],
      [2, 'dois'],
    ]);
    expect(result.rows[0]!.at).toBeInstanceOf(Date);
    expect(result.fields.map((f) => f.name)).toEqual(['id', 'name', 'at']);
  });

  it('keeps Postgres error fields across the thread', async () => {
    const error = await pglite.query('insert into items (id, name) values (1, $1)', ['repetido']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });

  it('serves Drizzle: timestamps stay as Postgres text for its own mapping', async () => {
    const result = (await database.db.execute(sql`select at from items where id = 1`)) as unknown as { rows: Array<{ at: unknown }> };
    expect(typeof result.rows[0]!.at).toBe('string');
  });

  it('commits a transaction and rolls one back, and other queries wait for it to end', async () => {
    await pglite.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values (10, $1)', ['dez']);
    });
    let outside = 'not yet';
    const failed = pglite
      .transaction(async (tx) => {
        await tx.query('insert into items (id, name) values (11, $1)', ['onze']);
        // A query outside the transaction queues behind it (one connection), as on an in-process PGlite.
        void pglite.query('select count(*)::int as n from items where id = 11').then((r) => (outside = `saw ${(r.rows[0] as { n: number }).n}`));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(outside).toBe('not yet');
        throw new Error('desiste');
      })
      .catch((e: Error) => e.message);
    expect(await failed).toBe('desiste');
    const ids = (await pglite.query<{ id: number }>('select id from items where id >= 10 order by id')).rows.map((r) => r.id);
    expect(ids).toEqual([10]);
    expect(outside).toBe('saw 0');
  });

  it('runs Drizzle transactions with savepoints', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (20, 'vinte')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into items (id, name) values (21, 'vinte e um')`);
          inner.rollback();
        })
        .catch(() => {});
    });
    const ids = (await pglite.query<{ id: number }>('select id from items where id >= 20 order by id')).rows.map((r) => r.id);
    expect(ids).toEqual([20]);
  });

  it('loads binary COPY payloads, inside a transaction too', async () => {
    await pglite.exec('create table copied (id int, label text)');
    const rows = (...pairs: Array<[number, string]>) => {
      const writer = new CopyWriter();
      for (const [id, label] of pairs) writer.row(2).int4(id).text(label);
      return writer.finish();
    };
    await copyIn(database.db, 'copied (id, label)', rows([1, 'a'], [2, 'b']));
    await database.db.transaction((tx) => copyIn(tx, 'copied (id, label)', rows([3, 'c'])));
    expect((await pglite.query('select id, label from copied order by id')).rows).toEqual([
      { id: 1, label: 'a' },
      { id: 2, label: 'b' },
      { id: 3, label: 'c' },
    ]);
  });

  it('serializes parameters by the types Postgres inferred, as PGlite does (queries run as prepared statements)', async () => {
    await pglite.exec('create table typed (id int primary key, flag boolean, data jsonb, at timestamptz, label text)');
    const at = new Date('2026-11-26T12:00:00.000Z');
    for (const [id, flag] of [[1, true], [2, false]] as const) {
      // The same text twice: the second runs the statement prepared by the first.
      await pglite.query('insert into typed values ($1, $2, $3, $4, $5)', [id, flag, { tags: ['a', 'b'], n: id }, at, id * 1.5]);
    }
    const rows = (await pglite.query('select id, flag, data, at, label from typed order by id')).rows;
    expect(rows).toEqual([
      { id: 1, flag: true, data: { tags: ['a', 'b'], n: 1 }, at, label: '1.5' },
      { id: 2, flag: false, data: { tags: ['a', 'b'], n: 2 }, at, label: '3' },
    ]);
    const counted = await pglite.query('update typed set label = $1 where id = any($2::int[])', ['x', [1, 2]]);
    expect(counted.affectedRows).toBe(2);
    expect((await pglite.query('select id from typed where label = $1 order by id', ['x'], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('reports a bad statement with its error and the query, and answers the next ones', async () => {
    const error = await pglite.query('selec 1').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42601', query: 'selec 1' });
    expect((await pglite.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    await pglite.exec('create table shaped (id int)');
    await pglite.query('insert into shaped values (1)');
    expect((await pglite.query('select * from shaped')).rows).toEqual([{ id: 1 }]);
    await pglite.exec("alter table shaped add column name text default 'novo'");
    expect((await pglite.query('select * from shaped')).rows).toEqual([{ id: 1, name: 'novo' }]);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const heard: string[] = [];
    const stop = await pglite.listen('canal', (payload) => heard.push(payload));
    await pglite.query(`select pg_notify('canal', 'primeiro')`);
    await expect.poll(() => heard).toEqual(['primeiro']);
    await stop();
    await pglite.query(`select pg_notify('canal', 'segundo')`);
    await pglite.query('select 1'); // the notification, if any, would have arrived before this answer
    expect(heard).toEqual(['primeiro']);
  });

  it("releases the garbage of the thread's heap on request, and keeps answering", async () => {
    await pglite.releaseMemory();
    const baseline = await pglite.heapStatistics();
    // ~25 MB of rows parsed into objects on the database thread, sent here and dropped there: garbage that lived
    // long enough to reach the thread's old generation.
    const big = await pglite.query<{ text: string }>(`select repeat('x', 200) || i as text from generate_series(1, 100000) as i`);
    expect(big.rows).toHaveLength(100_000);
    const before = await pglite.heapStatistics();

    await pglite.releaseMemory();

    const after = await pglite.heapStatistics();
    // The garbage is gone. V8 may have collected some of it by itself before the request (a loaded machine gives the
    // thread idle time): the request is then seen shrinking the heap only when garbage was still there.
    expect(after.used_heap_size - baseline.used_heap_size).toBeLessThan(5 * 2 ** 20);
    if (before.used_heap_size - baseline.used_heap_size > 10 * 2 ** 20) expect(after.total_heap_size).toBeLessThan(before.total_heap_size);
    await pglite.transaction(async (tx) => {
      await pglite.releaseMemory(); // between two statements of a transaction, too
      expect((await tx.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n).toBeGreaterThan(0);
    });
  });
});

describe('PGlite thread lifecycle', () => {
  it('keeps the data in its directory across a close and a new start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atende-pglite-'));
    try {
      const first = await PgliteRemote.start({ dataDir: dir, settings: {} });
      await first.exec(`create table kept (v text); insert into kept values ('guardado')`);
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('closed');
      const second = await PgliteRemote.start({ dataDir: dir, settings: {} });
      expect((await second.query('select v from kept')).rows).toEqual([{ v: 'guardado' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 2 * START_TIMEOUT);

  it('fails start-up with the reason when the database cannot open', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'atende-pglite-')), 'not-a-directory');
    await import('node:fs').then((fs) => fs.writeFileSync(file, 'x'));
    await expect(PgliteRemote.start({ dataDir: file, settings: {} })).rejects.toThrow();
  }, START_TIMEOUT);
});
