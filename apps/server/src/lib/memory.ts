import type { Session as InspectorSession } from 'node:inspector';
import v8 from 'node:v8';

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

export interface IdleReleaseOptions {
  /** How often the thread's activity is looked at. */
  everyMs?: number;
  /** At most this share of the last period busy (event-loop utilization) counts as idle. */
  idleUtilization?: number;
  /** Release only when the heap grew by this much since the last release (or since the watch started). */
  growthBytes?: number;
  /** Released along with this thread's heap (the database thread's). */
  alsoRelease?: () => Promise<unknown>;
  /** Told of every release (logging, tests). */
  onRelease?: (heap: { before: number; after: number }) => void;
}

/**
 * Gives memory back (releaseMemory) when the thread has gone idle after work that grew its heap: a burst of chat
 * turns, the first Painel request loading Better Auth, a job. V8 would do the same by itself (its memory reducer)
 * if it saw the thread idle, which the job queue's polling prevents (ADR 0018). Under load nothing happens: the
 * thread is busy in every period. Returns the function that stops watching.
 */
export function releaseMemoryWhenIdle(options: IdleReleaseOptions = {}): () => void {
  const { everyMs = 2_000, idleUtilization = 0.05, growthBytes = 8 * 2 ** 20, alsoRelease, onRelease } = options;
  const heapSize = () => v8.getHeapStatistics().total_heap_size;
  let baseline = heapSize();
  let last = performance.eventLoopUtilization();
  let releasing = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (releasing || busy > idleUtilization) return;
    const before = heapSize();
    if (before < baseline + growthBytes) return;
    releasing = true;
    void Promise.all([releaseMemory(), alsoRelease?.().catch(() => {})]).finally(() => {
      releasing = false;
      baseline = heapSize();
      last = performance.eventLoopUtilization();
      onRelease?.({ before, after: baseline });
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
