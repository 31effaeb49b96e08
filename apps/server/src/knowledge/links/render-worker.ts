/**
 * Runs renderDocument (HTML → text) in a worker thread with a wall-clock limit and a heap limit.
 *
 * Parsing attacker-controlled HTML is CPU-heavy and has super-linear corners (htmlparser2 takes minutes on 2 MB of
 * nested unclosed tags); in the worker it cannot block the server's event loop, and it is terminated when it runs
 * too long or uses too much memory.
 *
 * The worker is an eval'd CommonJS script made of RENDER_DOCUMENT_SOURCE plus html-to-text resolved by absolute path,
 * so it works the same from TypeScript sources (Vitest, tsx) and from any bundle (minified or not), with no extra
 * build entry.
 */
import { createRequire } from 'node:module';
import { LinkFetchError } from './errors';
import { RENDER_DOCUMENT_SOURCE, type RenderedPage } from './render';
import { createSemaphore } from '../../lib/semaphore';
import { runWorker } from '../../lib/worker';

export const DEFAULT_RENDER_TIMEOUT_MS = 5_000;
const MAX_OLD_GENERATION_MB = 256;
/** Renders running at once in this process; more wait their turn (their time limit starts when they run). */
const MAX_CONCURRENT = 2;

type Reply = { ok: true; page: RenderedPage } | { ok: false; error: string };

let script: string | undefined;
let libraryPath: string | undefined;

function workerScript(): string {
  script ??= [
    "'use strict';",
    "const { parentPort, workerData } = require('node:worker_threads');",
    `const renderDocument = (${RENDER_DOCUMENT_SOURCE});`,
    'let reply;',
    'try {',
    '  const { convert } = require(workerData.lib);',
    '  reply = { ok: true, page: renderDocument(convert, workerData.html, true) };',
    '} catch (e) {',
    "  reply = { ok: false, error: e && e.stack ? String(e.stack) : String(e) };",
    '}',
    'parentPort.postMessage(reply);',
  ].join('\n');
  return script;
}

const { acquire, release } = createSemaphore(MAX_CONCURRENT);

function tooComplex(url: string | undefined, detail: string): LinkFetchError {
  return new LinkFetchError('TOO_LARGE', detail, {
    url,
    userMessage: 'A página é grande ou complexa demais para ser importada.',
  });
}

/**
 * Renders an HTML document off the main thread. Rejects with LinkFetchError TOO_LARGE when the render exceeds
 * `timeoutMs` or the worker's heap limit; with a plain Error when the worker itself fails (a server problem).
 */
export async function renderHtmlInWorker(
  html: string,
  opts: { timeoutMs?: number; url?: string } = {},
): Promise<RenderedPage> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  libraryPath ??= createRequire(import.meta.url).resolve('html-to-text');
  await acquire();
  try {
    return await runWorker<RenderedPage>({
      script: workerScript(),
      eval: true,
      workerData: { html, lib: libraryPath },
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: MAX_OLD_GENERATION_MB, maxYoungGenerationSizeMb: 32 },
      timeoutMs,
      onMessage: (reply) => {
        const r = reply as Reply;
        if (r.ok) return r.page;
        if (/RangeError: Maximum call stack/.test(r.error)) return tooComplex(opts.url, r.error);
        return new Error(`HTML render failed: ${r.error}`);
      },
      onError: (err) =>
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooComplex(opts.url, err.message)
          : new Error(`HTML render worker failed: ${err.message}`, { cause: err }),
      onTimeout: () => tooComplex(opts.url, `HTML render exceeded ${timeoutMs} ms`),
      onExit: (code) => new Error(`HTML render worker exited with code ${code} without a result`),
    });
  } finally {
    release();
  }
}
