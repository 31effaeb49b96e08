/**
 * Menus and schedules laid out by day (a school's weekly menu, a restaurant's lunch of the day): which day a
 * row of a table belongs to, when the table says it in a row of its own rather than in a column.
 */

const WEEKDAY =
  '(?:segunda|ter[çc]a|quarta|quinta|sexta)(?:\\s*-\\s*|\\s+)?(?:feira)?|s[áa]bado|domingo|(?:seg|ter|qua|qui|sex|s[áa]b|dom)\\.?|[2-6]\\s*[ªºa°]?\\s*-?\\s*feira';
const MONTH = '(?:janeiro|fevereiro|mar[çc]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)';
const DATE = `\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?|\\d{1,2}\\s+de\\s+${MONTH}(?:\\s+de\\s+\\d{4})?`;
const WEEK = '\\d{1,2}\\s*[ªºa°]?\\s*semana|semana(?:\\s*\\d{1,2})?';
/** One word of a day's name: a weekday, a date, a week. */
const DAY_WORD = new RegExp(`(?<![\\p{L}\\d])(?:${WEEK}|${DATE}|${WEEKDAY})(?![\\p{L}\\d])`, 'giu');
/** What may stand between them: "Segunda-feira, 03/03", "Semana de 03/03 a 07/03", "Quinta-feira (dia 06/03)". */
const CONNECTOR = /^(?:[\s\-–—/,.:;()|]|\b(?:de|do|da|a|à|até|e|dia)\b)*$/iu;
const FIRST = /^[\d\p{L}]/u;
/** How a day's name can start (a digit, a weekday, 'semana'): a cheap test before DAY_WORD. */
const DAY_START = /^(?:\d|seg|ter|qua|qui|sex|s[áa]b|dom|sem)/i;

/**
 * What a cell names, when it names nothing but a day ("Segunda-feira 03/03", "03/03/2025", "3º FEIRA",
 * "Terça – 19.05.26") or a week ("1ª semana", "Semana 2"): 'day' or 'week'; else null.
 */
export function dayLabel(cell: string): 'day' | 'week' | null {
  const text = cell.trim();
  if (!text || text.length > 60 || !FIRST.test(text)) return null;
  let found = false;
  const rest = text.replace(DAY_WORD, () => {
    found = true;
    return ' ';
  });
  if (!found || !CONNECTOR.test(rest)) return null;
  return /semana/i.test(text) ? 'week' : 'day';
}

/** Whether a column's name says which day it is ("Quinta-feira - Especial dia das Crianças"), so a date completes it. */
function namesDay(name: string): boolean {
  DAY_WORD.lastIndex = 0;
  return DAY_WORD.test(name);
}

const filled = (cell: string | undefined) => cell !== undefined && cell !== '';

/** The columns holding something in a row. */
function filledColumns(row: string[]): number[] {
  const columns: number[] = [];
  for (let c = 0; c < row.length; c++) if (filled(row[c])) columns.push(c);
  return columns;
}

/** A row that only names a day or a week, in one cell: a heading over the rows below it. */
function headingOf(row: string[]): { kind: 'day' | 'week'; text: string } | null {
  let only = -1;
  for (let c = 0; c < row.length; c++) {
    if (!filled(row[c])) continue;
    if (only >= 0) return null;
    only = c;
  }
  if (only < 0) return null;
  const kind = dayLabel(row[only]!);
  return kind ? { kind, text: row[only]! } : null;
}

/**
 * A row naming the day of each column ("| 03/03 | 04/03 | 05/03" under a header of weekdays, or "DIAS | 01/10 |
 * 02/10…"): at least two cells, past the first column, name a day each, all different, and nothing else is in
 * the row but a first cell without digits (its label); one day will do under a first cell 'Dias' or 'Data'.
 * The day of each column it names, or null.
 */
function dayRowOf(row: string[]): Map<number, string> | null {
  // Past the first column first: most rows of most tables fail on their second cell, before any costlier test.
  let days: Map<number, string> | null = null;
  for (let c = 1; c < row.length; c++) {
    const cell = row[c];
    if (!filled(cell)) continue;
    if (!DAY_START.test(cell!) || !dayLabel(cell!)) return null;
    (days ??= new Map()).set(c, cell!);
  }
  if (!days) return null;
  const first = row[0] ?? '';
  // One day is enough under a first cell that says these are days ("Dias | | | | 01/09": a week starting on Friday).
  if (days.size < (/^(?:dias?|datas?)$/i.test(first) ? 1 : 2)) return null;
  if (new Set(days.values()).size < days.size) return null;
  if (!filled(first)) return days;
  if (dayLabel(first)) days.set(0, first);
  else if (/\d/.test(first) || first.length > 20) return null;
  return days;
}

