import { Buffer } from 'node:buffer';
import { messages, ParseError } from './errors';
import { enforceTableLimits, fillMerges, toSheet } from './table';
import { LIMITS, type ParsedDocument, type Sheet } from './types';
import { checkZipBomb, verifyZipEntrySizes } from './zip-guard';

/** SheetJS formats numbers the en-US way ("1,234.50"); a Brazilian Excel shows "1.234,50". */
export function toBrazilianNumber(formatted: string): string {
  return formatted.replace(/(?<=\d)[.,](?=\d)/g, (c) => (c === '.' ? ',' : '.'));
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
