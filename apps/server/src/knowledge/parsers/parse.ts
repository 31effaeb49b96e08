import { isParseError, messages, ParseError } from './errors';
import { parseCsv } from './csv';
import { parsePdf } from './pdf';
import { parseWorkbook } from './sheet';
import { parseTxt } from './txt';
import { type FileKind, type ParsedDocument } from './types';
import { parseDoc, parseDocx } from './word';

/**
 * The in-thread parser: no worker, no time or memory limit. "Sync" as in "on this thread": it returns a
 * Promise because pdf.js, mammoth and word-extractor are asynchronous. The worker (parse-worker.ts)
 * calls it; the application calls `parseFile` (run.ts), which adds the limits. Call it directly only
 * on trusted input (tests, tools). Every failure is a ParseError with a pt-BR message.
 */
export async function parseDocumentSync(bytes: Uint8Array, kind: FileKind): Promise<ParsedDocument> {
  try {
    switch (kind) {
      case 'pdf':
        return await parsePdf(bytes);
      case 'docx':
        return await parseDocx(bytes);
      case 'doc':
        return await parseDoc(bytes);
      case 'xlsx':
      case 'xls':
        return await parseWorkbook(bytes, kind);
      case 'csv':
        return parseCsv(bytes);
      case 'txt':
        return parseTxt(bytes);
      default:
        throw new ParseError(messages.unexpected, { detail: `unknown kind ${String(kind)}` });
    }
  } catch (e) {
    if (isParseError(e)) throw e;
    if (e instanceof RangeError && /allocation|array length|string length/i.test(e.message)) {
      throw new ParseError(messages.tooBig, { detail: e.message, cause: e });
    }
    throw new ParseError(messages.unexpected, { detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e), cause: e });
  }
}
