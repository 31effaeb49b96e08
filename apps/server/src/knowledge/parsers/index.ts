/** The document parsing layer of the knowledge base: detect → parse (in a worker) → passages for tables; Markdown tables as rows. */
export { detectFileType } from './detect';
export { ParseError } from './errors';
export { markdownTables } from './markdown';
export { tablePassages, tableToPassages } from './rows';
export { parseFile, readPassages, sharedAnalysisWorker } from './run';
export { bomEncoding, decodeWindows1252 } from './text';
export { MIME_BY_KIND, type FileKind, type ParsedDocument, type Sheet } from './types';
