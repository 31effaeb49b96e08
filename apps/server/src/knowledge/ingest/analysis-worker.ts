/**
 * Worker entry: the long-lived analysis worker (analysis.ts). For each job it reads the parsed document from the
 * job's port, splits it and analyses the passages (prepare.ts), and posts them batch by batch. One job at a time: the
 * main thread sends the next when this one is over. It lives across files, so its JIT stays warm and the stem memo
 * (text-search.ts) stays filled. Loaded from source through tsx and, in production, as the tsup entry
 * `dist/analysis-worker.js`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { ParsedDocument } from '../parsers';
import { type AnalysisDocument, type AnalysisReply, type AnalysisRequest } from './analysis-protocol';
import { documentPassages, preparePassages } from './prepare';

const post = (reply: AnalysisReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(reply, transfer);
/** The job under way, and whether its reader has left. */
let current: number | null = null;
let cancelled = false;

/** The document the parse worker posted on `port` (it is already there when the job is sent). */
function documentOn(port: MessagePort): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    port.once('message', (message: AnalysisDocument) => resolve(message.doc));
    port.once('close', () => reject(new Error('the parse worker closed the port without a document')));
  });
}

async function runJob(id: number, port: MessagePort): Promise<void> {
  current = id;
  cancelled = false;
  try {
    const doc = await documentOn(port).finally(() => port.close());
    for (const batch of preparePassages(documentPassages(doc))) {
      // Between batches the worker reads its messages: a reader that left (a file deleted mid-indexing) cancels.
      if (cancelled) return post({ id, type: 'cancelled' });
      post({ id, type: 'passages', batch }, [batch.tsvectors.buffer as ArrayBuffer]);
      await nextTurn();
    }
    post({ id, type: cancelled ? 'cancelled' : 'done' });
  } catch (e) {
    const parseError = e instanceof Error && e.name === 'ParseError';
    post({
      id,
      type: 'error',
      message: parseError ? e.message : '',
      detail: parseError ? (e as { detail?: string }).detail : e instanceof Error ? `${e.name}: ${e.message}` : String(e),
    });
  } finally {
    current = null;
  }
}

parentPort!.on('message', (request: AnalysisRequest) => {
  if (request.type === 'job') void runJob(request.id, request.port);
  else if (request.id === current) cancelled = true;
});
