import { Buffer } from 'node:buffer';
import { messages, ParseError } from './errors';
import { enforceTableLimits, toSheet } from './table';
import { LIMITS, type ParsedDocument, type Sheet } from './types';
import { checkZipBomb, verifyZipEntrySizes } from './zip-guard';

/** SheetJS formats numbers the en-US way ("1,234.50"); a Brazilian Excel shows "1.234,50". */
export function toBrazilianNumber(formatted: string): string {
  return formatted.replace(/(?<=\d)[.,](?=\d)/g, (c) => (c === '.' ? ',' : '.'));
}

interface Address {
  r: number;
  c: number;
}

/**
 * Merged cells as the reader sees them: Excel keeps a merged range's value in its top-left cell only, so a
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

interface Cell {
  t?: string;
  v?: unknown;
  w?: string;
}

/**
 * XLSX (after the zip-bomb guard) and XLS through SheetJS. Values come out as Excel displays them to a
 * Brazilian user: number formats applied with pt-BR separators, dates as dd/mm/yyyy, booleans in Portuguese.
 */
export async function parseWorkbook(bytes: Uint8Array, kind: 'xlsx' | 'xls'): Promise<ParsedDocument> {
  if (kind === 'xlsx') verifyZipEntrySizes(bytes, checkZipBomb(bytes));
  const XLSX = await import('@e965/xlsx');
  // Read at most one row beyond the cap per sheet (+ header): enough to know the cap is exceeded
  // without materialising a million rows.
  const sheetRows = LIMITS.maxRows + 2;
  let wb: ReturnType<typeof XLSX.read>;
  try {
    wb = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      dense: true,
      cellDates: true,
      dateNF: 'dd/mm/yyyy',
      sheetRows,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (e) {
    const text = String(e);
    if (/password|encrypt/i.test(text)) throw new ParseError(messages.encrypted, { detail: text, cause: e });
    throw new ParseError(messages.sheetCorrupt, { detail: text, cause: e });
  }

  const sheets: Sheet[] = [];
  let truncated = false;
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    if (!ws || !ws['!ref']) continue;
    if (ws['!fullref'] && ws['!fullref'] !== ws['!ref']) {
      const full = XLSX.utils.decode_range(ws['!fullref']);
      if (full.e.r - full.s.r + 1 > sheetRows) truncated = true;
    }
    const data = (ws as unknown as { '!data'?: (Cell | undefined)[][] })['!data'];
    for (const row of data ?? []) {
      if (!row) continue;
      for (const cell of row) {
        if (!cell) continue;
        if (cell.t === 'n' && typeof cell.w === 'string') cell.w = toBrazilianNumber(cell.w);
        else if (cell.t === 'b') cell.w = cell.v ? 'VERDADEIRO' : 'FALSO';
      }
    }
    // Blank rows kept: row i is the sheet's row range.s.r + i, as the merged ranges count them.
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false, defval: '', blankrows: true });
    const merges = ws['!merges'];
    const sheet = toSheet(name, merges?.length ? fillMerges(rows, merges, XLSX.utils.decode_range(ws['!ref']).s) : rows);
    if (sheet) sheets.push(sheet);
  }
  enforceTableLimits(sheets);
  if (truncated) throw new ParseError(messages.tooManyRows, { detail: 'a sheet spans more rows than the cap' });
  if (!sheets.length) throw new ParseError(messages.sheetEmpty);
  return { kind: 'table', sheets };
}
