import { CHUNK_SIZE } from '@atende/shared';
import { type Sheet } from './types';

export interface TableToPassagesOptions {
  /** Target passage size; rows are grouped until the next one would not fit. */
  maxChars?: number;
}

const ELLIPSIS = '…';

/**
 * Splits spreadsheets and CSVs by rows, never inside one: each row becomes "coluna: valor" lines
 * (empty values skipped, a blank header named "Coluna N"), so every passage carries the header with
 * each value and a price list is answered row by row. With several sheets, each passage starts with
 * "Planilha: <nome>". Rows are grouped up to ~maxChars; a row that alone exceeds it is cut at a line
 * boundary (the last line kept is shortened with "…" only when not even one line fits).
 */
export function tableToPassages(sheets: Sheet[], options: TableToPassagesOptions = {}): string[] {
  return [...tablePassages(sheets, options)];
}

/** tableToPassages one passage at a time, so that indexing can start before the whole table is split. */
export function* tablePassages(sheets: Sheet[], { maxChars = CHUNK_SIZE }: TableToPassagesOptions = {}): Generator<string> {
  const filled = (cells: string[]) => cells.some((c) => oneLine(c) !== '');
  const nonEmpty = sheets.filter((s) => filled(s.header) || s.rows.some(filled));
  const several = nonEmpty.length > 1;

  for (const sheet of nonEmpty) {
    const prefix = several ? `Planilha: ${oneLine(sheet.name) || 'Sem nome'}` : '';
    const budget = Math.max(1, maxChars - (prefix ? prefix.length + 2 : 0));
    if (!sheet.rows.some(filled)) {
      // A sheet with a single line (a note, a title) has no data rows: its text is the passage.
      const text = fitLines(sheet.header.map(oneLine).filter(Boolean), budget);
      yield prefix ? `${prefix}\n\n${text}` : text;
      continue;
    }
    const columns = columnNames(sheet);
    const renamed = sheet.columns && renamedColumns(sheet.columns);
    const passage = (group: string[]) => (prefix ? `${prefix}\n\n${group.join('\n\n')}` : group.join('\n\n'));
    let group: string[] = [];
    let size = 0;

    for (let r = 0; r < sheet.rows.length; r++) {
      const row = sheet.rows[r]!;
      const lines = rowLines(renamed?.[r] ?? columns, row);
      if (!lines.length) continue;
      const block = fitLines(lines, budget);
      if (group.length && size + 2 + block.length > budget) {
        yield passage(group);
        group = [];
        size = 0;
      }
      group.push(block);
      size += (group.length > 1 ? 2 : 0) + block.length;
    }
    if (group.length) yield passage(group);
  }
}

/** The name each column's values are given: its header, or "Coluna N" for a blank one. */
function columnNames(sheet: Sheet): string[] {
  return namesOf(sheet.header);
}

const namesOf = (header: string[]) => header.map((h, i) => oneLine(h) || `Coluna ${i + 1}`);

/** Sheet.columns as names (blank ones "Coluna N"), each distinct list computed once. */
function renamedColumns(columns: Array<string[] | undefined>): Array<string[] | undefined> {
  const named = new Map<string[], string[]>();
  return columns.map((c) => {
    if (!c) return undefined;
    let names = named.get(c);
    if (!names) named.set(c, (names = namesOf(c)));
    return names;
  });
}

/** A row as "coluna: valor" lines, empty values skipped. */
function rowLines(columns: string[], row: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < row.length; i++) {
    const value = oneLine(row[i] ?? '');
    if (value) lines.push(`${columns[i] ?? `Coluna ${i + 1}`}: ${value}`);
  }
  return lines;
}

/**
 * A table inside running text (a Word document's) written as tablePassages writes a spreadsheet's rows: each
 * row a block of "coluna: valor" lines, blocks apart by a blank line, so that the text splitter, which cuts
 * at blank lines first, keeps each row whole and with its column names. A table without data rows is its
 * header's values, one per line. Nothing is cut here: a long row is left to the splitter.
 */
export function tableText(sheet: Sheet): string {
  const filled = (cells: string[]) => cells.some((c) => oneLine(c) !== '');
  if (!sheet.rows.some(filled)) return sheet.header.map(oneLine).filter(Boolean).join('\n');
  const columns = columnNames(sheet);
  const renamed = sheet.columns && renamedColumns(sheet.columns);
  return sheet.rows
    .map((row, r) => rowLines(renamed?.[r] ?? columns, row).join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

/** Whitespace that oneLine changes: any but a single inner space. */
const LOOSE_SPACE = /[^\S ]| {2}|^ | $/;

/** Whitespace (including line breaks inside a cell) collapsed so that one value is one line. */
function oneLine(s: string): string {
  // Most cells need nothing: a test is much cheaper than a replace and a trim on every cell of a big table.
  return LOOSE_SPACE.test(s) ? s.replace(/\s+/g, ' ').trim() : s;
}

/** The row's lines joined by \n, keeping whole lines while they fit in `budget`. */
function fitLines(lines: string[], budget: number): string {
  const whole = lines.join('\n');
  if (whole.length <= budget) return whole;
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    const added = (kept.length ? 1 : 0) + line.length;
    if (size + added > budget) break;
    kept.push(line);
    size += added;
  }
  if (kept.length) return kept.join('\n');
  return lines[0]!.slice(0, Math.max(0, budget - ELLIPSIS.length)).trimEnd() + ELLIPSIS;
}
