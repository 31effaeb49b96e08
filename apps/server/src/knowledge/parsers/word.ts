import { Buffer } from 'node:buffer';
import { strFromU8, unzipSync } from 'fflate';
import { messages, ParseError } from './errors';
import { tableText } from './rows';
import { fillMerges, toSheet, type Address } from './table';
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
 * then the footnotes and endnotes (mammoth's raw text leaves them out; the .doc path keeps them too). The body
 * is mammoth's raw text (each paragraph followed by a blank line), except that a table is written as a
 * spreadsheet's rows are (tableText): one block of "coluna: valor" lines per row, so that a menu's dish keeps
 * its day and meal.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  verifyZipEntrySizes(bytes, checkZipBomb(bytes));
  const mammoth = (await import('mammoth')).default;
  let body: DocxElement | undefined;
  try {
    // mammoth's document tree, read as for its HTML; the conversion itself is given nothing to do.
    await mammoth.convertToHtml(
      { buffer: asBuffer(bytes) },
      {
        transformDocument: (document: DocxElement) => {
          body = document;
          return { ...document, children: [] };
        },
      },
    );
  } catch (e) {
    throw new ParseError(messages.wordCorrupt, { detail: String(e), cause: e });
  }
  if (!body) throw new ParseError(messages.wordCorrupt, { detail: 'mammoth read no document' });
  return textDocument([bodyText(body), ...docxNotes(bytes)].join('\n\n'));
}

/** The slice of mammoth's document tree we read (mammoth/lib/documents.js). */
interface DocxElement {
  type: string;
  value?: string;
  children?: DocxElement[];
  colSpan?: number;
  rowSpan?: number;
}

/** mammoth's extractRawText (lib/raw-text.js), with tables as rows. */
function bodyText(element: DocxElement): string {
  if (element.type === 'text') return element.value ?? '';
  if (element.type === 'tab') return '\t';
  if (element.type === 'table') return tableBlock(element);
  const text = (element.children ?? []).map(bodyText).join('');
  return element.type === 'paragraph' ? `${text}\n\n` : text;
}

/**
 * A cell's paragraphs on one line: each dish of a menu's cell apart by "; ", unless the paragraph already ends
 * with a punctuation mark, or with a hyphen ("Terça-" over "feira" is one word).
 */
function cellText(cell: DocxElement): string {
  return cellParagraphs((cell.children ?? []).map(bodyText));
}

/** A cell's paragraphs as one line: joined by "; " unless one already ends a phrase (or a word cut by a hyphen). */
function cellParagraphs(paragraphs: string[]): string {
  let text = '';
  for (const paragraph of paragraphs) {
    const part = paragraph.replace(/\s+/g, ' ').trim();
    if (!part) continue;
    text += !text ? part : /-$/.test(text) ? part : /[,;:.!?]$/.test(text) ? ` ${part}` : `; ${part}`;
  }
  return text;
}

/**
 * A Word table as rows (tableText), its merged cells carried to every row and column they cover as a
 * spreadsheet's are (fillMerges), its first row the header unless it looks like data (hasHeaderRow), and rows
 * that repeat the header (a header repeated on each page, a table of weeks) skipped. A table of one row or one
 * column lays text out rather than holding records: its cells stay paragraphs, as before.
 */
function tableBlock(table: DocxElement): string {
  const rows = (table.children ?? []).filter((row) => row.type === 'tableRow');
  const grid: string[][] = [];
  const merges: { s: Address; e: Address }[] = [];
  /** Columns still covered, in the rows below, by a cell merged down (mammoth drops the covered cells). */
  const coveredUntil: number[] = [];
  let width = 0;
  rows.forEach((row, r) => {
    const cells: string[] = (grid[r] = []);
    let c = 0;
    for (const cell of (row.children ?? []).filter((x) => x.type === 'tableCell')) {
      while ((coveredUntil[c] ?? -1) >= r) cells[c++] = '';
      const colSpan = Math.max(1, cell.colSpan ?? 1);
      const rowSpan = Math.max(1, cell.rowSpan ?? 1);
      cells[c] = cellText(cell);
      for (let k = 1; k < colSpan; k++) cells[c + k] = '';
      if (colSpan > 1 || rowSpan > 1) merges.push({ s: { r, c }, e: { r: r + rowSpan - 1, c: c + colSpan - 1 } });
      for (let k = 0; k < colSpan; k++) coveredUntil[c + k] = r + rowSpan - 1;
      c += colSpan;
    }
    width = Math.max(width, c);
  });
  if (rows.length < 2 || width < 2) return (table.children ?? []).map(bodyText).join('');
  return gridBlock(fillMerges(grid, merges));
}

/**
 * A Word table's cells (DOCX or DOC) as rows (tableText): its first row the header unless it looks like data
 * (hasHeaderRow), and rows that repeat the header (a header repeated on each page, a table of weeks) skipped.
 */
function gridBlock(grid: unknown[][]): string {
  const key = (row: unknown[]) => row.map((v) => String(v ?? '').trim()).join('\t').replace(/\t+$/, '');
  const first = grid.find((row) => key(row) !== '');
  const unique = first ? grid.filter((row) => row === first || key(row) !== key(first)) : grid;
  const sheet = toSheet('', unique, { detectHeader: true });
  return sheet ? `\n\n${tableText(sheet)}\n\n` : '';
}

/**
 * The tables of a Word 97–2003 body as word-extractor gives them, as rows (gridBlock): each cell ends with a tab (Word's
 * cell mark) and each row with its own mark, so a row is a line ending in a tab ("Row 1, cell 1\tRow 1, cell 2\t"), or
 * several when a cell holds line breaks ("Méthode(s)\tpublic … \n(méthode …).\t"). Two rows of two cells or more make a
 * table; anything else stays text.
 */
function docTables(body: string): string {
  const out: string[] = [];
  let rows: string[][] = [];
  let pending: string[] = [];
  const flush = () => {
    const width = Math.max(0, ...rows.map((r) => r.length));
    if (rows.length >= 2 && width >= 2) out.push(gridBlock(rows));
    else out.push(...rows.map((r) => r.join('\t')));
    out.push(...pending);
    rows = [];
    pending = [];
  };
  for (const line of body.split('\n')) {
    // A row goes on (a cell's line break) until a line ends with the row's last cell mark.
    if (line.includes('\t') || pending.length) {
      pending.push(line);
      if (line.endsWith('\t')) {
        rows.push(pending.join('\n').slice(0, -1).split('\t').map((cell) => cellParagraphs(cell.split('\n'))));
        pending = [];
      } else if (!line.includes('\t') && (line.trim() === '' || pending.length > 8)) {
        flush();
      }
      continue;
    }
    flush();
    out.push(line);
  }
  flush();
  return out.join('\n');
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
    raw = [docTables(doc.getBody(keep)), doc.getFootnotes(keep), doc.getEndnotes(keep), doc.getTextboxes({ ...keep, includeHeadersAndFooters: false })]
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
