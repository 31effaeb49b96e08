import { Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import { WATCHDOG_MS, WORKER_START_ERRORS, workerScript } from '../../lib/worker';
import type { AnalysisReply, AnalysisRequest } from './analysis-protocol';
import type { PreparedPassages } from './prepare';

/**
 * Why an analysis job failed, for the caller to word (readPassages, parsers/run.ts, gives the merchant the same
 * pt-BR reasons as for a parse): `timeout`, `memory` (heap limit or RSS backstop), `crash` (the worker died),
 * `error` (the analysis threw: `userMessage` is a ParseError's message, if it was one), `start` (the worker could not
 * load: a deployment problem) and `stopped` (the server is shutting down).
 */
export class AnalysisFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crash' | 'error' | 'start' | 'stopped',
    message: string,
    readonly userMessage = '',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AnalysisFailure';
  }
}

export interface AnalysisJob {
  /** The port the file's parse worker posts its document on (AnalysisDocument); it is handed to the worker. */
  port: MessagePort;
  /** For error details. */
  label: string;
  /** Wall-clock limit of the job, from the moment the worker takes it (waiting in the queue is not counted). */
  timeoutMs: number;
  /** The job fails when the process RSS grows by more than this while it runs (ArrayBuffers are outside the heap limit). */
  maxRssGrowthMb: number;
  onBatch(batch: PreparedPassages): void;
  /** The caller no longer wants the passages: the job is dropped (queued) or cancelled (running). */
  signal?: AbortSignal;
}

export interface AnalysisWorkerOptions {
  /** @internal The worker script (tests: a worker that hangs or crashes). Default: analysis-worker.ts / .js. */
  target?: { script: URL | string; eval: boolean };
  resourceLimits?: ResourceLimits;
}

interface Job extends AnalysisJob {
  id: number;
  settled: boolean;
  resolve(): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  watchdog?: NodeJS.Timeout;
}

/** The heap limits of the analysis worker: a parse worker's (run.ts), as it does the work a parse worker did before. */
const DEFAULT_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

/** Thread ids of the analysis workers started and not yet exited, in this process (tests: none is left behind). */
const live = new Set<number>();
export const liveAnalysisThreads = (): number[] => [...live];

/**
 * One long-lived worker thread that splits parsed files into passages and analyses them (ADR 0009, follow-up
 * 2026-11-27): parsing stays in a fresh worker per file (untrusted bytes, parsers/run.ts), but the split and the
 * analysis of trusted, parsed text run here, where the JIT and the stem memo stay warm from one file to the next.
 *
 * - Started at the first job, kept for the next ones, unref'd while idle (it never keeps the process alive).
 * - One job at a time, in order; the others wait here, their ports not yet handed over. The work is synchronous CPU
 *   work in one thread, so running several at once would not finish any sooner; one at a time, a job's time limit
 *   measures its own work, and a worker that dies takes down the job it was running and nothing else.
 * - A job that exceeds its time limit, a worker out of memory or dead: that job fails, the worker is terminated, and
 *   the next job starts a new one.
 * - `stop()` (server shutdown) terminates it and fails what is left with `stopped`; a later job starts a new one.
 */
export class AnalysisWorker {
  readonly #target: AnalysisWorkerOptions['target'];
  readonly #limits: ResourceLimits;
  #worker: Worker | null = null;
  #jobsOnWorker = 0;
  #queue: Job[] = [];
  #running: Job | null = null;
  #nextId = 1;

  constructor(options: AnalysisWorkerOptions = {}) {
    this.#target = options.target;
    this.#limits = options.resourceLimits ?? DEFAULT_LIMITS;
  }

