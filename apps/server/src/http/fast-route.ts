import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from 'node:http';
import type { Database } from '../db/client';
import { databaseUnavailable, type AppError } from '../lib/errors';
import { CoalescedText } from './coalesced-text';
import type { Logger } from '../logger';
import { inOutage } from './database-outage';
import { errorAnswer } from './errors';
import { parseJson } from './json-text';
import { logRequest, requestIdOf } from './middleware';
import { securityHeadersFor } from './security-headers';

/**
 * A route answered on Node's request and response, in front of Hono (ADR 0021): the public chat's turn, the hot path,
 * which through Hono built a web `Request`, a `Response` with its `Headers` (and, once middleware had read `c.res`, a
 * web stream for its body) and ran the whole middleware chain. What the app's middleware does for every request is
 * done here with the same functions (http/middleware.ts, security-headers.ts, errors.ts, database-outage.ts): the
 * request id and its log line, the security headers, errors as the API error body, a 500 during a database outage as
 * 503. Hono keeps the route too (`app.request` in tests); test/fast-route.test.ts checks both answer the same.
 */
export interface FastRoute {
  method: string;
  /**
   * The route's path with its one parameter captured, e.g. /^\/webhook\/([\w-]+)$/: a path as sent, so one that Hono
   * would decode or normalize (percent-encoded, dot segments) should not match, and is left to Hono.
   */
  path: RegExp;
  /** Headers of each of its answers besides the request id and the security headers (its CORS). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Answers; what it throws is answered as the error handler does. */
  answer(exchange: Exchange, param: string): Promise<void>;
}

export interface FastRouteDeps {
  logger: Logger;
  database: Database;
  /** PUBLIC_URL is https: Strict-Transport-Security. */
  https: boolean;
}

/** Node's request listener: requests for `routes` answered here, every other one by `fallback` (Hono's listener). */
export function withFastRoutes(routes: FastRoute[], deps: FastRouteDeps, fallback: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    const url = incoming.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    for (const route of routes) {
      const match = incoming.method === route.method ? route.path.exec(path) : null;
      if (!match) continue;
      const exchange = new Exchange(incoming, outgoing, path, route.headers, deps);
      void route.answer(exchange, match[1]!).catch((err: unknown) => exchange.fail(err));
      return;
    }
    void fallback(incoming, outgoing);
  };
}

const decoder = new TextDecoder(); // as @hono/node-server's c.req.json(): UTF-8, a leading BOM dropped

/** One request to a fast route and its answer. */
export class Exchange {
  readonly log: Logger;
  readonly #started = performance.now();
  /** For the outage check (Date.now() like the database's last connection error). */
  readonly #startedAt = Date.now();
  readonly #path: string;
  readonly #deps: FastRouteDeps;
  /** The request id, the security headers and the route's, flat as writeHead takes them. */
  readonly #headers: string[];

  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    path: string,
    routeHeaders: ReadonlyArray<readonly [string, string]>,
    deps: FastRouteDeps,
  ) {
    this.#path = path;
    this.#deps = deps;
    const requestId = requestIdOf(this.header('x-request-id'));
    this.log = deps.logger.child({ reqId: requestId });
    this.#headers = ['X-Request-Id', requestId];
    for (const [name, value] of securityHeadersFor(path, deps.https)) this.#headers.push(name, value);
    for (const [name, value] of routeHeaders) this.#headers.push(name, value);
  }

  /** A request header (by its lower-case name); repeated ones joined with ', ' as web Headers do. */
  header(name: string): string | undefined {
    const value = this.incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /**
   * The body as JSON, or null when it is not JSON or could not be read (as `c.req.json().catch(() => null)`); the
   * route's body limit as bodyLimit (http/body-limit.ts) checks it: `tooLarge` from the Content-Length alone, or as
   * soon as a chunked body passes `maxSize` (nothing more is read).
   */
  json(maxSize: number, tooLarge: () => AppError): Promise<unknown> {
    const { incoming } = this;
    const length = incoming.headers['content-length'];
    if (length !== undefined && incoming.headers['transfer-encoding'] === undefined && parseInt(length, 10) > maxSize) {
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxSize) return void chunks.push(chunk);
        incoming.off('data', onData);
        incoming.pause();
        reject(tooLarge());
      };
      incoming.on('data', onData);
      incoming.on('end', () => {
        try {
          resolve(parseJson(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
        } catch {
          resolve(null);
        }
      });
      // The client went away before the end of its body (settled already when the body was complete).
      incoming.on('error', () => resolve(null));
      incoming.on('close', () => resolve(null));
    });
  }

  /** Answers `status` with a JSON body. */
  sendJson(status: number, body: unknown, headers: ReadonlyArray<readonly [string, string]> = []): void {
    const text = JSON.stringify(body);
    const all: OutgoingHttpHeader[] = [...this.#headers, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(text))];
    for (const [name, value] of headers) all.push(name, value);
    this.#logged(status);
    if (this.outgoing.destroyed) return;
    this.outgoing.writeHead(status, all);
    this.outgoing.end(text);
  }

  /**
   * An answer streamed as text (`headers`: its Content-Type…): status 200, its head sent with the first text, so a
   * streamed turn is one socket write for the head and its first events (Hono's listener flushes the head alone).
   */
  stream(headers: ReadonlyArray<readonly [string, string]>): ResponseStream {
    const all: OutgoingHttpHeader[] = [...this.#headers];
    for (const [name, value] of headers) all.push(name, value);
    this.#logged(200);
    return new ResponseStream(this.outgoing, all);
  }

  /**
   * Answers a thrown value as the app's error handler (http/errors.ts) and databaseOutage (a 500 in an outage: 503).
   * Never throws: what cannot be answered (not reached by the routes: a stream answers its errors as events) is logged
   * and the connection closed, so the client is never left waiting.
   */
  async fail(err: unknown): Promise<void> {
    try {
      if (this.outgoing.headersSent) throw err;
      let answer = errorAnswer(err, this.log);
      if (answer.status === 500 && (await inOutage(this.#deps.database, this.#startedAt, this.log))) answer = errorAnswer(databaseUnavailable());
      this.sendJson(answer.status, answer.body, answer.headers);
    } catch (unanswered) {
      this.log.error({ err: unanswered }, 'request failed and could not be answered');
      this.outgoing.destroy();
    }
  }

  #logged(status: number): void {
    logRequest(this.log, { method: this.incoming.method ?? 'POST', path: this.#path, status, started: this.#started });
  }
}

/**
 * A streamed answer on Node's response (CoalescedText): while the socket has not taken the last chunk (`write`
 * returned false, until `drain`) what follows is gathered into the next.
 */
export class ResponseStream extends CoalescedText {
  #draining = false;

  constructor(
    private readonly outgoing: ServerResponse,
    private readonly headers: OutgoingHttpHeader[],
  ) {
    super();
    outgoing.on('close', () => this.abandon());
    outgoing.on('drain', () => {
      this.#draining = false;
      this.flush();
    });
  }

  /** Writes the last text (with everything still pending) and ends the answer. */
  end(text: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.#head();
    this.outgoing.end(this.pending + text);
    this.pending = '';
  }

  protected flush(): void {
    if (this.isClosed || this.#draining || !this.pending) return;
    this.#head();
    this.#draining = !this.outgoing.write(this.pending);
    this.pending = '';
  }

  #head(): void {
    if (!this.outgoing.headersSent) this.outgoing.writeHead(200, this.headers);
  }
}
