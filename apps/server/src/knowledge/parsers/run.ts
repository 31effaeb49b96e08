import { ReadableStream } from 'node:stream/web';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createSemaphore } from '../../lib/semaphore';
import { runWorker, WORKER_START_ERRORS, workerScript } from '../../lib/worker';
import { AnalysisFailure, AnalysisWorker } from '../ingest/analysis';
import { type PreparedPassages } from '../ingest/prepare';
import { messages, ParseError } from './errors';
import { type WorkerMessage, type WorkerRequest } from './protocol';
import { type FileKind, type ParsedDocument } from './types';

export interface ParseFileInput {
  bytes: Uint8Array;
  kind: FileKind;
  /** For log details only. */
  filename?: string;
}

export interface ParseFileOptions {
  /** Wall-clock limit for the whole parse, worker start-up included. */
  timeoutMs?: number;
  /** V8 old-generation heap of the worker. */
  maxMemoryMb?: number;
  /**
   * Backstop for memory V8's heap limit does not see (ArrayBuffers): the worker is stopped when the
   * process RSS grows by more than this during the parse. Default: 2 × maxMemoryMb.
   */
  maxRssGrowthMb?: number;
  /**
   * Hand the bytes' ArrayBuffer over to the worker without copying (the caller's view is detached
   * afterwards). Default false: the bytes are copied once and the copy is transferred.
   */
  transfer?: boolean;
  /** @internal Overrides the worker script (tests of the start-up failure path). */
  worker?: { script: URL | string; eval: boolean };
}

/** Parses running at once in this process; more wait their turn (their timeout starts when they run). */
const MAX_CONCURRENT = 2;

const { acquire, release } = createSemaphore(MAX_CONCURRENT);

/** How to start the parse worker (see workerScript). */
export function workerTarget(): { script: URL | string; eval: boolean } {
  return workerScript(import.meta.url, 'parse-worker', 'knowledge/parsers');
}

/**
 * Parses a file (already accepted by detectFileType) in a worker thread with a time limit and a memory
 * limit, so that a zip bomb, a malformed PDF or a million-row CSV fails that file and nothing else.
 * Rejects with ParseError (pt-BR message): the parser's own reason, or the timeout/memory reasons.
 * Rejects with a plain Error only when the worker itself cannot start (missing build output, missing
 * dependency): that is the server's fault, worth a retry and a log line, not the merchant's.
 */
export async function parseFile(input: ParseFileInput, options: ParseFileOptions = {}): Promise<ParsedDocument> {
  return inWorker(input, { want: 'document' }, options, (message) => (message.type === 'document' ? message.doc : undefined));
}

export interface ReadPassagesOptions extends ParseFileOptions {
  /** Called when the worker has read the file, before the first passage (timings). */
  onParsed?: (notices: string[]) => void;
  /** The analysis worker that splits and analyses the file. Default: this process's own (sharedAnalysisWorker). */
  analysis?: AnalysisWorker;
}

let shared: AnalysisWorker | undefined;

/**
 * The process's analysis worker, for callers that bring none (the server's ingestion brings its own, stopped with
 * it): started at its first file, idle and unref'd between files.
 */
export function sharedAnalysisWorker(): AnalysisWorker {
  return (shared ??= new AnalysisWorker());
}

/**
 * Parses a file like parseFile, then has the long-lived analysis worker (ingest/analysis.ts) split and analyse it:
 * the passages come batch by batch while that worker goes on, so that the caller stores a batch while the next is
 * being prepared. The parse worker posts the document straight to the analysis worker (a MessageChannel): the
 * main thread does not copy it. The limits and errors are parseFile's: the time limit covers the parse and the
 * analysis together (not the wait for a free worker), the RSS backstop applies to both, and the analysis worker has
 * a parse worker's heap limit. Leaving the iteration early stops the parse, or cancels the analysis.
 */
export function readPassages(input: ParseFileInput, options: ReadPassagesOptions = {}): AsyncIterable<PreparedPassages> {
  const abort = new AbortController();
  let cancelled = false;
  return new ReadableStream<PreparedPassages>({
    start: (controller) => {
      const limits = limitsOf(options);
      const label = labelOf(input);
      const { port1, port2 } = new MessageChannel();
      let parseStarted = 0;
      const parsed = inWorker(
        input,
        { want: 'passages', port: port1 },
        options,
        (message) => (message.type === 'parsed' ? message.notices : undefined),
        abort.signal,
        (at) => (parseStarted = at),
      );
      const analysed = parsed.then(
        (notices) => {
          options.onParsed?.(notices);
          return (options.analysis ?? sharedAnalysisWorker())
            .run({
              port: port2,
              label,
              timeoutMs: Math.max(1, limits.timeoutMs - (performance.now() - parseStarted)),
              maxRssGrowthMb: limits.maxRssGrowthMb,
              onBatch: (batch) => controller.enqueue(batch),
              signal: abort.signal,
            })
            .catch((err: unknown) => {
              throw err instanceof AnalysisFailure ? asParseFailure(err, label) : err;
            });
        },
        (err: unknown) => {
          port2.close();
          throw err;
        },
      );
      analysed.then(
        () => !cancelled && controller.close(),
        (err: unknown) => !cancelled && controller.error(err),
      );
    },
    cancel: () => {
      cancelled = true;
      abort.abort(new Error('passages no longer wanted'));
    },
  });
}

