/**
 * A small client for the OpenAI-compatible HTTP API (OpenAI, OpenRouter, Groq, Ollama, vLLM…): chat
 * completions as JSON or as a server-sent event stream, with tool calls, and embeddings. It is what the
 * chat hot path needs and nothing more: one keep-alive agent per provider, the request's options and
 * headers worked out once, the request body assembled once (tool schemas are precomputed JSON), no
 * response validation library, one retry of a failed request that had not started answering. See ADR
 * 0005 (the model seam) for why it replaced the AI SDK, and ADR 0017 (the model call's client) for node:http over undici.
 */
import http from 'node:http';
import https from 'node:https';

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface Completion {
  content: string;
  toolCalls: ToolCall[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** The `tools` array as JSON text (computed once by the caller). */
  toolsJson?: string;
  signal?: AbortSignal;
  /** Streams the answer (SSE) and calls this with each piece of text as it arrives. */
  onDelta?: (delta: string) => void;
}

export interface OpenAICompatibleClient {
  chat(request: ChatRequest): Promise<Completion>;
  embed(model: string, input: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The provider answered with an error status (or an error object in its stream). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Statuses worth one more try: timeouts, conflicts, rate limits, server errors. */
const RETRYABLE_STATUS = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;
/** Connection failures worth one more try (a kept-alive socket the provider had closed, a restart). */
const RETRYABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND']);
const RETRY_DELAY_MS = 1_000;
const MAX_RETRY_AFTER_MS = 10_000;
/** An error body is read for its message up to this size. */
const MAX_ERROR_BODY = 16 * 1024;

/**
 * Runs `call` with a signal that aborts it (a `TimeoutError`) after `ms`, the timer cleared when it settles:
 * `AbortSignal.timeout`'s timer would outlive the call until the signal is collected, ~5 µs more a chat turn
 * (ADR 0017, the model call's client).
 */
export async function withTimeLimit<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref();
  try {
    return await call(limit.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** `baseUrl` defaults to OpenAI's; `retries` (default 1) of a request that failed before answering. */
export function createOpenAICompatibleClient(options: { baseUrl?: string; apiKey?: string; retries?: number }): OpenAICompatibleClient {
  const base = (options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const secure = base.startsWith('https:');
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const request = secure ? https.request : http.request;
  const retries = options.retries ?? 1;
  const chatTarget = target(new URL(`${base}/chat/completions`));
  const embeddingsTarget = target(new URL(`${base}/embeddings`));

  /**
   * What `http.request(url, {headers})` would work out from the URL and the headers object on every call, once:
   * host, port and path, and the headers as a raw array (Node then skips its per-header `setHeader`; it still
   * adds `Connection: keep-alive`). Only `accept` and `content-length` vary per request.
   */
  function target(url: URL) {
    const headers = ['host', url.host, 'content-type', 'application/json', 'user-agent', 'atende'];
    if (options.apiKey) headers.push('authorization', `Bearer ${options.apiKey}`);
    else if (url.username) {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      headers.push('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
    }
    return {
      hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: url.pathname + url.search,
      json: [...headers, 'accept', 'application/json'],
      stream: [...headers, 'accept', 'text/event-stream'],
    };
  }

  /**
   * POSTs `body` and reads a 2xx response with `read`; any other status rejects with ProviderError (its body read for
   * the message). The signal aborts the request and the reading of its response: one listener for both, removed once
   * settled (rather than Node's `signal` option, which also watches the request with `finished()`).
   */
  function exchange<T>(
    to: ReturnType<typeof target>,
    headers: string[],
    body: string,
    signal: AbortSignal | undefined,
    read: (res: http.IncomingMessage) => Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      headers = [...headers, 'content-length', String(Buffer.byteLength(body))];
      const req = request({ method: 'POST', agent, hostname: to.hostname, port: to.port, path: to.path, headers });
      const onAbort = () => req.destroy(abortError(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (fn: () => void) => {
        signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const fail = (err: unknown) => settle(() => reject(signal?.aborted ? abortError(signal) : err));
      req.on('error', fail);
      req.on('response', (res: http.IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return void read(res).then((value) => settle(() => resolve(value)), fail);
        readText(res, MAX_ERROR_BODY).then((text) => fail(new ProviderError(errorMessage(status, text), status, retryAfter(res.headers['retry-after']))), fail);
      });
      req.end(body);
    });
  }

  /** Runs `attempt` again once when it failed in a retryable way before anything reached the caller. */
  async function withRetry<T>(signal: AbortSignal | undefined, attempt: (delivered: () => void) => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      let started = false;
      try {
        return await attempt(() => (started = true));
      } catch (err) {
        if (signal?.aborted) throw abortError(signal);
        if (started || tries >= retries || !retryable(err)) throw err;
        const wait = err instanceof ProviderError && err.retryAfterMs !== null ? Math.min(err.retryAfterMs, MAX_RETRY_AFTER_MS) : RETRY_DELAY_MS * 2 ** tries;
        await delay(wait, signal);
      }
    }
  }

  return {
    chat({ model, messages, toolsJson, signal, onDelta }) {
      const body = `{"model":${JSON.stringify(model)},"stream":${Boolean(onDelta)}${toolsJson ? `,"tools":${toolsJson}` : ''},"messages":${JSON.stringify(messages)}}`;
      if (!onDelta) {
        return withRetry(signal, () =>
          exchange(chatTarget, chatTarget.json, body, signal, async (res) => completionOf(JSON.parse(await readText(res)) as ChatCompletionJson)),
        );
      }
      return withRetry(signal, (delivered) =>
        exchange(chatTarget, chatTarget.stream, body, signal, (res) =>
          readStream(res, (delta) => {
            delivered();
            onDelta(delta);
          }),
        ),
      );
    },
    embed(model, input, signal) {
      const body = JSON.stringify({ model, input });
      return withRetry(signal, () =>
        exchange(embeddingsTarget, embeddingsTarget.json, body, signal, async (res) => {
          const json = JSON.parse(await readText(res)) as { data?: Array<{ index: number; embedding: number[] }> };
          if (!Array.isArray(json.data) || json.data.length !== input.length) throw new ProviderError('Malformed embeddings response', null);
          return [...json.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        }),
      );
    },
  };
}

interface ChatCompletionJson {
  choices?: Array<{ message?: { content?: string | null; tool_calls?: ToolCall[] } }>;
  error?: { message?: string };
}

function completionOf(json: ChatCompletionJson): Completion {
  const message = json.choices?.[0]?.message;
  if (!message) throw new ProviderError(json.error?.message ?? 'Malformed chat completion (no choices[0].message)', null);
  return { content: message.content ?? '', toolCalls: message.tool_calls ?? [] };
}

interface ChunkJson {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }>;
  error?: { message?: string };
}

/**
 * Reads a chat completion stream: `data: {chunk}` events until `data: [DONE]`. Text deltas go to
 * `onDelta` as they arrive; tool calls are assembled from their pieces (by index). A stream that ends
 * without [DONE] was cut: that is an error, not a shorter answer.
 */
function readStream(res: http.IncomingMessage, onDelta: (delta: string) => void): Promise<Completion> {
  let content = '';
  const calls: ToolCall[] = [];
  let buffer = '';
  let data = '';
  res.setEncoding('utf8');
  // Read to the response's end, not left at [DONE]: a response left unread (or destroyed) loses the kept-alive
  // connection — every streamed turn would open a new one (to a real provider, a new TLS session). The provider
  // ends the response right after [DONE]. Events rather than `for await`: no promise per chunk.
  let completion: Completion | null = null;
  return new Promise((resolve, reject) => {
    res.on('data', (chunk: string) => {
      if (completion) return;
      try {
        completion = readEvents(chunk);
      } catch (err) {
        res.destroy();
        reject(err as Error);
      }
    });
    res.on('end', () => (completion ? resolve(completion) : reject(new ProviderError('The provider closed the stream before it ended', null))));
    res.on('error', (err) => (completion ? resolve(completion) : reject(err))); // a whole answer: only the connection is lost
    res.on('close', () => {
      if (res.complete) return;
      if (completion) resolve(completion);
      else reject(new ProviderError('The provider closed the connection before the answer ended', null));
    });
  });

  /** Reads the complete events of what arrived; the completion once [DONE] came. */
  function readEvents(chunk: string): Completion | null {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.charCodeAt(newline - 1) === 13 ? buffer.slice(0, newline - 1) : buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) {
        data += (data ? '\n' : '') + line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
        continue;
      }
      if (line !== '' || data === '') continue; // comments, other fields, or a blank line without data
      const event = data;
      data = '';
      if (event === '[DONE]') return { content, toolCalls: calls };
      const parsed = JSON.parse(event) as ChunkJson;
      if (parsed.error) throw new ProviderError(parsed.error.message ?? 'Provider error in stream', null);
      const delta = parsed.choices?.[0]?.delta;
      if (delta?.content) {
        content += delta.content;
        onDelta(delta.content);
      }
      for (const piece of delta?.tool_calls ?? []) {
        const call = (calls[piece.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.function.name += piece.function.name;
        if (piece.function?.arguments) call.function.arguments += piece.function.arguments;
      }
    }
    return null;
  }
}

/** The response's body as text (decoded once, at the end); past `limit` bytes the rest is read and dropped. */
function readText(res: http.IncomingMessage, limit = Infinity): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size >= limit) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    res.on('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
    res.on('close', () => {
      if (!res.complete) reject(new ProviderError('The provider closed the connection before the answer ended', null));
    });
  });
}

function errorMessage(status: number, body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
    if (message) return `Provider answered ${status}: ${message}`;
  } catch {
    // not JSON
  }
  return `Provider answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
}

/** Retry-After in seconds or as an HTTP date, as milliseconds. */
function retryAfter(header: string | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

function retryable(err: unknown): boolean {
  if (err instanceof ProviderError) return err.status !== null && RETRYABLE_STATUS(err.status);
  const code = (err as { code?: string }).code;
  return code !== undefined && RETRYABLE_CODES.has(code);
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return new Error(timedOut ? 'LLM request aborted (timeout)' : 'LLM request aborted', { cause: reason });
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
