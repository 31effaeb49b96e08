/**
 * Worker entry: parses one file and posts the document, or splits it into passages and posts them batch by
 * batch (protocol.ts). Loaded by run.ts, from source through tsx and, in production, as the tsup entry
 * `dist/parse-worker.js`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { documentPassages, preparePassages } from '../ingest/prepare';
import { isParseError } from './errors';
import { parseDocumentSync } from './parse';
import { type WorkerMessage, type WorkerRequest } from './protocol';

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

async function main(): Promise<void> {
  const { buffer, byteOffset, byteLength, kind, want } = workerData as WorkerRequest;
  try {
    const doc = await parseDocumentSync(new Uint8Array(buffer, byteOffset, byteLength), kind);
    if (want === 'document') return post({ type: 'document', doc });
    post({ type: 'parsed', notices: doc.notices ?? [] });
    for (const batch of preparePassages(documentPassages(doc))) post({ type: 'passages', batch }, [batch.tsvectors.buffer as ArrayBuffer]);
    post({ type: 'done' });
  } catch (e) {
    post(
      isParseError(e)
        ? { type: 'error', message: e.message, detail: (e as { detail?: string }).detail }
        : { type: 'error', message: '', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) },
    );
  }
}

void main();
