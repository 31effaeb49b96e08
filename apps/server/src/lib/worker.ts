import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * How to start the worker entry `name` (a tsup entry) from the module at `here`. From the tsup bundle:
 * `<name>.js` next to the running bundle (or under `sourceDir`/ if tsup keeps the source tree). From
 * TypeScript source (Vitest, tsx): `<name>.ts` beside `here`. Node 24 strips types, but it does not resolve
 * the source's extensionless imports ('./protocol'), and `execArgv: ['--import', 'tsx']` does not reach a
 * worker's own module loader, so the worker is a two-line bootstrap that registers tsx's ESM hooks inside
 * the worker, then imports the entry.
 */
export function workerScript(here: string, name: string, sourceDir: string): { script: URL | string; eval: boolean } {
  if (isSource(here)) {
    const tsxEsmApi = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
    const entry = new URL(`./${name}.ts`, here).href;
    const script = `import(${JSON.stringify(tsxEsmApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return { script, eval: true };
  }
  return { script: builtWorkerScript(here, name, sourceDir), eval: false };
}

/** The module at `here` is TypeScript source (Vitest, tsx), not the tsup bundle. */
export function isSource(here: string): boolean {
  return /\.[cm]?ts$/.test(new URL(here).pathname);
}

/** The bundled worker entry `name`: next to the running bundle, or under `sourceDir`/ if tsup keeps the tree. */
export function builtWorkerScript(here: string, name: string, sourceDir: string): URL {
  const candidates = [`./${name}.js`, `./${sourceDir}/${name}.js`, `./${name}.mjs`];
  for (const c of candidates) {
    const url = new URL(c, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return new URL(candidates[0]!, here);
}

/** Worker errors that mean "the worker is not installed or built right": a deployment problem, not the job's. */
export const WORKER_START_ERRORS: ReadonlySet<string> = new Set([
  'ERR_MODULE_NOT_FOUND',
  'MODULE_NOT_FOUND',
  'ERR_UNKNOWN_FILE_EXTENSION',
  'ERR_WORKER_PATH',
  'ERR_WORKER_INIT_FAILED',
  'ERR_WORKER_INVALID_EXEC_ARGV',
]);

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
  /**
   * A message of the worker: the result, the error to reject with, or undefined when more messages follow
   * (a worker that streams its work, e.g. batches of passages, before its final message).
   */
  onMessage(message: unknown): T | Error | undefined;
  /** An error thrown in or by the worker (out of memory, failed start-up) as the error to reject with. */
  onError(error: Error & { code?: string }): Error;
  onTimeout(): Error;
  /** The worker stopped without replying. */
  onExit(code: number): Error;
  /** Checked every 100 ms while the worker runs; an Error stops it. */
  watchdog?: () => Error | null;
  /** Stops the worker and rejects with the abort reason (the caller no longer wants the result). */
  signal?: AbortSignal;
}

/** How often a running worker's watchdog checks it (runWorker's, and the analysis worker's memory check). */
export const WATCHDOG_MS = 100;

/**
 * Runs one job in a fresh worker thread until its final message, and stops the worker as soon as the job is
 * settled: by that message, an error, its time limit, the watchdog, an abort, or an exit without a result.
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
      run.signal?.removeEventListener('abort', abort);
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
    const abort = () => finish(run.signal!.reason instanceof Error ? run.signal!.reason : new Error('worker aborted'));
    if (run.signal?.aborted) abort();
    else run.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: unknown) => {
      if (settled) return; // the worker is being stopped
      const outcome = run.onMessage(message);
      if (outcome !== undefined) finish(outcome);
    });
    worker.on('error', (err: Error & { code?: string }) => finish(run.onError(err)));
    worker.on('exit', (code) => finish(run.onExit(code)));
  });
}
