import { documentKinds, type DocumentKind } from '@atende/shared';

/** The file kinds the knowledge base accepts: the registry in packages/shared (document-kinds.ts). */
export type FileKind = DocumentKind;

/** The stored mime type of each kind (CSV is always stored as text/csv), from the registry. */
export const MIME_BY_KIND = Object.fromEntries(Object.entries(documentKinds).map(([kind, { mime }]) => [kind, mime])) as Record<
  FileKind,
  string
>;

export interface Sheet {
  name: string;
  header: string[];
  rows: string[][];
  /**
   * Per row, the names of its columns when they are not the header's: the days a row of days in the middle
   * of a menu gives the columns below it (parsers/days.ts). Absent for most tables.
   */
  columns?: Array<string[] | undefined>;
}

/** What every parser returns: running text, or tables for spreadsheets and CSVs. */
export type ParsedDocument = (
  | { kind: 'text'; text: string; pages?: number }
  | { kind: 'table'; sheets: Sheet[] }
) & {
  /** What was read only in part, said to the merchant beside the file (pt-BR), e.g. encrypted attachments skipped. */
  notices?: string[];
};

/** Caps shared by every parser (pt-BR messages live in errors.ts). */
export const LIMITS = {
  /** Data rows (after each header), summed over every sheet of a workbook or a CSV. */
  maxRows: 200_000,
  /** Extracted text, in UTF-16 code units (≈ characters). Tables count the characters of their cells. */
  maxTextChars: 20 * 1024 * 1024,
} as const;
