import { tableText } from './rows';
import { toSheet } from './table';

/**
 * Markdown's pipe tables (what a chatbot writes when asked for a price list or a schedule, and merchants paste) read as
 * a spreadsheet's rows are (tableText: one block of "coluna: valor" lines per row), so each value keeps its column:
 *
 *   | Unidade  | Sábado     | Domingos e Feriados |
 *   | :------- | :--------- | :------------------ |
 *   | Floresta | 08h às 13h | Fechada             |
 *
 * becomes "Unidade: Floresta\nSábado: 08h às 13h\nDomingos e Feriados: Fechada". A table is a header row, a delimiter
 * row ("| --- | :---: |") and the rows after it (GitHub Flavored Markdown); anything else is left as written.
 */
export function markdownTables(text: string): string {
  if (!text.includes('|')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = cells(lines[i]!);
    const delimiter = i + 1 < lines.length ? cells(lines[i + 1]!) : null;
    if (!header || !delimiter || delimiter.length !== header.length || !delimiter.every((c) => /^:?-+:?$/.test(c))) {
      out.push(lines[i]!);
      continue;
    }
    const rows: string[][] = [];
    let j = i + 2;
    for (let row = cells(lines[j] ?? ''); row; row = cells(lines[++j] ?? '')) rows.push(row);
    const sheet = rows.length ? toSheet('', [header, ...rows]) : null;
    out.push(sheet ? `\n${tableText(sheet)}\n` : lines[i]!, ...(sheet ? [] : lines.slice(i + 1, j)));
    i = j - 1;
  }
  return out.join('\n');
}

/** A table line's cells, without the outer pipes and Markdown's bold marks; null for a line that is not one. */
function cells(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.replace(/\\\|/g, '').includes('|')) return null;
  const inner = trimmed.replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|').replace(/\*\*(.+?)\*\*/g, '$1'));
}