/** The sheet as `toSheet` builds it, and what `dayedSheet` adds to it. */
export interface DayedSheet {
  header: string[];
  rows: string[][];
  /** Per row, the column names that apply to it instead of the header's (see dayedSheet); absent when none do. */
  columns?: Array<string[] | undefined>;
}

/**
 * A table's rows given the day they are under, when the table says it in a row of its own:
 * - *A heading row*: a row whose only cell names a day or a week ("Segunda-feira 03/03", merged across the
 *   table) over rows of two cells or more ("Almoço | Arroz, feijão, frango"). Its value is carried to each row
 *   below it, up to the next heading of its kind, in a column of its own put first ('Dia', or 'Semana' for a
 *   week; a week heading also ends the day's), and the heading row itself is dropped. A heading with no rows
 *   under it (a date at the foot of the table) stays a row; a note across the foot of the table is no day's.
 * - *A row of days* (the layout transposed: days across, meals down): a row naming a day in each of its columns
 *   ("DIAS | 01/10 | 02/10…", or two such rows, weekdays then dates), followed by a row of other text under
 *   them. It names those columns for the rows below it, up to the next such row: 'Segunda-feira 01/10' where the
 *   header already names a day, the row's own value where the header names something else ('Coluna 2'). The row is
 *   dropped. A table whose every row looks like that (dates of arrival and departure) is data, left as it is.
 * Tables without such rows come back unchanged (the same arrays).
 */
export function dayedSheet(header: string[], rows: string[][]): DayedSheet {
  // Most tables have neither: find out cheaply before building anything.
  let any = false;
  for (const row of rows) {
    if (headingOf(row) || dayRowOf(row)) {
      any = true;
      break;
    }
  }
  if (!any) return { header, rows };

  const out: string[][] = [];
  const names: Array<string[] | undefined> = [];
  const carried: { week: string[]; day: string[] } = { week: [], day: [] };
  let week = '';
  let day = '';
  let current: string[] | undefined;
  let renamed = false;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const heading = headingOf(row);
    if (heading) {
      const next = rows.slice(i + 1).find((r) => !headingOf(r));
      if (next && filledColumns(next).length >= 2) {
        if (heading.kind === 'week') {
          week = heading.text;
          day = '';
        } else day = heading.text;
        continue;
      }
    }
    const days = dayRowOf(row);
    if (days) {
      // The row, or a run of such rows (weekdays, then dates), and the row after it must hold something else
      // under those days: a meal, not another date.
      let end = i + 1;
      const group = [days];
      for (let d = dayRowOf(rows[end] ?? []); d; d = dayRowOf(rows[end] ?? [])) {
        group.push(d);
        end++;
      }
      const after = rows[end];
      if (after && [...days.keys()].some((c) => filled(after[c]) && !dayLabel(after[c]!))) {
        current = header.map((name, c) => {
          const parts = group.map((g) => g.get(c)).filter((v): v is string => v !== undefined);
          if (!parts.length) return name;
          return namesDay(name) && !parts.includes(name) ? [name, ...parts].join(' ') : parts.join(' ');
        });
        renamed = true;
        i = end - 1;
        continue;
      }
    }
    // A note across the foot of the table (its last row, one cell) is no day's.
    const note = i === rows.length - 1 && filledColumns(row).length === 1;
    carried.week.push(note ? '' : week);
    carried.day.push(note ? '' : day);
    out.push(row);
    names.push(current);
  }
  const lead: string[] = [];
  const leadOf: Array<(r: number) => string> = [];
  if (carried.week.some(Boolean)) {
    lead.push('Semana');
    leadOf.push((r) => carried.week[r]!);
  }
  if (carried.day.some(Boolean)) {
    lead.push('Dia');
    leadOf.push((r) => carried.day[r]!);
  }
  const rowsOut = lead.length ? out.map((row, r) => [...leadOf.map((of) => of(r)), ...row]) : out;
  // The new columns come first: a blank column name keeps its place's number ('Coluna 1' stays the first column's).
  const numbered = (names: string[]) => names.map((name, c) => name || `Coluna ${c + 1}`);
  const headerOut = lead.length ? [...lead, ...numbered(header)] : header;
  const result: DayedSheet = { header: headerOut, rows: rowsOut };
  if (renamed) result.columns = names.map((n) => (n ? [...lead, ...(lead.length ? numbered(n) : n)] : undefined));
  return result;
}
