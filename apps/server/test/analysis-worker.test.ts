import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisFailure, AnalysisWorker, liveAnalysisThreads } from '../src/knowledge/ingest/analysis';
import { documentPassages, preparePassages, type PreparedPassages } from '../src/knowledge/ingest/prepare';
import { messages, ParseError } from '../src/knowledge/parsers/errors';
import { parseDocumentSync } from '../src/knowledge/parsers/parse';
import { readPassages } from '../src/knowledge/parsers/run';
import { type FileKind, type ParsedDocument } from '../src/knowledge/parsers/types';
import { createUserWithAgent } from './helpers/agents';
import { createTestContext } from './helpers/context';
import { upload, waitForIngestion } from './helpers/knowledge';
import * as F from './fixtures/generate';

async function collect(batches: AsyncIterable<PreparedPassages>): Promise<PreparedPassages[]> {
  const out: PreparedPassages[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

/** What a file gives when parsed, split and analysed on this thread: what the workers must give, byte for byte. */
async function expected(bytes: Uint8Array, kind: FileKind) {
  const batches = [...preparePassages(documentPassages(await parseDocumentSync(bytes, kind)))];
  return { contents: batches.flatMap((b) => b.contents), tsvectors: Buffer.concat(batches.map((b) => b.tsvectors)) };
}

const received = (batches: PreparedPassages[]) => ({
  contents: batches.flatMap((b) => b.contents),
  tsvectors: Buffer.concat(batches.map((b) => b.tsvectors)),
});

async function failureOf(work: Promise<unknown>): Promise<Error> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as Error,
  );
}

describe('the analysis worker (split and analysis of parsed files, long-lived)', () => {
  const analysis = new AnalysisWorker();
  afterAll(() => analysis.stop());

  it('serves file after file in the same thread, with the passages and lexemes of an in-thread analysis', async () => {
    expect(analysis.info()).toEqual({ threadId: null, jobs: 0 }); // started lazily
    const csv = F.hugeCsv(3_000);
    expect(received(await collect(readPassages({ bytes: csv, kind: 'csv' }, { analysis })))).toEqual(await expected(csv, 'csv'));
    const first = analysis.info();
    expect(first.threadId).toBeGreaterThan(0);
    expect(first.jobs).toBe(1);
    const pdf = F.pageBreakPdf();
    expect(received(await collect(readPassages({ bytes: pdf, kind: 'pdf' }, { analysis })))).toEqual(await expected(pdf, 'pdf'));
    expect(analysis.info()).toEqual({ threadId: first.threadId, jobs: 2 });
  });

  it('gives files read at once each its own passages', async () => {
    const files: Array<[Uint8Array, FileKind]> = [
      [F.hugeCsv(2_000), 'csv'],
      [F.txtUtf8(), 'txt'],
      [F.columnsPdf(), 'pdf'],
      [F.docx(), 'docx'],
      [F.xlsx(), 'xlsx'],
    ];
    const jobs = analysis.info().jobs;
    const results = await Promise.all(files.map(([bytes, kind]) => collect(readPassages({ bytes, kind }, { analysis }))));
    for (const [i, [bytes, kind]] of files.entries()) expect(received(results[i]!)).toEqual(await expected(bytes, kind));
    expect(analysis.info().jobs).toBe(jobs + files.length);
  });

  it('cancels a file whose reader left after its first batch, and goes on with the next in the same thread', async () => {
    const { threadId, jobs } = analysis.info();
    for await (const batch of readPassages({ bytes: F.hugeCsv(30_000), kind: 'csv' }, { analysis })) {
      expect(batch.contents.length).toBeGreaterThan(0);
      break;
    }
    const txt = F.txtUtf8();
    expect(received(await collect(readPassages({ bytes: txt, kind: 'txt' }, { analysis })))).toEqual(await expected(txt, 'txt'));
    expect(analysis.info()).toEqual({ threadId, jobs: jobs + 2 });
  });
});

/**
 * A stand-in analysis worker that misbehaves on demand, by the text it is given: 'HANG' posts a batch and loops
 * forever, 'CRASH' posts a batch and throws, 'EXIT' exits, 'OOM' fills its heap; any other text is one passage.
 */
const faulty = {
  eval: true,
  script: `
    const { parentPort } = require('node:worker_threads');
    const batch = (text) => ({ contents: [text], tsvectors: new Uint8Array([0, 0, 0, 4, 0, 0, 0, 0]) });
    parentPort.on('message', (request) => {
      if (request.type !== 'job') return;
      const { id, port } = request;
      port.once('message', ({ doc }) => {
        port.close();
        const text = doc.text;
        if (text.startsWith('OOM')) { const hog = []; for (;;) hog.push(new Array(1e5).fill(text)); }
        if (text.startsWith('EXIT')) process.exit(3);
        parentPort.postMessage({ id, type: 'passages', batch: batch(text) });
        if (text.startsWith('HANG')) for (;;) {}
        if (text.startsWith('CRASH')) setImmediate(() => { throw new Error('boom'); });
        else parentPort.postMessage({ id, type: 'done' });
      });
    });`,
};

