import { dayedSheet, dayLabel } from './days';
import { messages, ParseError } from './errors';
import { LIMITS, type Sheet } from './types';

/**
 * Turns raw rows into a Sheet: cells trimmed, blank rows dropped, the first non-blank row as header,
 * trailing empty columns removed. Returns null for a sheet with nothing in it. With `detectHeader`, a first
 * row that looks like data (see hasHeaderRow) stays a data row and the columns go unnamed ("Coluna N").
 */
export function toSheet(name: string, raw: unknown[][], { detectHeader = false } = {}): Sheet | null {
  const rows: string[][] = [];
  let width = 0;
  for (const r of raw) {
    const cells = r.map((v) => (v == null ? '' : String(v).trim()));
    let last = cells.length - 1;
    while (last >= 0 && cells[last] === '') last--;
    if (last < 0) continue;
    width = Math.max(width, last + 1);
    rows.push(cells);
  }
  if (!rows.length) return null;
  const fit = (cells: string[]) => {
    const out = cells.slice(0, width);
    while (out.length < width) out.push('');
    return out;
  };
  const [header, ...body] = rows;
  // A first row that only names a day ('Segunda-feira 03/03' over that day's meals) heads rows: it names no column.
  const named = header!.filter(Boolean);
  const headed = body.length > 0 && named.length === 1 && dayLabel(named[0]!) !== null;
  if (headed || (detectHeader && !hasHeaderRow(header!, body))) return daySheet(name, fit([]), rows.map(fit));
  // A column named as a label ("Preço válido até:") is named without its colon: a row reads "Preço válido até: 20/12".
  return daySheet(name, fit(header!.map((c) => c.replace(/\s*:+$/, ''))), body.map(fit));
}

/** The sheet with each row given the day it is under (see dayedSheet); per-row column names only when a row of days renames them. */
function daySheet(name: string, header: string[], rows: string[][]): Sheet {
  const { header: columns, rows: dayed, columns: names } = dayedSheet(header, rows);
  return names ? { name, header: columns, rows: dayed, columns: names } : { name, header: columns, rows: dayed };
}

export interface Address {
  r: number;
  c: number;
}

/**
 * Merged cells (spreadsheets, Word tables) as the reader sees them: Excel and Word keep a merged range's value in its top-left cell only, so a
 * category merged down a column (B4:B15 'LANCHES SALGADOS') would name its first row alone. Each range's
 * value is carried to every cell it covers, down and across, except that:
 * - a row that had nothing of its own (only the lower part of taller merged cells) is left blank, and dropped
 *   like any blank row;
 * - the rows a merged cell of the header row spans down (a header merged over C1:C3, or a second header row
 *   under it) are the header: each column is named by its distinct values top to bottom ('Preço P');
 * - a row whose only content is one range merged across (a title, a note over the whole table) keeps its value
 *   once.
 * `rows` is the sheet from its first row (`origin`), blank rows included; it is changed in place.
 */
export function fillMerges(rows: unknown[][], merges: { s: Address; e: Address }[], origin: Address = { r: 0, c: 0 }): unknown[][] {
  const own = rows.map((row) => row.some((v) => v != null && String(v).trim() !== ''));
  const set = (r: number, c: number, value: unknown) => {
    const row = (rows[r] ??= []);
    while (row.length < c) row.push('');
    row[c] = value;
  };
  const across: { r: number; c0: number; c1: number }[] = [];
  for (const { s, e } of merges) {
    const r0 = s.r - origin.r;
    const c0 = s.c - origin.c;
    const value = rows[r0]?.[c0];
    if (value == null || String(value).trim() === '') continue;
    const r1 = Math.min(e.r - origin.r, rows.length - 1);
    const c1 = e.c - origin.c;
    for (let r = r0; r <= r1; r++) {
      if (r > r0 && !own[r]) continue;
      for (let c = c0; c <= c1; c++) if (r !== r0 || c !== c0) set(r, c, value);
      if (c1 > c0) across.push({ r, c0, c1 });
    }
  }
  const filled = (v: unknown) => v != null && String(v).trim() !== '';
  for (const { r, c0, c1 } of across) {
    const row = rows[r]!;
    if (row.every((v, c) => (c >= c0 && c <= c1) || !filled(v))) for (let c = c0 + 1; c <= c1; c++) row[c] = '';
  }

  // The header: the first row with content, and the rows its merged cells span down.
  const first = own.indexOf(true);
  if (first < 0) return rows;
  let last = first;
  for (const { s, e } of merges) if (s.r - origin.r === first && e.r > s.r) last = Math.max(last, Math.min(e.r - origin.r, rows.length - 1));
  if (last === first) return rows;
  const band = rows.slice(first, last + 1);
  const width = Math.max(...band.map((row) => row.length));
  const header = Array.from({ length: width }, (_, c) => {
    const names: string[] = [];
    for (const row of band) {
      const name = filled(row[c]) ? String(row[c]).trim() : '';
      if (name && !names.includes(name)) names.push(name);
    }
    return names.join(' ');
  });
  rows.splice(first, last - first + 1, header);
  return rows;
}

/** A value that is a number, a price, a date, a time, a quantity or a code of digits ("R$ 4,50", "15/03", "8h", "01310-100"). */
const NUMBER_LIKE = /^[-+(]?(?:R\$|US\$|€)?\s*\d[\d.,:/\s-]*\)?\s*(?:%|h|min|kg|g|mg|ml|l|m|cm|un|x)?$/i;

/**
 * Whether the first row names the columns (as in csv.Sniffer.has_header): a column of numbers under a word
 * votes for a header; a number over numbers, or a value that repeats below it in the same column, votes
 * against. Ties keep the header, the usual case.
 */
export function hasHeaderRow(first: string[], body: string[][]): boolean {
  const sample = body.slice(0, 100);
  let votes = 0;
  first.forEach((head, column) => {
    if (!head) return;
    const values = sample.map((row) => row[column] ?? '').filter(Boolean);
    if (!values.length) return;
    if (values.every((v) => NUMBER_LIKE.test(v))) votes += NUMBER_LIKE.test(head) ? -1 : 1;
    else if (values.includes(head)) votes -= 1;
  });
  return votes >= 0;
}

/** Applies the workbook-wide caps: data rows and characters. */
export function enforceTableLimits(sheets: Sheet[]): void {
  let rows = 0;
  let chars = 0;
  for (const s of sheets) {
    rows += s.rows.length;
    if (rows > LIMITS.maxRows) throw new ParseError(messages.tooManyRows, { detail: `more than ${LIMITS.maxRows} rows` });
    for (const r of s.rows) for (const c of r) chars += c.length;
    for (const c of s.header) chars += c.length;
    if (chars > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${chars} chars in cells` });
  }
}
