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
export function tableToPassages(sheets: Sheet[], { maxChars = CHUNK_SIZE }: TableToPassagesOptions = {}): string[] {
  const passages: string[] = [];
  const filled = (cells: string[]) => cells.some((c) => oneLine(c) !== '');
  const nonEmpty = sheets.filter((s) => filled(s.header) || s.rows.some(filled));
  const several = nonEmpty.length > 1;

  for (const sheet of nonEmpty) {
    const prefix = several ? `Planilha: ${oneLine(sheet.name) || 'Sem nome'}` : '';
    const budget = Math.max(1, maxChars - (prefix ? prefix.length + 2 : 0));
    if (!sheet.rows.some(filled)) {
      // A sheet with a single line (a note, a title) has no data rows: its text is the passage.
      const text = fitLines(sheet.header.map(oneLine).filter(Boolean), budget);
      passages.push(prefix ? `${prefix}\n\n${text}` : text);
      continue;
    }
    const columns = sheet.header.map((h, i) => oneLine(h) || `Coluna ${i + 1}`);
    let group: string[] = [];
    let size = 0;

    const flush = () => {
      if (!group.length) return;
      const body = group.join('\n\n');
      passages.push(prefix ? `${prefix}\n\n${body}` : body);
      group = [];
      size = 0;
    };

    for (const row of sheet.rows) {
      const lines: string[] = [];
      row.forEach((cell, i) => {
        const value = oneLine(cell);
        if (value) lines.push(`${columns[i] ?? `Coluna ${i + 1}`}: ${value}`);
      });
      if (!lines.length) continue;
      const block = fitLines(lines, budget);
      const added = (group.length ? 2 : 0) + block.length;
      if (group.length && size + added > budget) flush();
      group.push(block);
      size += (group.length > 1 ? 2 : 0) + block.length;
    }
    flush();
  }
  return passages;
}

/** Whitespace (including line breaks inside a cell) collapsed so that one value is one line. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
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