/** One job with `text` as its parsed document, straight to `analysis` (no parse worker). */
function job(analysis: AnalysisWorker, text: string, timeoutMs = 30_000) {
  const { port1, port2 } = new MessageChannel();
  const doc: ParsedDocument = { kind: 'text', text };
  port1.postMessage({ type: 'document', doc });
  port1.close();
  const batches: PreparedPassages[] = [];
  const done = analysis.run({ port: port2, label: text, timeoutMs, maxRssGrowthMb: 100_000, onBatch: (b) => batches.push(b) });
  return done.then(() => batches.flatMap((b) => b.contents));
}

describe('the analysis worker when a job goes wrong', () => {
  const analysis = new AnalysisWorker({ target: faulty, resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 } });
  afterAll(() => analysis.stop());

  it.each([
    ['CRASH', 'crash'],
    ['EXIT', 'crash'],
    ['OOM', 'memory'],
  ])('a job whose worker dies (%s) fails, and the next one runs on a new worker', async (text, reason) => {
    expect(await job(analysis, 'primeiro')).toEqual(['primeiro']);
    const before = analysis.info().threadId;
    const err = await failureOf(job(analysis, text));
    expect(err).toBeInstanceOf(AnalysisFailure);
    expect((err as AnalysisFailure).reason).toBe(reason);
    expect(await job(analysis, 'depois')).toEqual(['depois']);
    const after = analysis.info();
    expect(after.threadId).not.toBe(before);
    expect(after.jobs).toBe(1);
  });

  it('a job that hangs is stopped at its time limit, and the files queued behind it are served by a new worker', async () => {
    expect(await job(analysis, 'antes')).toEqual(['antes']);
    const before = analysis.info().threadId;
    const hanging = failureOf(job(analysis, 'HANG', 300));
    const queued = [job(analysis, 'fila 1'), job(analysis, 'fila 2')];
    const err = (await hanging) as AnalysisFailure;
    expect(err.reason).toBe('timeout');
    expect(await Promise.all(queued)).toEqual([['fila 1'], ['fila 2']]);
    expect(analysis.info().threadId).not.toBe(before);
    expect(analysis.info().jobs).toBe(2);
  });

  it('gives the reader of a file the errors a parse gives: the time limit, the memory limit, a crash', async () => {
    const read = (text: string, timeoutMs?: number) =>
      failureOf(collect(readPassages({ bytes: new TextEncoder().encode(text), kind: 'txt' }, { analysis, timeoutMs })));
    const timeout = await read('HANG agora', 5_000);
    expect(timeout).toBeInstanceOf(ParseError);
    expect(timeout.message).toBe(messages.timeout);
    const memory = await read('OOM agora');
    expect(memory).toBeInstanceOf(ParseError);
    expect(memory.message).toBe(messages.tooBig);
    const crash = await read('CRASH agora');
    expect(crash).toBeInstanceOf(ParseError);
    expect(crash.message).toBe(messages.unexpected);
    expect((await collect(readPassages({ bytes: new TextEncoder().encode('tudo certo'), kind: 'txt' }, { analysis }))).flatMap((b) => b.contents)).toEqual(['tudo certo']);
  });

  it('stop() fails the jobs left (not as the file’s fault) and leaves no thread; a later job starts a new worker', async () => {
    expect(await job(analysis, 'antes')).toEqual(['antes']);
    const thread = analysis.info().threadId!;
    const running = failureOf(job(analysis, 'HANG', 60_000));
    const waiting = failureOf(job(analysis, 'na fila'));
    await analysis.stop();
    for (const err of await Promise.all([running, waiting])) expect((err as AnalysisFailure).reason).toBe('stopped');
    expect(liveAnalysisThreads()).not.toContain(thread);
    expect(analysis.info()).toEqual({ threadId: null, jobs: 0 });
    expect(await job(analysis, 'de novo')).toEqual(['de novo']);
  });
});

describe('the analysis worker of a server', () => {
  it('indexes uploads in one worker, which the server stops when it closes', async () => {
    const ctx = await createTestContext({ jobs: true });
    const before = new Set(liveAnalysisThreads());
    let started: number[];
    try {
      const { user, agent } = await createUserWithAgent(ctx, 'Aurora');
      await upload(ctx, user, agent.id, [{ name: 'faq.txt', bytes: F.txtUtf8() }]);
      await upload(ctx, user, agent.id, [{ name: 'precos.csv', bytes: F.csvUtf8() }]);
      const ready = await waitForIngestion(ctx, user, agent.id);
      expect(ready.map((f) => f.status)).toEqual(['ready', 'ready']);
      started = liveAnalysisThreads().filter((id) => !before.has(id));
      expect(started).toHaveLength(1);
    } finally {
      await ctx.close();
    }
    expect(liveAnalysisThreads()).not.toContain(started[0]);
  });

  it('does not keep a process alive while idle', async () => {
    // A script that reads a file through the process's shared analysis worker and never stops it: it must exit.
    const script = `
      import { readPassages } from ${JSON.stringify(new URL('../src/knowledge/parsers/run.ts', import.meta.url).href)};
      let n = 0;
      for await (const batch of readPassages({ bytes: new TextEncoder().encode('Olá, mundo. Abrimos às 8h.'), kind: 'txt' })) n += batch.contents.length;
      console.log('passages', n);`;
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd, timeout: 60_000 });
    expect(stdout.trim()).toBe('passages 1');
  });
});
