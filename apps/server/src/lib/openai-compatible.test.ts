import { getEventListeners } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../e2e/fakes';
import { createOpenAICompatibleClient, ProviderError, withTimeLimit, type ChatMessage } from './openai-compatible';

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
  let received: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        answers[Math.min(seen++, answers.length - 1)]!(req, res);
      });
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
    received = [];
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

  const streamOf = (...pieces: string[]) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  };

  it('sends the host, the key, what it accepts and the exact length of a body with accents', async () => {
    answers = [ok, streamOf('pron', 'to')];
    const client = createOpenAICompatibleClient({ baseUrl, apiKey: 'sk-test' });
    await client.chat({ model: 'm', messages: ask('Olá, ação e coração') });
    await client.chat({ model: 'm', messages: ask('Olá'), onDelta: () => {} });
    const [plain, streamed] = received;
    expect(plain!.headers).toMatchObject({
      host: new URL(baseUrl).host,
      authorization: 'Bearer sk-test',
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'atende',
      connection: 'keep-alive',
      'content-length': String(plain!.body.length),
    });
    expect(JSON.parse(plain!.body.toString('utf8'))).toMatchObject({ model: 'm', stream: false, messages: ask('Olá, ação e coração') });
    expect(streamed!.headers).toMatchObject({ accept: 'text/event-stream', 'content-length': String(streamed!.body.length) });
  });

  it('takes Basic credentials from the base URL when there is no API key', async () => {
    answers = [ok];
    const url = new URL(baseUrl);
    url.username = 'ollama';
    url.password = 'segredo ç';
    await createOpenAICompatibleClient({ baseUrl: url.href }).chat({ model: 'm', messages: ask('Oi') });
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ollama:segredo ç').toString('base64')}`);
    expect(received[0]!.headers.host).toBe(url.host);
  });

  it('aborts a stream halfway: an abort error, the pieces already delivered, the connection closed', async () => {
    let closed!: Promise<void>;
    answers = [
      (_req, res) => {
        closed = new Promise((resolve) => res.on('close', () => resolve()));
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'metade' } }] })}\n\n`); // and never ends
      },
    ];
    const controller = new AbortController();
    const deltas: string[] = [];
    const client = createOpenAICompatibleClient({ baseUrl });
    const error = await client
      .chat({
        model: 'm',
        messages: ask('Oi'),
        signal: controller.signal,
        onDelta: (delta) => {
          deltas.push(delta);
          controller.abort();
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'LLM request aborted' });
    expect(deltas).toEqual(['metade']);
    await closed;
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('aborts while waiting for the answer, and sends nothing once the signal has fired', async () => {
    answers = [() => {}]; // never answers
    const client = createOpenAICompatibleClient({ baseUrl });
    const controller = new AbortController();
    const pending = client.chat({ model: 'm', messages: ask('Oi'), signal: controller.signal });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toThrow('LLM request aborted');
    await expect(client.chat({ model: 'm', messages: ask('Oi'), signal: controller.signal })).rejects.toThrow('LLM request aborted');
    await expect(client.embed('e', ['Oi'], controller.signal)).rejects.toThrow('LLM request aborted');
    expect(received).toHaveLength(1);
  });

  it('reads an error status with a plain-text body, and Retry-After in seconds or as a date', async () => {
    const text = (status: number, body: string, headers: Record<string, string> = {}) => (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
    const client = createOpenAICompatibleClient({ baseUrl, retries: 0 });
    answers = [text(503, 'upstream overloaded', { 'retry-after': '7' })];
    await expect(client.chat({ model: 'm', messages: ask('Oi') })).rejects.toMatchObject({ status: 503, retryAfterMs: 7000, message: 'Provider answered 503: upstream overloaded' });
    seen = 0;
    answers = [json(429, { error: { message: 'slow down' } }, { 'retry-after': new Date(Date.now() + 5000).toUTCString() })];
    const limited = (await client.chat({ model: 'm', messages: ask('Oi'), onDelta: () => {} }).catch((e: unknown) => e)) as ProviderError;
    expect(limited).toMatchObject({ status: 429, message: 'Provider answered 429: slow down' });
    expect(limited.retryAfterMs).toBeGreaterThan(2000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(5000);
    seen = 0;
    answers = [text(500, 'x'.repeat(100_000))];
    await expect(client.chat({ model: 'm', messages: ask('Oi') })).rejects.toMatchObject({ status: 500, message: `Provider answered 500: ${'x'.repeat(200)}` });
  });

  it('waits as long as Retry-After says before its retry, and leaves no listener on the signal', async () => {
    answers = [json(429, { error: { message: 'slow down' } }, { 'retry-after': '0.3' }), streamOf('pron', 'to')];
    const client = createOpenAICompatibleClient({ baseUrl });
    const controller = new AbortController();
    const started = performance.now();
    expect((await client.chat({ model: 'm', messages: ask('Oi'), signal: controller.signal, onDelta: () => {} })).content).toBe('pronto');
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(seen).toBe(2);
    seen = 0;
    answers = [ok];
    await client.chat({ model: 'm', messages: ask('Oi'), signal: controller.signal });
    answers = [json(401, { error: { message: 'no' } })];
    await client.chat({ model: 'm', messages: ask('Oi'), signal: controller.signal }).catch(() => {});
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('the OpenAI-compatible client over https', () => {
  // A self-signed certificate for the name localhost only (test only, valid until 2126), trusted for this file only.
  const CERT = `-----BEGIN CERTIFICATE-----
