import { Buffer } from 'node:buffer';
import { strFromU8, unzipSync } from 'fflate';
import { messages, ParseError } from './errors';
import { LIMITS, type ParsedDocument } from './types';
import { checkZipBomb, verifyZipEntrySizes } from './zip-guard';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function textDocument(raw: string): ParsedDocument {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(text)) throw new ParseError(messages.wordEmpty);
  if (text.length > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${text.length} chars` });
  return { kind: 'text', text };
}

/**
 * DOCX through mammoth, after the zip-bomb guard and a bounded check of the real inflated sizes: the body,
 * then the footnotes and endnotes (mammoth's raw text leaves them out; the .doc path keeps them too).
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  verifyZipEntrySizes(bytes, checkZipBomb(bytes));
  const mammoth = (await import('mammoth')).default;
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: asBuffer(bytes) })).value;
  } catch (e) {
    throw new ParseError(messages.wordCorrupt, { detail: String(e), cause: e });
  }
  return textDocument([raw, ...docxNotes(bytes)].join('\n\n'));
}

const NOTE_PARTS = ['word/footnotes.xml', 'word/endnotes.xml'];

/** The text of each footnote and endnote, one per entry (the separator "notes" Word keeps there are skipped). */
function docxNotes(bytes: Uint8Array): string[] {
  const parts = unzipSync(bytes, { filter: (f) => NOTE_PARTS.includes(f.name) });
  const notes: string[] = [];
  for (const name of NOTE_PARTS) {
    const xml = parts[name] && strFromU8(parts[name]);
    if (!xml) continue;
    for (const [, attributes, body] of xml.matchAll(/<w:(?:footnote|endnote)\b([^>]*)>([\s\S]*?)<\/w:(?:footnote|endnote)>/g)) {
      if (/w:type="(?:separator|continuationSeparator|continuationNotice)"/.test(attributes!)) continue;
      const paragraphs = [...body!.matchAll(/<w:p\b[\s\S]*?<\/w:p>/g)].map(([p]) =>
        [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map(([tag, t]) => (t === undefined ? (tag.startsWith('<w:tab') ? '\t' : '') : xmlText(t))).join('').trim(),
      );
      const text = paragraphs.filter(Boolean).join('\n');
      if (text) notes.push(text);
    }
  }
  return notes;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data: the five named entities and numeric references. */
function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
    ref[0] === '#' ? String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : ENTITIES[ref]!,
  );
}

/** Word 97–2003 through word-extractor: body, then footnotes, endnotes and text boxes when present. */
export async function parseDoc(bytes: Uint8Array): Promise<ParsedDocument> {
  const { CFB } = await import('@e965/xlsx');
  // Refuse encrypted documents before word-extractor turns them into garbage (FIB.fEncrypted, [MS-DOC] 2.5.2).
  try {
    const cfb = (CFB as CfbModule).read(asBuffer(bytes), { type: 'buffer' });
    const wd = (CFB as CfbModule).find(cfb, 'WordDocument')?.content;
    if (!wd || wd.length < 12) throw new Error('no WordDocument stream');
    if (wd[0] !== 0xec || wd[1] !== 0xa5) throw new Error('bad FIB magic');
    const nFib = wd[2]! | (wd[3]! << 8);
    if (nFib < 0x00c1) throw new ParseError(messages.wordTooOld, { detail: `nFib 0x${nFib.toString(16)}` });
    if (wd[11]! & 0x01) throw new ParseError(messages.encrypted, { detail: 'FIB fEncrypted' });
  } catch (e) {
    if (e instanceof ParseError) throw e;
    throw new ParseError(messages.wordCorrupt, { detail: String(e), cause: e });
  }
  const WordExtractor = (await import('word-extractor')).default;
  let raw: string;
  try {
    const doc = (await new WordExtractor().extract(asBuffer(bytes))) as unknown as WordDocumentText;
    // filterUnicode: false keeps the document's own characters (word-extractor would turn — into -).
    const keep = { filterUnicode: false };
    raw = [doc.getBody(keep), doc.getFootnotes(keep), doc.getEndnotes(keep), doc.getTextboxes({ ...keep, includeHeadersAndFooters: false })]
      .map((s) => (s ?? '').trim())
      .filter(Boolean)
      .join('\n\n');
  } catch (e) {
    throw new ParseError(messages.wordCorrupt, { detail: String(e), cause: e });
  }
  return textDocument(raw);
}

/** word-extractor's Document, with the `filterUnicode` option its typings omit. */
interface WordDocumentText {
  getBody(o?: { filterUnicode?: boolean }): string;
  getFootnotes(o?: { filterUnicode?: boolean }): string;
  getEndnotes(o?: { filterUnicode?: boolean }): string;
  getTextboxes(o?: { filterUnicode?: boolean; includeHeadersAndFooters?: boolean }): string;
}

/** The slice of SheetJS's CFB module we use (its typings declare it as `any`). */
export interface CfbModule {
  read(data: Uint8Array, opts: { type: 'buffer' | 'array' }): unknown;
  find(cfb: unknown, path: string): { content: Uint8Array } | null;
}