/** A file as error details name it: "cardapio.pdf (pdf)". */
const labelOf = (input: ParseFileInput) => (input.filename ? `${input.filename} (${input.kind})` : input.kind);

/** A parse's limits with their defaults (ParseFileOptions), which the analysis of its passages shares. */
function limitsOf(options: ParseFileOptions): { timeoutMs: number; maxMemoryMb: number; maxRssGrowthMb: number } {
  const { timeoutMs = 60_000, maxMemoryMb = 512 } = options;
  return { timeoutMs, maxMemoryMb, maxRssGrowthMb: options.maxRssGrowthMb ?? 2 * maxMemoryMb };
}

/** An analysis job's failure as the parse worker's would be: the same pt-BR reasons for the merchant. */
function asParseFailure(failure: AnalysisFailure, label: string): Error {
  const detail = `${label}: ${failure.message}`;
  switch (failure.reason) {
    case 'timeout':
      return new ParseError(messages.timeout, { detail, cause: failure });
    case 'memory':
      return new ParseError(messages.tooBig, { detail, cause: failure });
    case 'error':
      return new ParseError(failure.userMessage || messages.unexpected, { detail, cause: failure });
    case 'crash':
      return new ParseError(messages.unexpected, { detail, cause: failure });
    default:
      // 'start', 'stopped': the server's doing (a deployment problem, a shutdown), not the file's: worth a retry.
      return new Error(failure.message, { cause: failure });
  }
}

async function inWorker<T>(
  input: ParseFileInput,
  want: { want: 'document' } | { want: 'passages'; port: MessagePort },
  options: ParseFileOptions,
  onMessage: (message: WorkerMessage) => T | undefined,
  signal?: AbortSignal,
  onStart?: (at: number) => void,
): Promise<T> {
  const { transfer = false } = options;
  const { bytes } = input;
  const owned =
    transfer && bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (new Uint8Array(bytes).buffer as ArrayBuffer); // a copy (Buffer#slice would share memory)
  const request: WorkerRequest = { buffer: owned, byteOffset: 0, byteLength: owned.byteLength, kind: input.kind, ...want };
  const label = labelOf(input);
  const limits = limitsOf(options);
  const target = options.worker ?? workerTarget();

  await acquire();
  try {
    onStart?.(performance.now());
    const rssStart = process.memoryUsage.rss();
    return await runWorker<T>({
      ...target,
      workerData: request,
      transferList: request.want === 'passages' ? [request.buffer, request.port] : [request.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 64 },
      timeoutMs: limits.timeoutMs,
      signal,
      onMessage: (reply) => {
        const message = reply as WorkerMessage;
        if (message.type === 'error') {
          return new ParseError(message.message || messages.unexpected, { detail: `${label}: ${message.detail ?? ''}` });
        }
        return onMessage(message);
      },
      onError: (err) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return new ParseError(messages.tooBig, { detail: `${label}: ${err.message}`, cause: err });
        }
        // The worker could not even load: a deployment problem, not this file's fault.
        if (err.code && WORKER_START_ERRORS.has(err.code)) {
          return new Error(`parse worker failed to start (${err.code}): ${err.message}`, { cause: err });
        }
        return new ParseError(messages.unexpected, { detail: `${label}: worker error ${err.name}: ${err.message}`, cause: err });
      },
      onTimeout: () => new ParseError(messages.timeout, { detail: `${label}: no result after ${limits.timeoutMs} ms` }),
      onExit: (code) => new ParseError(messages.unexpected, { detail: `${label}: worker exited with code ${code} without a result` }),
      // ArrayBuffers are outside V8's heap limit: the process RSS is the backstop.
      watchdog: () => {
        const grown = (process.memoryUsage.rss() - rssStart) / (1024 * 1024);
        if (grown <= limits.maxRssGrowthMb) return null;
        return new ParseError(messages.tooBig, { detail: `${label}: process RSS grew by ${grown.toFixed(0)} MB` });
      },
    });
  } finally {
    release();
  }
}
