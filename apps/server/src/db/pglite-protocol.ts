/**
 * Messages between the main thread (pglite-remote.ts) and the thread that owns PGlite (pglite-worker.ts).
 * Everything here must survive structured cloning: no functions, no class instances beyond Date,
 * typed arrays and plain objects.
 */

export interface PgliteThreadOptions {
  /** Data directory; undefined → in memory (tests). */
  dataDir?: string;
  /** Extra `-c name=value` settings for Postgres (memory limits), after PGlite's own start parameters. */
  settings: Record<string, string>;
  /** Initial WebAssembly memory in bytes (it grows on demand up to PGlite's maximum). */
  initialMemory?: number;
}

export interface QueryRequestOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay as Postgres sends them (text) instead of PGlite's parsing (Drizzle's dates). */
  rawTypes?: number[];
  /** Input of `copy … from '/dev/blob'`. */
  blob?: Uint8Array;
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryRequestOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; the reply is its id, for the queries and the end that follow. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  /** A compacting garbage collection of the thread's heap (lib/memory.ts), when the database is idle. */
  | { id: number; op: 'releaseMemory' }
  | { id: number; op: 'close' };

export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  /** Own enumerable properties of the error (Postgres' code, detail, constraint…). */
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: unknown }
  | { id: number; error: SerializedError }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    // Anything that does not clone (a class instance with functions) is dropped rather than failing the reply.
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable
    }
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}

export function deserializeError(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  Object.assign(err, e.fields);
  if (e.stack) err.stack = e.stack;
  return err;
}
