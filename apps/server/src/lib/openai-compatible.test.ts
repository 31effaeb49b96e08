import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes';
import { createOpenAICompatibleClient, ProviderError, type ChatMessage } from './openai-compatible';

const CALCULATOR_TOOL = {
  type: 'function',
  function: { name: 'calculator', description: 'Calculadora', parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } },
};
const toolsJson = JSON.stringify([CALCULATOR_TOOL]);
const ask = (content: string): ChatMessage[] => [
  { role: 'system', content: 'Você é uma atendente.' },
  { role: 'user', content },
];

describe('the OpenAI-compatible client against the fake provider', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.mode = 'normal';
    fake.requests.length = 0;
  });

  it('asks for JSON without onDelta and sends the model, the messages and the tools', async () => {
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl, apiKey: 'sk-test' });
    const completion = await client.chat({ model: 'm1', messages: ask('Oi'), toolsJson });
    expect(completion).toEqual({ content: 'Você disse: Oi', toolCalls: [] });
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({ model: 'm1', stream: false, messages: ask('Oi') });
    expect(sent.tools).toEqual([CALCULATOR_TOOL]);
  });

  it('streams with onDelta: the pieces arrive in order and add up to the answer', async () => {
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl });
    const deltas: string[] = [];
    const completion = await client.chat({ model: 'm1', messages: ask('uma resposta em partes'), onDelta: (d) => deltas.push(d) });
    expect(fake.requests[0]!.stream).toBe(true);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe('Você disse: uma resposta em partes');
    expect(completion.content).toBe(deltas.join(''));
  });

  it.each([false, true])('returns tool calls (stream: %s) with their id, name and arguments', async (stream) => {
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl });
    const completion = await client.chat({ model: 'm1', messages: ask('Quanto é 12 * 7?'), toolsJson, onDelta: stream ? () => {} : undefined });
    expect(completion.toolCalls).toHaveLength(1);
    expect(completion.toolCalls[0]).toMatchObject({ type: 'function', function: { name: 'calculator' } });
    expect(completion.toolCalls[0]!.id).toMatch(/^call_/);
    expect(JSON.parse(completion.toolCalls[0]!.function.arguments)).toEqual({ expression: '12 * 7' });
  });

  it('fails on a provider error after one retry, with the provider message', async () => {
    fake.mode = 'error';
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl });
    const error = await client.chat({ model: 'm1', messages: ask('Oi') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 500, message: 'Provider answered 500: The server had an error' });
    expect(fake.requests).toHaveLength(2);
  });

  it.each([false, true])('fails when the provider drops the connection halfway (stream: %s)', async (stream) => {
    fake.mode = 'drop';
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl, retries: 0 });
    const deltas: string[] = [];
    await expect(client.chat({ model: 'm1', messages: ask('uma resposta bem longa para cortar'), onDelta: stream ? (d) => deltas.push(d) : undefined })).rejects.toThrow();
    expect(deltas.join('')).not.toBe('Você disse: uma resposta bem longa para cortar');
  });

  it('stops at the time limit with a timeout error', async () => {
    fake.mode = 'hang';
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl });
    await expect(client.chat({ model: 'm1', messages: ask('Oi'), signal: AbortSignal.timeout(200) })).rejects.toThrow('LLM request aborted (timeout)');
  });

  it('embeds a batch, in the order of the input', async () => {
    const client = createOpenAICompatibleClient({ baseUrl: fake.baseUrl });
    const vectors = await client.embed('e1', ['primeiro texto', 'segundo texto']);
    expect(vectors).toHaveLength(2);
    expect(fake.embeddingRequests[0]!.input).toEqual(['primeiro texto', 'segundo texto']);
    expect(vectors[0]).not.toEqual(vectors[1]);
  });
});

describe('the OpenAI-compatible client against scripted answers', () => {
  let server: Server;
  let baseUrl: string;
  let answers: Array<(req: IncomingMessage, res: ServerResponse) => void>;
  let seen = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => answers[Math.min(seen++, answers.length - 1)]!(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  afterEach(() => {
    seen = 0;
  });

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const ok = json(200, { choices: [{ message: { role: 'assistant', content: 'pronto' } }] });

  it('keeps the connection to the provider for the next request, streamed or not', async () => {
    let connections = 0;
    const count = () => connections++;
    server.on('connection', count);
    try {
      const streamed = (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'pron' } }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'to' } }] })}\n\n`);
        res.end('data: [DONE]\n\n');
      };
      answers = [streamed];
      const client = createOpenAICompatibleClient({ baseUrl });
      for (let i = 0; i < 3; i++) expect((await client.chat({ model: 'm', messages: ask('Oi'), onDelta: () => {} })).content).toBe('pronto');
      answers = [ok];
      for (let i = 0; i < 2; i++) expect((await client.chat({ model: 'm', messages: ask('Oi') })).content).toBe('pronto');
      expect(connections).toBe(1);
    } finally {
      server.off('connection', count);
    }
  });

  it('retries a rate-limited request after Retry-After, then answers', async () => {
    answers = [json(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }), ok];
    const client = createOpenAICompatibleClient({ baseUrl });
    expect((await client.chat({ model: 'm', messages: ask('Oi') })).content).toBe('pronto');
    expect(seen).toBe(2);
  });

  it('does not retry a request the provider refused (4xx)', async () => {
    answers = [json(401, { error: { message: 'Incorrect API key provided' } }), ok];
    const client = createOpenAICompatibleClient({ baseUrl });
    await expect(client.chat({ model: 'm', messages: ask('Oi') })).rejects.toMatchObject({ status: 401, message: 'Provider answered 401: Incorrect API key provided' });
    expect(seen).toBe(1);
  });

  it('rejects a malformed answer instead of returning nothing', async () => {
    answers = [json(200, { choices: [] })];
    const client = createOpenAICompatibleClient({ baseUrl });
    await expect(client.chat({ model: 'm', messages: ask('Oi') })).rejects.toThrow('Malformed chat completion');
  });

  it('reads a stream whose events use CRLF, comments and an error event', async () => {
    const sse = (lines: string) => (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(lines);
    const client = createOpenAICompatibleClient({ baseUrl });
    answers = [sse(': keep-alive\r\n\r\ndata: {"choices":[{"delta":{"content":"olá"}}]}\r\n\r\ndata: {"choices":[{"delta":{"content":" mundo"}}]}\r\n\r\ndata: [DONE]\r\n\r\n')];
    expect((await client.chat({ model: 'm', messages: ask('Oi'), onDelta: () => {} })).content).toBe('olá mundo');
    seen = 0;
    answers = [sse('data: {"error":{"message":"context length exceeded"}}\n\n')];
    await expect(client.chat({ model: 'm', messages: ask('Oi'), onDelta: () => {} })).rejects.toThrow('context length exceeded');
    seen = 0;
    answers = [sse('data: {"choices":[{"delta":{"content":"sem fim"}}]}\n\n')];
    await expect(client.chat({ model: 'm', messages: ask('Oi'), onDelta: () => {} })).rejects.toThrow('closed the stream before it ended');
  });
});
