import type { HeapInfo } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { builtWorkerScript, isSource } from '../lib/worker';
import { deserializeError, type PgliteThreadOptions, type QueryRequestOptions, type Reply, type Request } from './pglite-protocol';

/** What callers may pass as query options: PGlite's, as far as they can cross a thread. */
export interface RemoteQueryOptions {
  rowMode?: 'array' | 'object';
  /** Only pass-through parsers (value → value, as Drizzle uses for dates): they cannot cross the thread. */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  blob?: Uint8Array;
}

/** The part of PGlite's interface this project uses (Drizzle, pg-boss, maintenance, COPY). */
export interface PgliteQueries {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: RemoteQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface RemoteTransaction extends PgliteQueries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The thread's script: the bundled `pglite-worker.js` in a build; from source, `pglite-worker.ts` run by
 * Node's own type stripping (no TypeScript loader thread inside the worker, as production has none).
 */
const workerEntry = (): URL =>
  isSource(import.meta.url) ? new URL('./pglite-worker.ts', import.meta.url) : builtWorkerScript(import.meta.url, 'pglite-worker', 'db');

/** After the database closed, how long the thread may take to end before it is stopped. */
const CLOSE_GRACE_MS = 5_000;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PGlite in its own thread (pglite-worker.ts), seen from the main thread through a PGlite-like interface
 * that Drizzle's PGlite driver and pg-boss's PGlite adapter accept. Postgres-in-WebAssembly then uses
 * the second core while this thread serves HTTP and calls the model. Queries queue in the worker exactly
 * as on an in-process PGlite (one connection; a transaction holds it until it ends).
 */
export class PgliteRemote implements PgliteQueries {
  readonly #worker: Worker;
  readonly #exited: Promise<unknown>;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #failure: Error | null = null;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', resolve));
  }

  /** Starts the thread and opens the database in it (migrations are the caller's). */
  static async start(options: PgliteThreadOptions): Promise<PgliteRemote> {
    // Only profiling flags reach the thread (--cpu-prof writes a profile per thread); no others, as before.
    const worker = new Worker(workerEntry(), { workerData: options, execArgv: process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')) });
    const remote = new PgliteRemote(worker);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if ('ready' in reply) done(null);
        else if ('failed' in reply) done(deserializeError(reply.failed));
      };
      const onExit = (code: number) => done(new Error(`The database thread exited during start-up (code ${code})`));
      const done = (err: Error | null) => {
        worker.off('message', onMessage).off('error', done).off('exit', onExit);
        if (err) reject(err);
        else resolve();
      };
      worker.on('message', onMessage).on('error', done).on('exit', onExit);
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    worker.on('message', (reply: Reply) => remote.#receive(reply));
    worker.on('error', (err) => remote.#fail(err));
    worker.on('exit', (code) => remote.#fail(new Error(`The database thread exited (code ${code})`)));
    return remote;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: RemoteQueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** PGlite's transaction(): commits when `callback` resolves, rolls back when it rejects or calls rollback(). */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#send({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: RemoteTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: RemoteQueryOptions) => {
        check();
        return this.#query(sql, params, options, id) as Promise<Results<R>>;
      },
      exec: (sql: string) => {
        check();
        return this.#send({ op: 'exec', sql, tx: id }) as Promise<Results[]>;
      },
      rollback: async () => {
        check();
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.#send({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** LISTEN on the database; returns the function that stops listening (pg-boss's notifications). */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        await this.#send({ op: 'unlisten', channel });
      }
    };
  }

  /**
   * A compacting garbage collection of the database thread's JavaScript heap (lib/memory.ts). The thread does
   * nothing else while it lasts (~10 ms): call it when the database is idle.
   */
  async releaseMemory(): Promise<void> {
    await this.#send({ op: 'releaseMemory' });
  }

  /** V8's statistics of the database thread's JavaScript heap (diagnostics). */
  heapStatistics(): Promise<HeapInfo> {
    return this.#worker.getHeapStatistics();
  }

  /** Closes the database (it is written to its directory) and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#failure) await this.#send({ op: 'close' });
    } finally {
      this.#closed = true;
      this.#failure ??= new Error('The database is closed');
      const timer = setTimeout(() => void this.#worker.terminate(), CLOSE_GRACE_MS);
      await this.#exited;
      clearTimeout(timer);
    }
  }

  #query(sql: string, params: unknown[] | undefined, options: RemoteQueryOptions | undefined, tx?: number) {
    return this.#send({ op: 'query', sql, params, options: options && requestOptions(options), tx });
  }

  #send(body: RequestBody): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id } as Request);
    });
  }

  #receive(reply: Reply) {
    if ('notify' in reply) {
      for (const callback of this.#listeners.get(reply.notify) ?? []) callback(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if ('error' in reply) pending.reject(deserializeError(reply.error));
    else pending.resolve(reply.ok);
  }

  /** The thread died: every pending and later call fails with the reason. */
  #fail(err: Error) {
    if (this.#closed) return;
    this.#failure ??= new Error(`The database thread stopped: ${err.message}`, { cause: err });
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
  }
}

/** Type OIDs of pass-through parsers, keyed by the parsers object (callers reuse theirs for every query). */
const rawTypesOf = new WeakMap<object, number[]>();

function requestOptions({ rowMode, parsers, blob }: RemoteQueryOptions): QueryRequestOptions {
  const options: QueryRequestOptions = {};
  if (rowMode) options.rowMode = rowMode;
  if (blob) options.blob = blob;
  if (parsers) {
    let oids = rawTypesOf.get(parsers);
    if (!oids) {
      oids = Object.entries(parsers).map(([oid, parse]) => {
        if (parse('x', Number(oid)) !== 'x') throw new Error(`Only pass-through parsers can be used across the database thread (type ${oid})`);
        return Number(oid);
      });
      rawTypesOf.set(parsers, oids);
    }
    options.rawTypes = oids;
  }
  return options;
}
