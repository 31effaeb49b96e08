/**
 * Safe fetcher for the links of the knowledge base: downloads one web page and returns its readable text.
 *
 * Security properties (SSRF):
 * - only http: and https: URLs;
 * - the host is resolved once per hop (`dns.lookup(host, { all: true })`) and the hop is refused if ANY resolved
 *   address is not public (see ssrf.ts); IP-literal hosts are checked directly;
 * - the connection is pinned to the vetted address through a custom `lookup` on the request, so a second DNS
 *   answer (DNS rebinding) cannot redirect the socket; Host header and TLS SNI/certificate check keep the hostname;
 * - redirects are followed manually, each hop re-validated, at most `maxRedirects` of them;
 * - one deadline covers the whole fetch (DNS, connect, every hop, slow-drip bodies) and the body is capped while
 *   streaming (after decompression, so gzip bombs are cut too).
 *
 * `allowLoopbackLinks` is the explicit test-only escape hatch: it lets loopback (and only loopback) addresses through,
 * for every hop (`true`) or for the hops a predicate accepts.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { bomEncoding, decodeWindows1252 } from '../parsers';
import { LinkFetchError } from './errors';
import { renderDocument, type RenderedPage } from './render';
import { DEFAULT_RENDER_TIMEOUT_MS, renderHtmlInWorker } from './render-worker';
import { isLoopbackAddress, isPublicAddress } from './ssrf';

export { LinkFetchError, type LinkFetchErrorCode } from './errors';
export { DEFAULT_RENDER_TIMEOUT_MS } from './render-worker';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = 'AtendeBot/1.0 (+knowledge-base link import)';

export interface ResolvedAddress {
  address: string;
  family?: number;
}

/** DNS seam: resolves a hostname to all of its addresses. Defaults to `dns.lookup(host, { all: true })`. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface FetchPageOptions {
  /**
   * TEST-ONLY. Lets loopback addresses (127.0.0.0/8, ::1 and their mapped forms) through — never private,
   * link-local or metadata addresses. `true` applies to every hop; a predicate is asked for each hop's URL.
   */
  allowLoopbackLinks?: boolean | ((url: URL) => boolean);
  /** Deadline for the whole fetch, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Maximum body size in bytes (after decompression). Default 2 MB. */
  maxBytes?: number;
  /** Maximum number of redirects followed. Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  /** DNS seam (tests): replaces `dns.lookup`. Its answers are vetted exactly like real DNS answers. */
  lookup?: HostLookup;
  /**
   * Time limit of the HTML → text conversion, which runs in a worker thread after the download (not part of
   * `timeoutMs`). Default 5 s. Exceeding it (or the worker's memory limit) fails with TOO_LARGE.
   */
  renderTimeoutMs?: number;
}

export interface PageText extends RenderedPage {
  /** Final URL after redirects (credentials and fragment removed). */
  url: string;
}

export interface VettedTarget {
  url: URL;
  /** Hostname as used for Host/SNI (IPv6 literals without brackets). */
  hostname: string;
  /** The address the connection is pinned to. */
  address: string;
  family: 4 | 6;
  /** Every address the host resolved to (all of them passed the check). */
  addresses: string[];
}

