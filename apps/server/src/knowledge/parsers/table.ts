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
  if (detectHeader && !hasHeaderRow(header!, body)) return { name, header: fit([]), rows: rows.map(fit) };
  return { name, header: fit(header!), rows: body.map(fit) };
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
