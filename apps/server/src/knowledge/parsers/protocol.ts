import { type PreparedPassages } from '../ingest/prepare';
import { type FileKind, type ParsedDocument } from './types';

/**
 * workerData of a parse worker (the ArrayBuffer is transferred, not copied). `want`: the parsed document,
 * or its passages, split and analysed in the worker and posted batch by batch.
 */
export interface WorkerRequest {
  buffer: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  kind: FileKind;
  want: 'document' | 'passages';
}

/**
 * What a parse worker posts. For a document, one message: `document` or `error`. For passages: `parsed`
 * when the file is read, a `passages` message per batch, then `done` (or `error`, at any point).
 * `message` is the pt-BR ParseError message ('' for a crash).
 */
export type WorkerMessage =
  | { type: 'document'; doc: ParsedDocument }
  | { type: 'parsed'; notices: string[] }
  | { type: 'passages'; batch: PreparedPassages }
  | { type: 'done' }
  | { type: 'error'; message: string; detail?: string };
