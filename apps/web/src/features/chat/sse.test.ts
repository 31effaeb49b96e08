import { describe, expect, it, vi } from 'vitest';
import { ChatError } from './errors';
import { createSseParser, readChatStream, type SseEvent } from './sse';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the parser the given chunks and returns every event it dispatched. */
function parse(...chunks: Array<string | Uint8Array>): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(typeof chunk === 'string' ? bytes(chunk) : chunk);
  parser.end();
  return events;
}

function streamOf(...chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? bytes(chunk) : chunk);
      controller.close();
    },
  });
}

const token = (delta: string) => `event: token\ndata: ${JSON.stringify({ delta })}\n\n`;
const done = (output: string) => `event: done\ndata: ${JSON.stringify({ output })}\n\n`;

describe('createSseParser', () => {
  it('parses named events and joins multi-line data', () => {
    expect(parse('event: token\ndata: {"delta":"Olá"}\n\ndata: a\ndata: b\n\n')).toEqual([
      { event: 'token', data: '{"delta":"Olá"}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('reassembles events split anywhere across chunks, including between \\r and \\n', () => {
    const text = 'event: token\r\ndata: {"delta":"oi"}\r\n\r\nevent: done\r\ndata: {"output":"oi"}\r\n\r\n';
    const expected = parse(text);
    expect(expected).toHaveLength(2);
    for (let i = 1; i < text.length; i++) {
      expect(parse(text.slice(0, i), text.slice(i))).toEqual(expected);
    }
    expect(parse(...text.split(''))).toEqual(expected);
  });

  it('ignores heartbeat comments, even between the lines of an event', () => {
    expect(parse(': ping\n\n', 'event: token\n: ping\ndata: {"delta":"x"}\n\n', ':\n\n')).toEqual([
      { event: 'token', data: '{"delta":"x"}' },
    ]);
  });

  it('decodes multi-byte UTF-8 characters split across chunks', () => {
    const all = bytes(token('Olá, você está bem? 😀'));
    const events = [];
    for (let i = 1; i < all.length; i++) events.push(parse(all.slice(0, i), all.slice(i))[0]);
    for (const event of events) expect(JSON.parse(event.data)).toEqual({ delta: 'Olá, você está bem? 😀' });
  });

  it('drops an event the stream cut before its blank line', () => {
    expect(parse('event: token\ndata: {"delta":"x"}\n')).toEqual([]);
  });

  it('accepts fields without the space after the colon', () => {
    expect(parse('event:done\ndata:{"output":"ok"}\n\n')).toEqual([{ event: 'done', data: '{"output":"ok"}' }]);
  });
});

describe('readChatStream', () => {
  it('reports each token and resolves with the done output', async () => {
    const onDelta = vi.fn();
    const reply = await readChatStream(streamOf(': ping\n\n', token('12 × 7 '), token('= 84'), done('12 × 7 = 84')), onDelta);
    expect(reply).toBe('12 × 7 = 84');
    expect(onDelta.mock.calls).toEqual([['12 × 7 '], ['= 84']]);
  });

  it('keeps the streamed text when the stream ends without a done event', async () => {
    await expect(readChatStream(streamOf(token('Olá'), token('!')))).resolves.toBe('Olá!');
  });

  it('rejects an error event with the service error', async () => {
    const error = { error: { code: 'UPSTREAM_FAILED', message: 'LLM down', userMessage: 'Serviço fora do ar.' } };
    const result = readChatStream(streamOf(token('Ol'), `event: error\ndata: ${JSON.stringify(error)}\n\n`));
    await expect(result).rejects.toBeInstanceOf(ChatError);
    await expect(result).rejects.toMatchObject({ message: 'Chat service unavailable' });
  });

  it('rejects an empty reply', async () => {
    await expect(readChatStream(streamOf(': ping\n\n', done('  ')))).rejects.toMatchObject({
      message: 'No response received from chat service',
      userMessage: 'Não recebemos resposta do serviço de chat.',
    });
  });

  it('stops at the final event and ignores anything after it', async () => {
    const onDelta = vi.fn();
    await expect(readChatStream(streamOf(done('fim'), token('extra')), onDelta)).resolves.toBe('fim');
    expect(onDelta).not.toHaveBeenCalled();
  });

  it('ignores unknown events and malformed data', async () => {
    await expect(readChatStream(streamOf('event: token\ndata: {oops\n\n', 'event: other\ndata: {}\n\n', done('ok')))).resolves.toBe('ok');
  });
});
