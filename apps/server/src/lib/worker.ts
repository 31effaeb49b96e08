import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

export interface WorkerRun<T> {
  script: URL | string;
  /** `script` is source code, not a path. */
  eval: boolean;
  workerData: unknown;
  transferList?: Transferable[];
  /** The worker's environment (default: a copy of the process's). */
  env?: Record<string, string>;
  resourceLimits: ResourceLimits;
  timeoutMs: number;
  /** The worker's one reply as the result, or as the error to reject with. */
  onReply(reply: unknown): T | Error;
  /** An error thrown in or by the worker (out of memory, failed start-up) as the error to reject with. */
  onError(error: Error & { code?: string }): Error;
  onTimeout(): Error;
  /** The worker stopped without replying. */
  onExit(code: number): Error;
  /** Checked every 100 ms while the worker runs; an Error stops it. */
  watchdog?: () => Error | null;
}

const WATCHDOG_MS = 100;

/**
 * Runs one job in a fresh worker thread that answers with one message, and stops the worker as soon as the
 * job is settled: by its reply, an error, its time limit, the watchdog, or an exit without a reply.
 */
export function runWorker<T>(run: WorkerRun<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(run.script, {
      eval: run.eval,
      workerData: run.workerData,
      transferList: run.transferList,
      execArgv: [],
      ...(run.env ? { env: run.env } : {}),
      resourceLimits: run.resourceLimits,
    });
    let settled = false;
    const finish = (outcome: T | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (watchdog) clearInterval(watchdog);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish(run.onTimeout()), run.timeoutMs);
    const watchdog = run.watchdog
      ? setInterval(() => {
          const error = run.watchdog!();
          if (error) finish(error);
        }, WATCHDOG_MS)
      : undefined;
    worker.on('message', (reply: unknown) => finish(run.onReply(reply)));
    worker.on('error', (err: Error & { code?: string }) => finish(run.onError(err)));
    worker.on('exit', (code) => finish(run.onExit(code)));
  });
}