  /** Queues a job; settles when its last batch has been handed to onBatch, or with an AnalysisFailure. */
  run(job: AnalysisJob): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Job = { ...job, id: this.#nextId++, settled: false, resolve, reject };
      const { signal } = job;
      if (signal?.aborted) {
        job.port.close();
        return reject(abortReason(signal));
      }
      signal?.addEventListener('abort', () => this.#abandon(entry, abortReason(signal)), { once: true });
      this.#queue.push(entry);
      this.#next();
    });
  }

  /** @internal For tests: the current thread and how many jobs it has taken. */
  info(): { threadId: number | null; jobs: number } {
    return { threadId: this.#worker?.threadId ?? null, jobs: this.#jobsOnWorker };
  }

  /** Terminates the worker and fails the running and waiting jobs (`stopped`). Later jobs start a new worker. */
  async stop(): Promise<void> {
    const stopped = () => new AnalysisFailure('stopped', 'the analysis worker was stopped (shutdown)');
    const running = this.#running;
    this.#running = null;
    if (running) {
      this.#clearTimers(running);
      this.#settle(running, stopped());
    }
    for (const job of this.#queue.splice(0)) {
      job.port.close();
      this.#settle(job, stopped());
    }
    const worker = this.#worker;
    this.#worker = null;
    this.#jobsOnWorker = 0;
    if (worker) {
      const { threadId } = worker;
      await worker.terminate();
      live.delete(threadId);
    }
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    const job = this.#queue.shift()!;
    let worker: Worker;
    try {
      worker = this.#worker ?? this.#start();
    } catch (e) {
      job.port.close();
      this.#settle(job, new AnalysisFailure('start', `analysis worker failed to start: ${String(e)}`, '', { cause: e }));
      return this.#next();
    }
    this.#running = job;
    this.#jobsOnWorker += 1;
    worker.ref();
    const rssStart = process.memoryUsage.rss();
    job.timer = setTimeout(
      () => this.#fail(worker, job, new AnalysisFailure('timeout', `${job.label}: no result after ${job.timeoutMs} ms`)),
      job.timeoutMs,
    );
    job.watchdog = setInterval(() => {
      const grown = (process.memoryUsage.rss() - rssStart) / 2 ** 20;
      if (grown > job.maxRssGrowthMb) {
        this.#fail(worker, job, new AnalysisFailure('memory', `${job.label}: process RSS grew by ${grown.toFixed(0)} MB`));
      }
    }, WATCHDOG_MS);
    const request: AnalysisRequest = { type: 'job', id: job.id, port: job.port };
    worker.postMessage(request, [job.port]);
  }

  #start(): Worker {
    const target = this.#target ?? workerScript(import.meta.url, 'analysis-worker', 'knowledge/ingest');
    const worker = new Worker(target.script, { eval: target.eval, execArgv: [], resourceLimits: this.#limits });
    const { threadId } = worker;
    live.add(threadId);
    this.#worker = worker;
    this.#jobsOnWorker = 0;
    worker.on('message', (reply: AnalysisReply) => this.#onReply(worker, reply));
    worker.on('error', (err: Error & { code?: string }) => {
      const failure =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AnalysisFailure('memory', `analysis worker out of memory: ${err.message}`, '', { cause: err })
          : err.code && WORKER_START_ERRORS.has(err.code)
            ? new AnalysisFailure('start', `analysis worker failed to start (${err.code}): ${err.message}`, '', { cause: err })
            : new AnalysisFailure('crash', `analysis worker error ${err.name}: ${err.message}`, '', { cause: err });
      this.#lost(worker, failure);
    });
    worker.on('exit', (code) => {
      live.delete(threadId);
      this.#lost(worker, new AnalysisFailure('crash', `analysis worker exited with code ${code}`));
    });
    return worker;
  }

  #onReply(worker: Worker, reply: AnalysisReply): void {
    const job = this.#running;
    if (worker !== this.#worker || !job || reply.id !== job.id) return; // a job already failed or stopped
    if (reply.type === 'passages') {
      if (!job.settled) job.onBatch(reply.batch);
      return;
    }
    if (reply.type === 'error') {
      this.#settle(job, new AnalysisFailure('error', `${job.label}: ${reply.detail ?? ''}`, reply.message));
    } else this.#settle(job); // done, or cancelled (the job was settled when its reader left)
    this.#release(job);
  }

  /** The worker died (an error, an exit): its running job fails, and the next job starts a new worker. */
  #lost(worker: Worker, failure: AnalysisFailure): void {
    if (worker !== this.#worker) return;
    const job = this.#running;
    if (job) this.#fail(worker, job, failure);
    else this.#discard(worker);
  }

  /** Fails the running job, terminates its worker, and goes on with the next job on a new one. */
  #fail(worker: Worker, job: Job, failure: AnalysisFailure): void {
    if (this.#running !== job) return;
    this.#settle(job, failure);
    this.#discard(worker);
    this.#release(job);
  }

  #discard(worker: Worker): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    this.#jobsOnWorker = 0;
    void worker.terminate();
  }

  /** The caller left: a waiting job is dropped; the running one is cancelled, and the worker is free once it says so. */
  #abandon(job: Job, reason: Error): void {
    this.#settle(job, reason);
    const waiting = this.#queue.indexOf(job);
    if (waiting >= 0) {
      this.#queue.splice(waiting, 1);
      job.port.close();
    } else if (this.#running === job && this.#worker) {
      const request: AnalysisRequest = { type: 'cancel', id: job.id };
      this.#worker.postMessage(request);
    }
  }

  /** The worker is done with `job`: the next one goes, or the idle worker no longer keeps the process alive. */
  #release(job: Job): void {
    this.#clearTimers(job);
    if (this.#running !== job) return;
    this.#running = null;
    if (this.#queue.length === 0) this.#worker?.unref();
    this.#next();
  }

  #clearTimers(job: Job): void {
    clearTimeout(job.timer);
    clearInterval(job.watchdog);
  }

  #settle(job: Job, error?: Error): void {
    if (job.settled) return;
    job.settled = true;
    if (error) job.reject(error);
    else job.resolve();
  }
}

const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error('analysis aborted'));
