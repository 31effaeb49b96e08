import type { MessagePort } from 'node:worker_threads';
import { type FileKind, type ParsedDocument } from './types';

/**
 * workerData of a parse worker (the ArrayBuffer is transferred, not copied). `want`: the parsed document, posted
 * back; or its passages, for which the worker posts the document on `port` instead, to the analysis worker
 * (ingest/analysis.ts) that splits and analyses it.
 */
export type WorkerRequest = {
  buffer: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  kind: FileKind;
} & ({ want: 'document' } | { want: 'passages'; port: MessagePort });

/**
 * What a parse worker posts to the main thread: `document` or `error`; for passages, `parsed` once the document
 * has been posted on the analysis port (or `error`). `message` is the pt-BR ParseError message ('' for a crash).
 */
export type WorkerMessage =
  | { type: 'document'; doc: ParsedDocument }
  | { type: 'parsed'; notices: string[] }
  | { type: 'error'; message: string; detail?: string };
