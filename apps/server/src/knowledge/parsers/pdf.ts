import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { getDocumentProxy } from 'unpdf';
import { messages, ParseError } from './errors';
import { LIMITS, type ParsedDocument } from './types';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * pdf.js's character maps (pdfjs-dist, the same pdf.js version unpdf bundles): CJK fonts without a
 * ToUnicode table (vertical.pdf's Identity-V Japanese) have no text without them.
 */
const CMAP_URL = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps')}/`;

/** PDF text layer through unpdf (pdf.js, serverless build: no eval, no worker, no fonts loaded), plus filled form fields. */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given: hand it a private copy.
  const open = (data: Uint8Array) =>
    getDocumentProxy(new Uint8Array(data), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
      cMapUrl: CMAP_URL,
      cMapPacked: true,
    });
  let pdf: PdfDocument;
  const notices: string[] = [];
  try {
    pdf = await open(bytes);
  } catch (e) {
    const name = (e as { name?: string }).name;
    // Only the attachments encrypted (PDF 2.0 /EFF): the pages are readable without the password.
    const readable = name === 'PasswordException' ? withoutAttachmentOnlyEncryption(bytes) : null;
    if (readable) {
      pdf = await open(readable).catch((again: unknown) => Promise.reject(new ParseError(messages.pdfPassword, { detail: String(again), cause: again })));
      notices.push(messages.pdfEncryptedAttachments);
    } else if (name === 'PasswordException') throw new ParseError(messages.pdfPassword, { detail: String(e), cause: e });
    else throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
  }
  try {
    let pages: Line[][];
    try {
      pages = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        const styles = content.styles as Record<string, { vertical?: boolean } | undefined>;
        const items: PdfTextItem[] = [];
        for (const item of content.items) {
          if (!('str' in item)) continue;
          items.push({ str: item.str, transform: item.transform as number[], width: item.width, vertical: styles[item.fontName]?.vertical === true });
        }
        pages.push(pageLines(items));
        page.cleanup();
      }
    } catch (e) {
      throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
    }
    const result = { totalPages: pdf.numPages };
    const body = composeSpacingAccents(documentText(pages)).replace(/[ \t]+\n/g, '\n').trim();
    const form = await formFields(pdf);
    const text = [body, form.filled.join('\n')].filter(Boolean).join('\n\n');
    if (!/[\p{L}\p{N}]/u.test(text)) {
      if (form.fields > 0) throw new ParseError(messages.pdfEmptyForm, { detail: `${form.fields} empty form field(s), no text` });
      throw new ParseError(messages.pdfScanned, { detail: `${result.totalPages} page(s), no text` });
    }
    if (text.length > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${text.length} chars` });
    return { kind: 'text', text, pages: result.totalPages, ...(notices.length > 0 ? { notices } : {}) };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** What pageText needs of a pdf.js text item: its text, where it is drawn and how wide it is. */
export interface PdfTextItem {
  str: string;
  /** The text matrix [a, b, c, d, x, y]: a, b the direction and size, x and y the baseline's start. */
  transform: number[];
  width: number;
  /** Drawn in a vertical writing mode (CJK): laid out top to bottom, kept in the page's order. */
  vertical?: boolean;
}

interface Line {
  y: number;
  /** Font size (the text matrix's scale). */
  size: number;
  left: number;
  right: number;
  text: string;
  /** A line of separate columns (a gap of several characters between two items): a table's, never joined. */
  columns: boolean;
  /** Not laid out left to right (rotated, vertical): a line of its own, never joined. */
  alone: boolean;
  /** Average character width of its first item, to measure the next line's first word. */
  charWidth: number;
  /** The right edge of its block's paragraphs: where the block's longest lines end. */
  edge: number;
  /** The left edge of its block's paragraphs: where its lines of prose start furthest left. */
  margin: number;
  /** The first line of a column read after the one left of it: it may go on with that column's last sentence. */
  fresh: boolean;
  /**
   * Its block has fewer than three lines of prose (a footer under a table, a page number): their edge is their
   * own, it tells no wrapped line from a short one.
   */
  thin: boolean;
}

/** An item where it is drawn: its baseline's start (x, y), its font size and where it ends. */
interface Piece {
  item: PdfTextItem;
  x: number;
  y: number;
  size: number;
  end: number;
  /** Not laid out left to right (rotated, vertical). */
  alone: boolean;
}

const SENTENCE_END = /[.!?:;…]["'”’)\]]*$/u;
/** A list item, a heading number or a bullet starts a line of its own. */
const LIST_START = /^(?:[•▪◦●○■□‣∙·*\-–—>]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)](?:\s|$)|\d{1,3}(?:\.\d{1,3})+\.?\s)/u;

/**
 * A page's text from its items' positions (pdf.js's own order is the order of drawing, and extractText joins
 * items with nothing between them): items are grouped into lines by their baseline and ordered left to right,
 * with a space where two items stand apart, so a price drawn after the whole menu lands on its dish's line.
 * Lines go top to bottom, one per line of the page (no blank lines: the splitter then packs whole lines, as
 * before, and cuts between paragraphs rather than inside a sentence). A line wrapped by the layout is joined to the next one when that one continues its sentence: it does not end a
 * sentence, the next starts in lower case or its first word would not have fitted on this line (the
 * paragraph's width), this one is not a table row (items columns apart), the next is not a list item, and
 * both have one size. Headings, lists and short
 * lines keep their breaks.
 * A page laid out in columns of prose (see `gutterOf`) is read column after column: the lines above the
 * columns first, then each column top to bottom, left to right, then the lines below them.
 */
export function pageText(items: PdfTextItem[]): string {
  return documentText([pageLines(items)]);
}

/** A page's lines in reading order (see pageText), not yet joined. */
function pageLines(items: PdfTextItem[]): Line[] {
  const pieces: Piece[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(a, b) || Math.hypot(c, d);
    const horizontal = a > 0 && Math.abs(b) <= 1e-3 * a && Math.abs(c) <= 1e-3 * a;
    pieces.push({ item, x, y, size, end: x + item.width, alone: !horizontal || item.vertical === true });
  }
  return blocksOf(pieces, 0).flatMap((block) => blockLines(block.pieces, block.fresh));
}

/**
 * The document's text from its pages' lines: lines joined within a page as pageText says, pages apart by a
 * blank line, except that a sentence cut by the page break goes on (see joinsAcross). Running headers and
 * footers (see runningLines) are left out of the pages: a page number is dropped, a header is said where it
 * first appears, a footer once after the last page, so neither is glued into a sentence nor cuts one.
 */
function documentText(pages: Line[][]): string {
  const { dropped, footers } = runningLines(pages);
  let out = '';
  let previous: Line | undefined;
  for (const lines of pages) {
    let top = true;
    for (const current of lines) {
      if (!current.text || dropped.has(current)) continue;
      if (!previous) out = current.text;
      else if (top ? joinsAcross(previous, current) : joins(previous, current)) {
        out += previous.text.endsWith('-') && /^\p{Ll}/u.test(current.text) ? current.text : ` ${current.text}`;
      } else out += `${top ? '\n\n' : '\n'}${current.text}`;
      previous = current;
      top = false;
    }
  }
  return footers.length ? `${out}\n\n${footers.join('\n')}` : out;
}

/** How many lines at the top and at the foot of a page may be a running header or footer. */
const MARGIN_LINES = 3;
/**
 * A page number, alone or within a running line: "3", "- 3 -", "3/10", "3 de 10", "Página 3 de 10", "Pág. 3",
 * "Page 3 of 10". Replaced by "#" to compare the lines of different pages.
 */
const PAGE_NUMBER = /(?:\b(?:p[áa]gina|p[áa]g\.?|page|folha|fls?\.?)\s*)\d{1,4}(?:\s*(?:de|of|\/)\s*\d{1,4})?|^[-–—]?\s*\d{1,4}(?:\s*(?:de|of|\/)\s*\d{1,4})?\s*[-–—]?$/giu;

/**
 * Running headers and footers: a line among the first or last MARGIN_LINES of a page whose text is found at
 * the same height (within half its size) on a third of the pages, two at least — the same text, or the same
 * but for a page number ("Página 3 de 10") — and nowhere else on its page (a table's cell repeated on every
 * row, 'BRANCO /' in a menu, is content). A line with a page number is dropped everywhere. Any other
 * running line is kept where it first appears when it heads a page (a company's name, a table's header row
 * repeated on each page), and said once after the last page when it is a footer (a company's contact line):
 * `footers`, in page order.
 */
function runningLines(pages: Line[][]): { dropped: Set<Line>; footers: string[] } {
  const dropped = new Set<Line>();
  const footers: string[] = [];
  if (pages.length < 2) return { dropped, footers };
  interface Candidate {
    line: Line;
    page: number;
    key: string;
    numbered: boolean;
    foot: boolean;
  }
  const byKey = new Map<string, Candidate[]>();
  pages.forEach((lines, page) => {
    const placed = lines.filter((l) => l.text && !l.alone).sort((p, q) => q.y - p.y);
    const margin = new Map<Line, boolean>();
    placed.slice(0, MARGIN_LINES).forEach((line) => margin.set(line, false));
    placed.slice(-MARGIN_LINES).forEach((line) => {
      if (!margin.has(line) || placed.indexOf(line) >= placed.length / 2) margin.set(line, true);
    });
    // A text said more than once on the page (a table's cell on every row) is the page's content.
    const said = new Map<string, number>();
    for (const line of placed) said.set(line.text, (said.get(line.text) ?? 0) + 1);
    for (const [line, foot] of margin) {
      if (said.get(line.text)! > 1) continue;
      const key = line.text.replace(PAGE_NUMBER, '#');
      const candidate = { line, page, key, numbered: key !== line.text, foot };
      const same = byKey.get(key);
      if (same) same.push(candidate);
      else byKey.set(key, [candidate]);
    }
  });
  // A third of the pages: books alternate their headers and footers between left and right pages.
  const least = Math.max(2, pages.length / 3);
  const seen = new Set<Candidate>();
  for (const candidates of byKey.values()) {
    if (candidates.length < least) continue;
    for (const candidate of candidates) {
      if (seen.has(candidate)) continue;
      // The pages with this text at this height, first page first.
      const at = candidates.filter((c) => !seen.has(c) && Math.abs(c.line.y - candidate.line.y) <= 0.5 * candidate.line.size);
      if (new Set(at.map((c) => c.page)).size < least) continue;
      for (const c of at) {
        seen.add(c);
        if (c.numbered || c !== at[0] || c.foot) dropped.add(c.line);
      }
      if (candidate.foot && !candidate.numbered) footers.push(candidate.line.text);
    }
  }
  return { dropped, footers };
}

/** Items grouped into rows by baseline, top to bottom (a stable sort keeps the drawing order of items at the same place). */
function rowsOf(pieces: Piece[]): Piece[][] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Piece[][] = [];
  let row: Piece[] = [];
  for (const p of sorted) {
    const base = row[0];
    if (base && Math.abs(base.y - p.y) > 0.5 * Math.min(base.size, p.size)) {
      rows.push(row);
      row = [];
    }
    row.push(p);
  }
  if (row.length) rows.push(row);
  return rows;
}

/** A block's lines, top to bottom: its rows, left to right, and its rotated or vertical items, each a line. */
function blockLines(pieces: Piece[], fresh: boolean): Line[] {
  const lines: Line[] = [];
  for (const { item, x, y, size, alone } of pieces) {
    if (alone) lines.push({ y, size, left: x, right: x, text: item.str.trim(), columns: false, alone, charWidth: 0, edge: 0, margin: 0, fresh: false, thin: false });
  }
  for (const row of rowsOf(pieces.filter((p) => !p.alone))) {
    row.sort((p, q) => p.x - q.x);
    const size = Math.max(...row.map((p) => p.size));
    let text = '';
    let end = -Infinity;
    let columns = false;
    for (const { item, x, size: s } of row) {
      const gap = x - end;
      if (text && gap > 0.15 * s && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
      if (text && gap > 2 * s) columns = true;
      text += item.str;
      end = Math.max(end, x + item.width);
    }
    const first = row[0]!;
    lines.push({
      y: first.y,
      size,
      left: first.x,
      right: end,
      text: text.replace(/\s+/g, ' ').trim(),
      columns,
      alone: false,
      charWidth: first.item.width / Math.max(1, first.item.str.length),
      edge: 0,
      margin: 0,
      fresh: false,
      thin: false,
    });
  }
  lines.sort((p, q) => q.y - p.y);
  // The paragraphs' right edge: where the block's longest lines end.
  const prose = lines.filter((l) => !l.alone && !l.columns);
  const edge = prose.length ? Math.max(...prose.map((l) => l.right)) : 0;
  const margin = prose.length ? Math.min(...prose.map((l) => l.left)) : 0;
  for (const line of lines) {
    line.edge = edge;
    line.margin = margin;
    line.thin = prose.length < 3;
  }
  const first = lines[0];
  if (first) first.fresh = fresh;
  return lines;
}

/**
 * The page cut into blocks read one after the other: the whole page, or, where `gutterOf` finds columns, the
 * blocks above them, each column (left to right, cut again if it holds columns itself: up to three levels) and
 * the blocks below them. A rotated or vertical item goes with the rows at its height and the column at its x.
 */
function blocksOf(pieces: Piece[], depth: number): Array<{ pieces: Piece[]; fresh: boolean }> {
  if (!pieces.length) return [];
  const rows = rowsOf(pieces.filter((p) => !p.alone));
  const gutter = depth < 3 ? gutterOf(rows) : null;
  if (!gutter) return [{ pieces, fresh: false }];
  const top = rows[gutter.first]![0]!.y;
  const bottom = rows[gutter.last]![0]!.y;
  const band = new Set(rows.slice(gutter.first, gutter.last + 1).flat());
  const above = new Set(rows.slice(0, gutter.first).flat());
  const inBand = (p: Piece) => (p.alone ? p.y <= top && p.y >= bottom : band.has(p));
  const isAbove = (p: Piece) => (p.alone ? p.y > top : above.has(p));
  const columns = pieces.filter(inBand);
  const right = blocksOf(columns.filter((p) => p.x >= gutter.x), depth + 1);
  if (right[0]) right[0].fresh = true;
  return [
    ...blocksOf(pieces.filter(isAbove), depth),
    ...blocksOf(columns.filter((p) => p.x < gutter.x), depth + 1),
    ...right,
    ...blocksOf(pieces.filter((p) => !inBand(p) && !isAbove(p)), depth),
  ];
}

/** Words of two letters or more in a row's text: prose has several, a price or a quantity none. */
const wordsIn = (pieces: Piece[]) => pieces.map((p) => p.item.str).join(' ').match(/\p{L}{2,}/gu)?.length ?? 0;

/**
 * A gutter between columns of prose: an x no item crosses over a stretch of consecutive rows (rows
 * `first`..`last`; the rows that cross it, a title across the page, bound the stretch), with at least three
 * rows of text on each side, most rows of each side prose (three words or more: prices, quantities and
 * labels are not), the left side's lines reaching the gutter as wrapped lines do (a table's first column is
 * ragged, far from the next), and both sides side by side rather than one above the other. Candidate x's come
 * from the gaps of a font size or more within rows; the stretch with the most rows on its thinner side wins.
 */
function gutterOf(rows: Piece[][]): { x: number; first: number; last: number } | null {
  if (rows.length < 3) return null;
  const candidates = new Set<number>();
  for (const row of rows) {
    let end = -Infinity;
    for (const p of [...row].sort((a, b) => a.x - b.x)) {
      if (p.x - end >= p.size) for (const x of [end + 0.25 * p.size, (end + p.x) / 2, p.x - 0.25 * p.size]) candidates.add(Math.round(x));
      end = Math.max(end, p.end);
    }
  }
  let best: { x: number; first: number; last: number; score: number } | null = null;
  for (const x of candidates) {
    let first = 0;
    for (let i = 0; i <= rows.length; i++) {
      if (i < rows.length && !rows[i]!.some((p) => p.x < x && p.end > x)) continue;
      const score = i - first >= 3 ? columnScore(rows.slice(first, i), x) : 0;
      if (score > (best?.score ?? 0)) best = { x, first, last: i - 1, score };
      first = i + 1;
    }
  }
  return best;
}

/** How many rows the thinner side of a stretch split at x has, when both sides are columns of prose (see gutterOf); else 0. */
function columnScore(rows: Piece[][], x: number): number {
  const sides = rows.map((row) => ({ left: row.filter((p) => p.end <= x), right: row.filter((p) => p.x >= x) }));
  const left = sides.filter((s) => s.left.length > 0).map((s) => s.left);
  const right = sides.filter((s) => s.right.length > 0).map((s) => s.right);
  if (left.length < 3 || right.length < 3) return 0;
  const prose = (side: Piece[][]) => side.filter((row) => wordsIn(row) >= 3).length >= 0.6 * side.length;
  if (!prose(left) || !prose(right)) return 0;
  const ends = left.map((row) => Math.max(...row.map((p) => p.end)));
  const reach = Math.max(...ends);
  const start = Math.min(...left.flat().map((p) => p.x));
  const size = Math.max(...left.flat().map((p) => p.size));
  if (ends.filter((e) => e >= reach - Math.max(4 * size, 0.2 * (reach - start))).length < 0.5 * left.length) return 0;
  // Side by side: the two sides share most of their height.
  const span = (side: Piece[][]) => [Math.min(...side.flat().map((p) => p.y)), Math.max(...side.flat().map((p) => p.y))] as const;
  const [lb, lt] = span(left);
  const [rb, rt] = span(right);
  if (Math.min(lt, rt) - Math.max(lb, rb) < 0.5 * Math.min(lt - lb, rt - rb)) return 0;
  return Math.min(left.length, right.length);
}

/** Whether `lower` goes on with the sentence `upper` was wrapped in (see pageText). */
function joins(upper: Line, lower: Line): boolean {
  if (upper.alone || lower.alone || upper.columns) return false;
  if (Math.abs(upper.size - lower.size) > 0.15 * upper.size) return false;
  if (SENTENCE_END.test(upper.text) || LIST_START.test(lower.text)) return false;
  // The top of the next column: only a sentence that plainly goes on (in lower case) is carried over.
  if (lower.fresh) return /^\p{Ll}/u.test(lower.text);
  const leading = upper.y - lower.y;
  if (leading <= 0 || leading > 1.8 * upper.size) return false;
  if (/^[\p{Ll}\d(,;]/u.test(lower.text)) return true;
  if (lower.columns) return false;
  return wrapped(upper, lower);
}

/**
 * Whether `lower`, the first line of a page, goes on with the sentence `upper`, the last of the page before,
 * was cut in. `upper` was wrapped: not a table row, not the end of a sentence, and the next word would not have
 * fitted on it, measured against the other lines of its block (a running header, a page number, a footer under
 * a table or a short last line never is), and starting in the left half of its block. `lower` has its size,
 * plainly goes on (in lower case, as at the top of a column; not a list item), and starts at its block's margin
 * or as far in as `upper`.
 */
function joinsAcross(upper: Line, lower: Line): boolean {
  if (upper.alone || lower.alone || upper.columns || upper.thin) return false;
  // `upper` starts in the left half of its block (a footer aside does not), and `lower` at its block's margin or
  // as far in as `upper` (a list item's lines). Text around a picture starts further in than the block's margin.
  const indent = (line: Line) => line.left - line.margin;
  if (indent(upper) > 0.5 * (upper.edge - upper.margin)) return false;
  if (indent(lower) > 2 * upper.size && Math.abs(indent(upper) - indent(lower)) > 2 * upper.size) return false;
  if (Math.abs(upper.size - lower.size) > 0.15 * upper.size) return false;
  if (SENTENCE_END.test(upper.text) || LIST_START.test(lower.text) || !/^\p{Ll}/u.test(lower.text)) return false;
  return wrapped(upper, lower);
}

/** Whether the first word of `lower`, and the space before it, would not have fitted at the end of `upper`. */
function wrapped(upper: Line, lower: Line): boolean {
  const word = lower.text.split(' ', 1)[0]!;
  return upper.right + (word.length + 1) * (lower.charWidth || upper.size / 2) > upper.edge - 0.5 * upper.size;
}

interface FieldObject {
  name?: string;
  type?: string;
  value?: unknown;
  exportValues?: string;
  kidIds?: string[];
}

/**
 * The form's fields: how many, and the filled ones as "name: value" lines (a form the merchant filled in
 * holds its answers there, not in the page text). Checkboxes read "Sim"; empty fields and buttons are skipped.
 */
async function formFields(pdf: PdfDocument): Promise<{ fields: number; filled: string[] }> {
  const objects = ((await pdf.getFieldObjects().catch(() => null)) ?? {}) as Record<string, FieldObject[]>;
  const filled: string[] = [];
  let fields = 0;
  for (const [name, widgets] of Object.entries(objects)) {
    const widget = widgets.find((w) => !w.kidIds && w.type && w.type !== 'button');
    if (!widget) continue;
    fields++;
    const value = fieldValue(widget);
    if (value) filled.push(`${name.trim()}: ${value}`);
  }
  return { fields, filled };
}

function fieldValue(field: FieldObject): string {
  const { type, value } = field;
  if (type === 'checkbox') return value && value !== 'Off' ? 'Sim' : '';
  if (type === 'radiobutton') return typeof value === 'string' && value !== 'Off' ? value : '';
  if (Array.isArray(value)) return value.map(String).filter(Boolean).join(', ');
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/**
 * A copy of the file without its /Encrypt entry when only its attachments are encrypted: a V4/V5 security
 * handler whose stream and string filters are Identity (the default) and an /EFF filter for embedded files.
 * The entry is blanked with spaces of the same length, so every byte offset stays valid. Null otherwise.
 */
function withoutAttachmentOnlyEncryption(bytes: Uint8Array): Uint8Array | null {
  const text = new TextDecoder('latin1').decode(bytes);
  const refs = [...text.matchAll(/\/Encrypt\s+(\d+)\s+(\d+)\s+R/g)];
  const last = refs.at(-1);
  if (!last) return null;
  const body = [...text.matchAll(new RegExp(`(?:^|\\s)${last[1]}\\s+${last[2]}\\s+obj\\b([\\s\\S]*?)endobj`, 'g'))].at(-1)?.[1];
  if (!body) return null;
  const version = Number(/\/V\s+(\d+)/.exec(body)?.[1] ?? 0);
  const filter = (key: string) => new RegExp(`/${key}\\s*/(\\w+)`).exec(body)?.[1] ?? 'Identity';
  if (version < 4 || filter('StmF') !== 'Identity' || filter('StrF') !== 'Identity' || !/\/EFF\s*\/\w+/.test(body)) return null;
  const copy = new Uint8Array(bytes);
  for (const ref of refs) copy.fill(0x20, ref.index, ref.index + ref[0].length);
  return copy;
}

/** Spacing accents (as LaTeX fonts draw them, a glyph of their own) and the combining mark each stands for. */
const COMBINING: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '`': '\u0300', // grave
  '\u02dc': '\u0303', // ˜ tilde
  '\u02c6': '\u0302', // ˆ circumflex
  '\u00a8': '\u0308', // ¨ dieresis
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02da': '\u030a', // ˚ ring
  '\u02c7': '\u030c', // ˇ caron
};
const ACCENT_AFTER = /(\p{L})([\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7])/gu;
const ACCENT_BEFORE = /([\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7])(\p{L})/gu;

