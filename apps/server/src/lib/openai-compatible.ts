/**
 * A small client for the OpenAI-compatible HTTP API (OpenAI, OpenRouter, Groq, Ollama, vLLM…): chat
 * completions as JSON or as a server-sent event stream, with tool calls, and embeddings. It is what the
 * chat hot path needs and nothing more: one keep-alive agent per provider, the request body assembled
 * once (tool schemas are precomputed JSON), no response validation library, one retry of a failed
 * request that had not started answering. See ADR 0010 for the measurements behind it.
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

/** `baseUrl` defaults to OpenAI's; `retries` (default 1) of a request that failed before answering. */
export function createOpenAICompatibleClient(options: { baseUrl?: string; apiKey?: string; retries?: number }): OpenAICompatibleClient {
  const base = (options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const secure = base.startsWith('https:');
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const retries = options.retries ?? 1;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'atende' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const chatUrl = new URL(`${base}/chat/completions`);
  const embeddingsUrl = new URL(`${base}/embeddings`);

  /** POSTs `body` and resolves with the response once its status is known (2xx), or rejects with ProviderError. */
  function post(url: URL, body: string, accept: string, signal?: AbortSignal): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(url, {
        method: 'POST',
        agent,
        signal,
        headers: { ...headers, accept, 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        readText(res, MAX_ERROR_BODY).then(
          (text) => reject(new ProviderError(errorMessage(status, text), status, retryAfter(res.headers['retry-after']))),
          reject,
        );
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
      const stream = Boolean(onDelta);
      const body = `{"model":${JSON.stringify(model)},"stream":${stream}${toolsJson ? `,"tools":${toolsJson}` : ''},"messages":${JSON.stringify(messages)}}`;
      return withRetry(signal, async (delivered) => {
        try {
          const res = await post(chatUrl, body, stream ? 'text/event-stream' : 'application/json', signal);
          if (!stream) return completionOf(JSON.parse(await readText(res)) as ChatCompletionJson);
          return await readStream(res, (delta) => {
            delivered();
            onDelta!(delta);
          });
        } catch (err) {
          throw signal?.aborted ? abortError(signal) : err;
        }
      });
    },
    embed(model, input, signal) {
      const body = JSON.stringify({ model, input });
      return withRetry(signal, async () => {
        const res = await post(embeddingsUrl, body, 'application/json', signal);
        const json = JSON.parse(await readText(res)) as { data?: Array<{ index: number; embedding: number[] }> };
        if (!Array.isArray(json.data) || json.data.length !== input.length) throw new ProviderError('Malformed embeddings response', null);
        return [...json.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      });
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
async function readStream(res: http.IncomingMessage, onDelta: (delta: string) => void): Promise<Completion> {
  let content = '';
  const calls: ToolCall[] = [];
  let buffer = '';
  let data = '';
  res.setEncoding('utf8');
  // Read to the response's end, not left at [DONE]: a `for await` left early destroys the response, and with it the
  // kept-alive connection — every streamed turn opened a new connection (to a real provider, a new TLS session).
  // The provider ends the response right after [DONE].
  let completion: Completion | null = null;
  try {
    for await (const chunk of res as AsyncIterable<string>) {
      if (!completion) completion = readEvents(chunk);
    }
  } catch (err) {
    if (completion) return completion; // the answer was whole: only the connection is lost
    throw err;
  }
  if (completion) return completion;
  throw new ProviderError('The provider closed the stream before it ended', null);

  /** Reads the complete events of what arrived; the completion once [DONE] came. */
  function readEvents(chunk: string): Completion | null {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) {
        data += (data ? '\n' : '') + line.slice(line[5] === ' ' ? 6 : 5);
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

function readText(res: http.IncomingMessage, limit = Infinity): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (text.length < limit) text += chunk;
    });
    res.on('end', () => resolve(text));
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