const ACCEPTED_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Parses and normalises a user-supplied link; only http/https with a host are accepted. */
export function parseHttpUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(typeof input === 'string' ? input.trim() : input.href, base);
  } catch (cause) {
    throw new LinkFetchError('INVALID_URL', `unparsable URL`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkFetchError('INVALID_URL', `protocol ${url.protocol} not allowed`, { url: redact(url) });
  }
  if (!url.hostname) throw new LinkFetchError('INVALID_URL', 'missing host', { url: redact(url) });
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function familyOf(address: string, declared?: number): 4 | 6 {
  if (declared === 4 || declared === 6) return declared;
  return isIP(address) === 6 ? 6 : 4;
}

const defaultLookup: HostLookup = async (hostname) => dnsLookup(hostname, { all: true });

/**
 * Resolves the URL's host and checks every address. Throws BLOCKED_ADDRESS if any address is not public
 * (loopback excepted only when `allowLoopbackLinks` says so for this URL), DNS_FAILED if nothing resolves.
 * Does not connect anywhere.
 */
export async function vetUrl(
  input: string | URL,
  opts: Pick<FetchPageOptions, 'allowLoopbackLinks' | 'lookup'> = {},
): Promise<VettedTarget> {
  const url = parseHttpUrl(input);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const loopbackOk =
    typeof opts.allowLoopbackLinks === 'function' ? opts.allowLoopbackLinks(new URL(url.href)) : opts.allowLoopbackLinks === true;

  let answers: readonly ResolvedAddress[];
  if (isIP(hostname)) {
    answers = [{ address: hostname }];
  } else {
    try {
      answers = await (opts.lookup ?? defaultLookup)(hostname);
    } catch (cause) {
      throw new LinkFetchError('DNS_FAILED', `could not resolve ${hostname}`, { url: url.href, cause });
    }
    if (!answers || answers.length === 0) {
      throw new LinkFetchError('DNS_FAILED', `no address for ${hostname}`, { url: url.href });
    }
  }

  for (const { address } of answers) {
    if (isIP(address) === 0) {
      throw new LinkFetchError('BLOCKED_ADDRESS', `resolver returned a non-address for ${hostname}`, { url: url.href });
    }
    const allowed = isPublicAddress(address) || (loopbackOk && isLoopbackAddress(address));
    if (!allowed) {
      throw new LinkFetchError('BLOCKED_ADDRESS', `${hostname} resolves to non-public address ${address}`, {
        url: url.href,
      });
    }
  }
  const first = answers[0];
  return {
    url,
    hostname,
    address: first.address,
    family: familyOf(first.address, first.family),
    addresses: answers.map((a) => a.address),
  };
}

/** Rejects with TIMEOUT when the deadline fires before `promise` settles. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal, url: URL): Promise<T> {
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
function requestPinned(target: VettedTarget, signal: AbortSignal, userAgent: string): Promise<IncomingMessage> {
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
async function readCapped(res: IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
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

function parseContentType(header: string | undefined): { mime: string; charset: string | null } {
  if (!header) return { mime: '', charset: null };
  const [type, ...params] = header.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
    if (m) charset = m[1].toLowerCase();
  }
  return { mime: type.trim().toLowerCase(), charset };
}

function decoderLabel(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

// Node 20's TextDecoder decodes 'windows-1252' (which WHATWG maps latin1, iso-8859-1 and ascii to) as plain
// ISO-8859-1 (0x93 becomes U+0093 instead of “): the parsers' table-based decoder does it right.
function decodeWith(decoder: TextDecoder, body: Buffer): string {
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
}

/** Decodes the body: BOM, then Content-Type charset, then <meta charset> (HTML), then UTF-8. */
export function decodeBody(body: Buffer, contentTypeCharset: string | null, isHtml: boolean): string {
  const bom = bomEncoding(body);
  if (bom) return new TextDecoder(bom.encoding).decode(body.subarray(bom.bomLength));

  let decoder = decoderLabel(contentTypeCharset);
  if (!decoder && isHtml) {
    // <meta charset="x"> or <meta http-equiv="Content-Type" content="text/html; charset=x"> in the prescan window.
    const head = body.subarray(0, 4096).toString('latin1');
    const m = /<meta\b[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.()-]+)/i.exec(head);
    decoder = decoderLabel(m ? m[1] : null);
    // HTML spec: a meta-declared UTF-16 on an ASCII-compatible prescan means UTF-8.
    if (decoder && decoder.encoding.startsWith('utf-16')) decoder = null;
  }
  return decodeWith(decoder ?? new TextDecoder('utf-8'), body);
}

/**
 * Fetches `url` safely and returns its text. Throws LinkFetchError (with a pt-BR `userMessage`) on any refusal or
 * failure: INVALID_URL, BLOCKED_ADDRESS, DNS_FAILED, TOO_MANY_REDIRECTS, TIMEOUT, TOO_LARGE, UNSUPPORTED_TYPE,
 * HTTP_ERROR (non-2xx status, or the connection failed).
 */
export async function fetchPageText(url: string, opts: FetchPageOptions = {}): Promise<PageText> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;

  let current = parseHttpUrl(url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const { signal } = controller;
  try {
    for (let redirects = 0; ; ) {
      const target = await beforeDeadline(vetUrl(current, opts), signal, current);
      const res = await requestPinned(target, signal, userAgent);
      const status = res.statusCode ?? 0;

      if (REDIRECT_STATUSES.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location) {
          throw new LinkFetchError('HTTP_ERROR', `redirect ${status} without Location`, {
            url: current.href,
            status,
          });
        }
        if (redirects >= maxRedirects) {
          throw new LinkFetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`, { url: current.href });
        }
        redirects += 1;
        current = parseHttpUrl(location, current);
        continue;
      }

      if (status < 200 || status >= 300) {
        res.destroy();
        throw new LinkFetchError('HTTP_ERROR', `status ${status}`, {
          url: current.href,
          status,
          userMessage: `O site respondeu com erro (HTTP ${status}).`,
        });
      }

      const { mime, charset } = parseContentType(res.headers['content-type']);
      if (!ACCEPTED_TYPES.has(mime)) {
        res.destroy();
        throw new LinkFetchError('UNSUPPORTED_TYPE', `content-type ${mime || '(none)'}`, { url: current.href });
      }
      const isHtml = mime !== 'text/plain';
      const body = await readCapped(res, current, maxBytes, signal);
      clearTimeout(timer);
      const decoded = decodeBody(body, charset, isHtml);
      const page = isHtml
        ? await renderHtmlInWorker(decoded, { timeoutMs: opts.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS, url: current.href })
        : renderDocument(() => '', decoded, false);
      return { url: current.href, title: page.title, text: page.text };
    }
  } finally {
    clearTimeout(timer);
  }
}
