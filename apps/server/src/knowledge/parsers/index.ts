/** The document parsing layer of the knowledge base: detect → parse (in a worker) → passages for tables. */
export { detectFileType, fileExtension, type DetectInput, type DetectResult } from './detect';
export { isParseError, messages as parseMessages, ParseError } from './errors';
export { parseDocumentSync } from './parse';
export { tableToPassages, type TableToPassagesOptions } from './rows';
export { parseFile, type ParseFileInput, type ParseFileOptions } from './run';
export { FILE_KINDS, LIMITS, MIME_BY_KIND, type FileKind, type ParsedDocument, type Sheet } from './types';
export { checkZipBomb, type ZipGuardOptions } from './zip-guard';
