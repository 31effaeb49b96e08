/**
 * Worker entry: parses one file and posts the document; or, for its passages, posts the document on the analysis
 * port (protocol.ts), to the long-lived analysis worker (ingest/analysis.ts), and tells the main thread it has
 * parsed. It loads the parsers only: splitting and text analysis are the analysis worker's. Loaded by run.ts, from
 * source through tsx and, in production, as the tsup entry `dist/parse-worker.js`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isParseError } from './errors';
import { parseDocumentSync } from './parse';
import { type WorkerMessage, type WorkerRequest } from './protocol';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

async function main(): Promise<void> {
  const request = workerData as WorkerRequest;
  const { buffer, byteOffset, byteLength, kind } = request;
  try {
    const doc = await parseDocumentSync(new Uint8Array(buffer, byteOffset, byteLength), kind);
    if (request.want === 'document') return post({ type: 'document', doc });
    // Queued on the analysis worker's side of the channel before the main thread hears of it: the main thread
    // hands that side to the analysis worker when it hears 'parsed', and may stop this worker at once.
    request.port.postMessage({ type: 'document', doc });
    request.port.close();
    post({ type: 'parsed', notices: doc.notices ?? [] });
  } catch (e) {
    post(
      isParseError(e)
        ? { type: 'error', message: e.message, detail: (e as { detail?: string }).detail }
        : { type: 'error', message: '', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) },
    );
  }
}

void main();