MIIBljCCATugAwIBAgIUe/UtKVcXMhBaHS+czId1bt0e4agwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjEyMDMxNVoYDzIxMjYxMTAy
MTIwMzE1WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATh2MM6NRIX8G+g1iDPYl39AlzXYmxO/e1/vn+gH/neVT0IHZ8PFJcz
tjnndqH0L8FUmeajpdrGk6a2UEcxtXwho2kwZzAdBgNVHQ4EFgQU8KDptcmPwNUo
0/Syu8CexcUnXbMwHwYDVR0jBBgwFoAU8KDptcmPwNUo0/Syu8CexcUnXbMwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglsb2NhbGhvc3QwCgYIKoZIzj0EAwID
SQAwRgIhANydA3c2VMmIlnIxW4TYonF4d8c8Px698PpGvqt6gziEAiEA/LikbYHy
XuwQ5/5Imau060k01IaKdpKjLSQWIz0xnB0=
-----END CERTIFICATE-----
`;
  const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKvHB/yylhv0cKzn5
XuFGCvbjAI+ZIW8wowN23tLtmUmhRANCAATh2MM6NRIX8G+g1iDPYl39AlzXYmxO
/e1/vn+gH/neVT0IHZ8PFJcztjnndqH0L8FUmeajpdrGk6a2UEcxtXwh
-----END PRIVATE KEY-----
`;
  const defaultCertificates = tls.getCACertificates('default');
  let server: ReturnType<typeof createTlsServer>;
  let port = 0;
  let connections = 0;
  const servernames: Array<string | false | null> = [];
  beforeAll(async () => {
    tls.setDefaultCACertificates([...defaultCertificates, CERT]);
    server = createTlsServer({ cert: CERT, key: KEY }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { stream: boolean };
        if (!body.stream) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: `seguro em ${req.headers.host}` } }] }));
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'segu' } }] })}\n\n`);
        res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'ro' } }] })}\n\ndata: [DONE]\n\n`);
      });
    });
    server.on('secureConnection', (socket: tls.TLSSocket) => {
      connections++;
      servernames.push(socket.servername);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.setDefaultCACertificates(defaultCertificates);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('verifies the certificate for the host name, answers as JSON and as a stream, on one connection', async () => {
    const client = createOpenAICompatibleClient({ baseUrl: `https://localhost:${port}/v1/`, apiKey: 'sk-test' });
    expect((await client.chat({ model: 'm', messages: ask('Oi') })).content).toBe(`seguro em localhost:${port}`);
    const deltas: string[] = [];
    expect((await client.chat({ model: 'm', messages: ask('Oi'), onDelta: (d) => deltas.push(d) })).content).toBe('seguro');
    expect(deltas).toEqual(['segu', 'ro']);
    expect(connections).toBe(1);
    expect(servernames).toEqual(['localhost']);
  });

  it('refuses a certificate that is not for the host it asked for', async () => {
    const client = createOpenAICompatibleClient({ baseUrl: `https://127.0.0.1:${port}/v1`, retries: 0 });
    await expect(client.chat({ model: 'm', messages: ask('Oi') })).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });
});


describe('withTimeLimit', () => {
  afterEach(() => vi.useRealTimers());

  it('aborts the call with a TimeoutError after its time, and leaves no timer once the call settles', async () => {
    vi.useFakeTimers();
    const slow = withTimeLimit(1_000, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))));
    const outcome = expect(slow).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;

    let seen: AbortSignal | undefined;
    await expect(withTimeLimit(1_000, async (signal) => ((seen = signal), 'pronto'))).resolves.toBe('pronto');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen!.aborted).toBe(false);
  });
});
