import { isParseError, messages, ParseError } from './errors';
import { parseCsv } from './csv';
import { parsePdf } from './pdf';
import { parseWorkbook } from './sheet';
import { parseTxt } from './txt';
import { type FileKind, type ParsedDocument } from './types';
import { parseDoc, parseDocx } from './word';

/** The parser of each document kind (the registry in packages/shared): a new kind does not compile without one. */
const parsers: Record<FileKind, (bytes: Uint8Array) => ParsedDocument | Promise<ParsedDocument>> = {
  pdf: parsePdf,
  txt: parseTxt,
  csv: parseCsv,
  doc: parseDoc,
  docx: parseDocx,
  xls: (bytes) => parseWorkbook(bytes, 'xls'),
  xlsx: (bytes) => parseWorkbook(bytes, 'xlsx'),
};

/**
 * The in-thread parser: no worker, no time or memory limit. "Sync" as in "on this thread": it returns a
 * Promise because pdf.js, mammoth and word-extractor are asynchronous. The worker (parse-worker.ts)
 * calls it; the application calls `parseFile` (run.ts), which adds the limits. Call it directly only
 * on trusted input (tests, tools). Every failure is a ParseError with a pt-BR message.
 */
export async function parseDocumentSync(bytes: Uint8Array, kind: FileKind): Promise<ParsedDocument> {
  try {
    const parse = Object.hasOwn(parsers, kind) ? parsers[kind] : undefined;
    if (!parse) throw new ParseError(messages.unexpected, { detail: `unknown kind ${String(kind)}` });
    return await parse(bytes);
  } catch (e) {
    if (isParseError(e)) throw e;
    if (e instanceof RangeError && /allocation|array length|string length/i.test(e.message)) {
      throw new ParseError(messages.tooBig, { detail: e.message, cause: e });
    }
    throw new ParseError(messages.unexpected, { detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e), cause: e });
  }
}
