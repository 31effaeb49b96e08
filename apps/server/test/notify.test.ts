/**
 * The notifier (db/notify.ts): every notice reaches every listener, on Postgres across processes' connections;
 * notices sent outside a transaction are batched, a burst into a few statements (ADR 0017).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client';
import { createNotifier, type Notice } from '../src/db/notify';
import { openTestDatabase } from './helpers/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The database with its statements counted. */
function counting(db: Db) {
  const counter = { statements: 0 };
  const handle = Object.create(db, {
    execute: {
      value: (query: Parameters<Db['execute']>[0]) => {
        counter.statements += 1;
        return db.execute(query);
      },
    },
  }) as Db;
  return { counter, database: { ...database, db: handle } satisfies Database };
}

describe('notices', () => {
  it('a burst of notices reaches a listener elsewhere, every one, in a few statements', async () => {
    const { counter, database: sender } = counting(database.db);
    const senderNotifier = createNotifier(sender);
    // On Postgres another notifier with its own connection, as another instance has; PGlite's are in-process.
    const listenerNotifier = database.kind === 'postgres' ? createNotifier(database) : senderNotifier;
    const heard: Notice[] = [];
    const stop = await listenerNotifier.listen((notice) => heard.push(notice));
    try {
      const burst = Array.from({ length: 40 }, (_, i) => senderNotifier.notify({ type: 'test', n: String(i) }));
      await Promise.all(burst);
      await expect.poll(() => heard.length).toBe(40);
      expect(heard.map((n) => Number(n.n)).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      // The first goes at once, the other 39 together after it.
      expect(counter.statements).toBeLessThanOrEqual(database.kind === 'postgres' ? 2 : 0);
      // After the burst, one more still arrives.
      await senderNotifier.notify({ type: 'test', n: 'last' });
      await expect.poll(() => heard.at(-1)).toEqual({ type: 'test', n: 'last' });
    } finally {
      stop();
      await senderNotifier.close();
      if (listenerNotifier !== senderNotifier) await listenerNotifier.close();
    }
  });
});
