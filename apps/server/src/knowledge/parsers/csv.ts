import Papa from 'papaparse';
import { messages, ParseError } from './errors';
import { enforceTableLimits, toSheet } from './table';
import { decodeText } from './text';
import { LIMITS, type ParsedDocument } from './types';

/**
 * CSV: decoded like TXT (UTF-8, else Windows-1252), delimiter guessed among `,` `;` and tab, first
 * non-empty row as header unless it looks like data (no header row). TRUE/FALSE read as VERDADEIRO/FALSO,
 * as spreadsheets show booleans. Parsing stops as soon as the row cap is passed.
 */
export function parseCsv(bytes: Uint8Array, name = 'CSV'): ParsedDocument {
  const { text } = decodeText(bytes);
  const rows: string[][] = [];
  let overflow = false;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      rows.push(result.data.map(booleanCell));
      // header + maxRows data rows are fine; one more is over the cap.
      if (rows.length > LIMITS.maxRows + 1) {
        overflow = true;
        parser.abort();
      }
    },
  });
  if (overflow) throw new ParseError(messages.tooManyRows, { detail: `more than ${LIMITS.maxRows} rows` });
  const sheet = toSheet(name, rows, { detectHeader: true });
  if (!sheet) throw new ParseError(messages.csvEmpty);
  enforceTableLimits([sheet]);
  return { kind: 'table', sheets: [sheet] };
}

/** The one form of booleans in the knowledge base: as a Brazilian spreadsheet shows them (see sheet.ts). */
function booleanCell(cell: string): string {
  const bare = cell.trim().toUpperCase();
  return bare === 'TRUE' ? 'VERDADEIRO' : bare === 'FALSE' ? 'FALSO' : cell;
}
