/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests and benchmarks:
 * chat completions (JSON and streaming, with tool calls for the calculator)
 * and embeddings. Behaviour can be switched per test (errors, hangs, dropped
 * streams) and every request is recorded for assertions.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, extractExpression } from '@atende/shared';

export type FakeMode = 'normal' | 'error' | 'hang' | 'drop' | 'empty';

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
}

export interface FakeOpenAI {
  url: string;
  /** Base URL to configure as OPENAI_BASE_URL. */
  baseUrl: string;
  requests: ChatCompletionRequest[];
  embeddingRequests: Array<{ input: string[] }>;
  mode: FakeMode;
  /** Produces the assistant's text for a turn (default: echoes the last user message). */
  reply: (req: ChatCompletionRequest) => string;
  close(): Promise<void>;
}

export const EMBEDDING_DIMENSIONS = 256;

const lastUser = (req: ChatCompletionRequest) =>
  [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

export const echoReply = (req: ChatCompletionRequest) => `Você disse: ${lastUser(req)}`;

export async function startFakeOpenAI(options: { port?: number } = {}): Promise<FakeOpenAI> {
  const open = new Set<ServerResponse>();
  const fake: FakeOpenAI = {
    url: '',
    baseUrl: '',
    requests: [],
    embeddingRequests: [],
    mode: 'normal',
    reply: echoReply,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    try {
      const body = await readJson(req);
      if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) return chat(fake, body as ChatCompletionRequest, res);
      if (req.method === 'POST' && req.url?.endsWith('/embeddings')) return embeddings(fake, body as { input: string | string[]; model: string }, res);
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
    } catch (err) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(err) } }));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.baseUrl = `${fake.url}/v1`;
  return fake;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

interface Turn {
  content: string;
  toolCall?: { name: string; arguments: string };
}

/** Decides the assistant turn: a calculator call for arithmetic, its result after the tool ran, or the reply text. */
function decide(fake: FakeOpenAI, req: ChatCompletionRequest): Turn {
  const last = req.messages[req.messages.length - 1];
  if (last?.role === 'tool') {
    const data = JSON.parse(String(last.content ?? '{}')) as { result?: number; output?: { result?: number } };
    const result = data.result ?? data.output?.result;
    return { content: `O resultado é ${result}.` };
  }
  const hasCalculator = req.tools?.some((t) => t.function.name === 'calculator');
  const expression = extractExpression(lastUser(req));
  if (hasCalculator && expression) {
    evaluate(expression); // only ask for valid expressions
    return { content: '', toolCall: { name: 'calculator', arguments: JSON.stringify({ expression }) } };
  }
  return { content: fake.mode === 'empty' ? '' : fake.reply(req) };
}

function chat(fake: FakeOpenAI, req: ChatCompletionRequest, res: ServerResponse) {
  fake.requests.push(req);
  if (fake.mode === 'hang') return; // never answer; the client's timeout must fire
  if (fake.mode === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    return;
  }
  const turn = decide(fake, req);
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const toolCalls = turn.toolCall
    ? [{ id: `call_${id}`, type: 'function', function: { name: turn.toolCall.name, arguments: turn.toolCall.arguments } }]
    : undefined;
  const finish = toolCalls ? 'tool_calls' : 'stop';

  if (!req.stream) {
    const body = JSON.stringify({
      id,
      object: 'chat.completion',
      created,
      model: req.model,
      choices: [{ index: 0, message: { role: 'assistant', content: turn.content || null, tool_calls: toolCalls }, finish_reason: finish }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    if (fake.mode === 'drop') {
      // The connection breaks halfway through the answer.
      res.write(body.slice(0, Math.floor(body.length / 2)));
      res.destroy();
      return;
    }
    res.end(body);
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
    );
  send({ role: 'assistant', content: '' });
  if (toolCalls) {
    send({ tool_calls: toolCalls.map((t, index) => ({ index, ...t })) });
  } else {
    const words = turn.content.split(/(?<= )/);
    words.forEach((word, i) => {
      send({ content: word });
      if (fake.mode === 'drop' && i === Math.floor(words.length / 2)) res.destroy();
    });
    if (res.destroyed) return;
  }
  send({}, finish);
  res.write('data: [DONE]\n\n');
  res.end();
}

/** Deterministic embeddings: hashed character trigrams, L2-normalised (similar texts → similar vectors). */
export function fakeEmbedding(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dims).fill(0);
  const norm = ` ${text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')} `;
  for (let i = 0; i < norm.length - 2; i++) {
    const h = createHash('md5').update(norm.slice(i, i + 3)).digest();
    v[h.readUInt32LE(0) % dims]! += 1;
  }
  const length = Math.hypot(...v) || 1;
  return v.map((x) => x / length);
}

function embeddings(fake: FakeOpenAI, body: { input: string | string[]; model: string }, res: ServerResponse) {
  const input = Array.isArray(body.input) ? body.input : [body.input];
  fake.embeddingRequests.push({ input });
  if (fake.mode === 'hang') return;
  if (fake.mode === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    }),
  );
}
