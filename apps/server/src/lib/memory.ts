import type { Session as InspectorSession } from 'node:inspector';

/**
 * Gives back to the system the memory this thread's JavaScript heap no longer uses: one full, compacting garbage
 * collection of the thread's own V8 isolate, the kind V8 runs when the system is low on memory (ADR 0018).
 *
 * Why it is needed: start-up (migrations, loading the modules, the first queries) leaves the heap with
 * tens of megabytes of pages that are mostly garbage, and V8 keeps them until its memory reducer decides the
 * thread is idle — which it never does in a server whose job queue polls the database every second. Node has no
 * public call for it besides the inspector's HeapProfiler.collectGarbage, used here through an in-process
 * session (no port is opened; nothing else of the inspector is enabled). Resolves when the collection is done;
 * never rejects (without the inspector, it does nothing).
 *
 * It costs one collection of the whole heap (tens of milliseconds, all other work of the thread waits): call it
 * when the thread is idle, not on a hot path.
 */
export async function releaseMemory(): Promise<void> {
  let Session: typeof InspectorSession;
  try {
    ({ Session } = await import('node:inspector'));
  } catch {
    return; // a Node built without the inspector
  }
  const session = new Session();
  try {
    session.connect();
  } catch {
    return; // already connected elsewhere in a way that refuses another session, or unavailable
  }
  await new Promise<void>((resolve) => session.post('HeapProfiler.collectGarbage', () => resolve()));
  session.disconnect();
}
