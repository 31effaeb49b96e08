/**
 * The transport of one hop: a GET pinned to the vetted address (a custom `lookup`, so a second DNS answer cannot
 * move the socket; Host header and TLS SNI keep the hostname), one deadline over everything, and the body read
 * while streaming with a cap applied after decompression (gzip bombs are cut too).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { LinkFetchError } from './errors';
import type { VettedTarget } from './vet';

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Rejects with TIMEOUT when the deadline fires before `promise` settles. */
export function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal, url: URL): Promise<T> {
  if (signal.aborted) return Promise.reject(timeoutError(url));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError(url));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function timeoutError(url: URL): LinkFetchError {
  return new LinkFetchError('TIMEOUT', 'deadline exceeded', { url: url.href });
}

function tooLargeError(url: URL, maxBytes: number): LinkFetchError {
  const limit =
    maxBytes >= 1024 * 1024
      ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`.replace('.', ',')
      : `${Math.max(1, Math.round(maxBytes / 1024))} KB`;
  return new LinkFetchError('TOO_LARGE', `body exceeds ${maxBytes} bytes`, {
    url: url.href,
    userMessage: `A página é grande demais para ser importada (limite de ${limit}).`,
  });
}

/** Sends one GET to the vetted address and resolves with the response head. */
export function requestPinned(target: VettedTarget, signal: AbortSignal, userAgent: string): Promise<IncomingMessage> {
  const { url, hostname, address, family } = target;
  // Whatever the socket layer asks, it gets the vetted address: no second resolution can happen.
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options && options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const isHttps = url.protocol === 'https:';
  const options: https.RequestOptions = {
    protocol: url.protocol,
    hostname,
    port: url.port ? Number(url.port) : isHttps ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: {
      'User-Agent': userAgent,
      Accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
      'Accept-Encoding': 'gzip, deflate, br',
      'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.5',
    },
    lookup: pinnedLookup,
    agent: false, // fresh socket per hop: never reuse a pooled connection made for another address
    signal,
  };
  if (isHttps && isIP(hostname) === 0) options.servername = hostname;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = (isHttps ? https : http).request(options, (res) => {
      res.on('error', () => undefined); // surfaced by the body reader; never an unhandled 'error' event
      resolve(res);
    });
    req.on('error', (cause) => {
      if (signal.aborted) reject(timeoutError(url));
      else reject(new LinkFetchError('HTTP_ERROR', `request failed: ${cause.message}`, { url: url.href, cause }));
    });
    req.end();
  });
}

function decoderFor(encoding: string, url: URL): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new LinkFetchError('UNSUPPORTED_TYPE', `content-encoding ${encoding}`, { url: url.href });
  }
}

/** Reads the (decompressed) body, aborting as soon as it exceeds `maxBytes` or the deadline fires. */
export async function readCapped(res: IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) throw tooLargeError(url, maxBytes);

  const decoder = decoderFor(encoding, url);
  const body: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
  const onAbort = () => {
    res.destroy();
    body.destroy();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > maxBytes) throw tooLargeError(url, maxBytes);
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof LinkFetchError) throw err;
    if (signal.aborted) throw timeoutError(url);
    throw new LinkFetchError('HTTP_ERROR', `body read failed: ${(err as Error).message}`, { url: url.href, cause: err });
  } finally {
    signal.removeEventListener('abort', onAbort);
    res.destroy();
    body.destroy();
  }
  if (signal.aborted) throw timeoutError(url);
  return Buffer.concat(chunks, total);
}
