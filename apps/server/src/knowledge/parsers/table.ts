import { messages, ParseError } from './errors';
import { LIMITS, type Sheet } from './types';

/**
 * Turns raw rows into a Sheet: cells trimmed, blank rows dropped, the first non-blank row as header,
 * trailing empty columns removed. Returns null for a sheet with nothing in it.
 */
export function toSheet(name: string, raw: unknown[][]): Sheet | null {
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
  return { name, header: fit(header!), rows: body.map(fit) };
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
