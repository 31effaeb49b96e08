/**
 * Worker entry: parses one file and posts the result. Loaded by run.ts, from source with
 * `--import tsx` and, in production, as the tsup entry `dist/parse-worker.js`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isParseError } from './errors';
import { parseDocumentSync } from './parse';
import { type WorkerReply, type WorkerRequest } from './protocol';

async function main(): Promise<void> {
  const { buffer, byteOffset, byteLength, kind } = workerData as WorkerRequest;
  let reply: WorkerReply;
  try {
    const doc = await parseDocumentSync(new Uint8Array(buffer, byteOffset, byteLength), kind);
    reply = { ok: true, doc };
  } catch (e) {
    reply = isParseError(e)
      ? { ok: false, message: e.message, detail: (e as { detail?: string }).detail }
      : { ok: false, message: '', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  parentPort!.postMessage(reply);
}

void main();
