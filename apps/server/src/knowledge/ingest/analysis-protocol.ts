import type { MessagePort } from 'node:worker_threads';
import type { ParsedDocument } from '../parsers';
import type { PreparedPassages } from './prepare';

/**
 * The analysis worker's messages (analysis.ts, analysis-worker.ts). A job is one parsed file: the main thread hands
 * the worker the port on which the file's parse worker posted its document (`AnalysisDocument`), never the document
 * itself, so a big spreadsheet is not copied through the thread that serves chats. Every reply names its job.
 */
export type AnalysisRequest = { type: 'job'; id: number; port: MessagePort } | { type: 'cancel'; id: number };

/** What a parse worker posts on a job's port: the parsed document, once. */
export interface AnalysisDocument {
  type: 'document';
  doc: ParsedDocument;
}

/**
 * Per job: a `passages` message per batch, then `done`; or `error` (`message`: the pt-BR ParseError message, '' for
 * anything else) at any point; or, after a `cancel`, `cancelled` once the worker has left the job.
 */
export type AnalysisReply =
  | { id: number; type: 'passages'; batch: PreparedPassages }
  | { id: number; type: 'done' }
  | { id: number; type: 'cancelled' }
  | { id: number; type: 'error'; message: string; detail?: string };
