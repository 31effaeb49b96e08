import { type FileKind, type ParsedDocument } from './types';

/** workerData of a parse worker (the ArrayBuffer is transferred, not copied). */
export interface WorkerRequest {
  buffer: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  kind: FileKind;
}

/** The one message a parse worker posts. `message` is the pt-BR ParseError message ('' for a crash). */
export type WorkerReply = { ok: true; doc: ParsedDocument } | { ok: false; message: string; detail?: string };
