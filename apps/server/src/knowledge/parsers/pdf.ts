import { messages, ParseError } from './errors';
import { LIMITS, type ParsedDocument } from './types';

/** PDF text layer through unpdf (pdf.js, serverless build: no eval, no worker, no fonts loaded). */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given: hand it a private copy.
  const data = new Uint8Array(bytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false, disableFontFace: true, stopAtErrors: false });
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') throw new ParseError(messages.pdfPassword, { detail: String(e), cause: e });
    throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
  }
  try {
    let result: { totalPages: number; text: string[] };
    try {
      result = await extractText(pdf, { mergePages: false });
    } catch (e) {
      throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
    }
    const pages = result.text.map((t) => t.replace(/[ \t]+\n/g, '\n').trim());
    const text = pages.filter(Boolean).join('\n\n');
    if (!/[\p{L}\p{N}]/u.test(text)) throw new ParseError(messages.pdfScanned, { detail: `${result.totalPages} page(s), no text` });
    if (text.length > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${text.length} chars` });
    return { kind: 'text', text, pages: result.totalPages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