/** Which letters each accent may go on (Latin-script languages): a backtick next to "n" stays a backtick. */
const BASES: Record<string, RegExp> = {
  '\u0301': /^[aeiouyı]$/i,
  '\u0300': /^[aeiouı]$/i,
  '\u0303': /^[aon]$/i,
  '\u0302': /^[aeiouı]$/i,
  '\u0308': /^[aeiouyı]$/i,
  '\u0327': /^c$/i,
  '\u030a': /^[au]$/i,
  '\u030c': /^[cszrne]$/i,
};

/** The letter with the accent, when it takes that accent and Unicode has the pair as one character ("e´" → "é"). */
function composed(letter: string, accent: string): string | null {
  const mark = COMBINING[accent]!;
  if (!BASES[mark]!.test(letter)) return null;
  // LaTeX accents an i without its dot (ı): í, not ı́.
  const result = ((letter === '\u0131' ? 'i' : letter) + mark).normalize('NFC');
  return [...result].length === 1 ? result : null;
}

/**
 * Text from LaTeX-made PDFs keeps each accent as a separate spacing glyph next to its letter ("prote´ge´",
 * "Luı´s", "ac¸a˜o"): the words would never match a question. Each accent is joined to the letter before it
 * (how pdf.js orders them), else to the letter after it, when Unicode has the composed letter; the rest of
 * the text is normalised to NFC.
 */
export function composeSpacingAccents(text: string): string {
  if (!/[\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7]/.test(text)) return text.normalize('NFC');
  return text
    .replace(ACCENT_AFTER, (pair, letter: string, accent: string) => composed(letter, accent) ?? pair)
    .replace(ACCENT_BEFORE, (pair, accent: string, letter: string) => composed(letter, accent) ?? pair)
    .normalize('NFC');
}
