/**
 * The thread that owns PGlite (see pglite-remote.ts): Postgres compiled to WebAssembly runs here, so
 * its CPU time is off the main thread, which keeps HTTP, the model calls and everything else. Each
 * request message is answered with its result or its error; transactions stay open across messages.
 * From source (tests, tsx), Node runs this file itself by stripping its types: its local imports name their
 * `.ts` files (and import nothing else of ours), so the thread needs no TypeScript loader of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { releaseMemory } from '../lib/memory.ts';
import { serializeError, type PgliteThreadOptions, type Reply, type Request } from './pglite-protocol.ts';
import { PreparedStatements } from './pglite-statements.ts';

const port = parentPort!;
const options = workerData as PgliteThreadOptions;
const post = (reply: Reply) => port.postMessage(reply);

/** PGlite's own start parameters (its defaults are replaced, not extended, by `startParams`), plus ours. */
function startParams(settings: Record<string, string>): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}

const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<string, () => Promise<void>>();
let nextTransaction = 1;

/** Parsers that leave the listed types as text, by their key (Drizzle asks for the same set every time). */
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersFor(oids: number[]) {
  const key = oids.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

async function handle(db: PGlite, statements: PreparedStatements, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      // transactionOf also refuses a query on a transaction that is no longer open, on both paths below.
      const target = request.tx === undefined ? db : transactionOf(request.tx).tx;
      const { rowMode, rawTypes, blob } = request.options ?? {};
      if (!blob && !request.sql.includes('/dev/blob')) {
        return statements.query(request.sql, request.params, { rowMode, parsers: rawTypes?.length ? parsersFor(rawTypes) : undefined }, request.tx !== undefined);
      }
      return target.query(request.sql, request.params, {
        ...(rowMode ? { rowMode } : {}),
        ...(rawTypes?.length ? { parsers: parsersFor(rawTypes) } : {}),
        ...(blob ? { blob: new Blob([blob as Uint8Array<ArrayBuffer>]) } : {}),
      });
    }
    case 'exec':
      return (request.tx === undefined ? db : transactionOf(request.tx).tx).exec(request.sql);
    case 'begin':
      return begin(db);
    case 'end': {
      const open = transactionOf(request.tx);
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'listen': {
      if (!listeners.has(request.channel)) {
        listeners.set(request.channel, await db.listen(request.channel, (payload) => post({ notify: request.channel, payload })));
      }
      return null;
    }
    case 'unlisten': {
      const unsubscribe = listeners.get(request.channel);
      listeners.delete(request.channel);
      await unsubscribe?.();
      return null;
    }
    case 'releaseMemory':
      await releaseMemory();
      return null;
    case 'close':
      await db.close();
      // Once the reply is out, let the thread end by itself (a terminated thread writes no --cpu-prof profile).
      setImmediate(() => port.close());
      return null;
  }
}

function transactionOf(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id} on the database thread`);
  return open;
}

/** Thrown inside a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/**
 * Opens a PGlite transaction that lasts until an `end` message: PGlite commits when the callback returns
 * and rolls back when it throws. Resolves with the transaction's id once BEGIN has run.
 */
async function begin(db: PGlite): Promise<number> {
  const id = nextTransaction++;
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  const done: Promise<void> = db
    .transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      started();
      if (!(await ended)) throw ROLLBACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  await Promise.race([began, done]); // done rejects first when BEGIN itself fails
  return id;
}

try {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { vector },
    startParams: startParams(options.settings),
    ...(options.initialMemory ? { initialMemory: options.initialMemory } : {}),
  });
  const statements = new PreparedStatements(db);
  port.on('message', (request: Request) => {
    handle(db, statements, request).then(
      (ok) => {
        try {
          post({ id: request.id, ok });
        } catch (err) {
          post({ id: request.id, error: serializeError(err) }); // a result that does not clone
        }
      },
      (err: unknown) => post({ id: request.id, error: serializeError(err) }),
    );
  });
  post({ ready: true });
} catch (err) {
  post({ failed: serializeError(err) });
}
