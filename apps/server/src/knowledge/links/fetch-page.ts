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
 * Three steps, one file each: `vet.ts` (which address, if any, may be contacted), `transport.ts` (the pinned
 * request, the deadline, the capped body) and `decode.ts` (bytes → text); then the HTML is rendered to text in a
 * worker (`render-worker.ts`). This file follows the redirects and checks the status and the content type.
 *
 * `allowLoopbackLinks` is the explicit test-only escape hatch: it lets loopback (and only loopback) addresses through,
 * for every hop (`true`) or for the hops a predicate accepts.
 */
import { contactBlocks } from './contacts';
import { LinkFetchError } from './errors';
import { decodeBody, parseContentType } from './decode';
import { renderDocument, type RenderedPage } from './render';
import { DEFAULT_RENDER_TIMEOUT_MS, renderHtmlInWorker } from './render-worker';
import { beforeDeadline, readCapped, REDIRECT_STATUSES, requestPinned } from './transport';
import { parseHttpUrl, vetUrl, type VetOptions } from './vet';

export { LinkFetchError, type LinkFetchErrorCode } from './errors';
export { DEFAULT_RENDER_TIMEOUT_MS } from './render-worker';
export { decodeBody } from './decode';
export { parseHttpUrl, vetUrl, type HostLookup, type ResolvedAddress, type VettedTarget } from './vet';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = 'AtendeBot/1.0 (+knowledge-base link import)';

export interface FetchPageOptions extends VetOptions {
  /** Deadline for the whole fetch, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Maximum body size in bytes (after decompression). Default 2 MB. */
  maxBytes?: number;
  /** Maximum number of redirects followed. Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  /**
   * Time limit of the HTML → text conversion, which runs in a worker thread after the download (not part of
   * `timeoutMs`). Default 5 s. Exceeding it (or the worker's memory limit) fails with TOO_LARGE.
   */
  renderTimeoutMs?: number;
}

export interface PageText extends Omit<RenderedPage, 'chrome'> {
  /** Final URL after redirects (credentials and fragment removed). */
  url: string;
  /** The blocks of the page's header, footer and navigation that give a contact, the hours or the CNPJ (contacts.ts). */
  contacts: string[];
}

const ACCEPTED_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);

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
      return { url: current.href, title: page.title, text: page.text, contacts: contactBlocks(page.chrome) };
    }
  } finally {
    clearTimeout(timer);
  }
}
