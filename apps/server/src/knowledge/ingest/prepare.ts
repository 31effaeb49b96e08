import { encodeTsvector } from '../../db/copy-format';
import { tablePassages, type ParsedDocument } from '../parsers';
import { withoutControls } from './controls';
import { menuRecords } from './menus';
import { splitPassages } from './split';
import { passageLexemes } from '../forms';

/**
 * Passages per batch: what one indexing transaction writes and one call to the embeddings provider embeds
 * (at most 512 per call, docs/product.md §9).
 */
export const PASSAGE_BATCH = 250;
/**
 * The first batch is smaller, and each next one twice as big up to PASSAGE_BATCH: the database starts
 * writing as soon as a few passages are ready instead of waiting for a whole batch to be analysed.
 */
const FIRST_BATCH = 25;

/**
 * Passages ready to be stored: their text and their full-text lexemes, already in the binary form the
 * database reads (the tsvector fields of a binary COPY, one after another). A plain Uint8Array, so that a
 * parse worker can hand a batch over without copying it.
 */
export interface PreparedPassages {
  contents: string[];
  tsvectors: Uint8Array;
}

/** The passages of a parsed file, as they are cut: spreadsheets and CSVs by rows, running text by textPassages. */
export function documentPassages(doc: ParsedDocument): Iterable<string> {
  return doc.kind === 'table' ? tablePassages(doc.sheets) : runningTextPassages(doc.text);
}

/**
 * The passages of running text (a file's, a web page's, the knowledge base form's): its layout read first — a menu laid out
 * vertically written one item a line (menuRecords; before the controls go, as a "-" among an item's prices is a size
 * not served), a page's controls left out (withoutControls: an accordion's "+" / "−" between a FAQ's question and its
 * answer; a clock's "00:00:00", "carregando...") — then split by the recursive splitter.
 */
export function textPassages(text: string): string[] {
  return [...runningTextPassages(text)];
}

/**
 * textPassages one by one, each as soon as the splitter cuts it (splitPassages): the parse worker analyses and posts a
 * file's first passages while the rest of its text is still to be merged into chunks, as tablePassages groups rows.
 */
function runningTextPassages(text: string): Iterable<string> {
  // Line ends as '\n' once, for the three of them.
  const lines = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  return splitPassages(withoutControls(menuRecords(lines)));
}

/** Analyses passages batch by batch (text-search.ts, forms.ts), as they come. */
export function* preparePassages(chunks: Iterable<string>): Generator<PreparedPassages> {
  let size = FIRST_BATCH;
  let contents: string[] = [];
  let fields: Uint8Array[] = [];
  let bytes = 0;
  const batch = (): PreparedPassages => {
    const tsvectors = new Uint8Array(bytes);
    let at = 0;
    for (const field of fields) {
      tsvectors.set(field, at);
      at += field.length;
    }
    const prepared = { contents, tsvectors };
    size = Math.min(size * 2, PASSAGE_BATCH);
    contents = [];
    fields = [];
    bytes = 0;
    return prepared;
  };
  for (const content of chunks) {
    const field = encodeTsvector(passageLexemes(content));
    contents.push(content);
    fields.push(field);
    bytes += field.length;
    if (contents.length === size) yield batch();
  }
  if (contents.length > 0) yield batch();
}

/** The tsvector field of each passage of a batch (views into `tsvectors`). */
export function tsvectorFields({ tsvectors }: PreparedPassages): Uint8Array[] {
  const view = new DataView(tsvectors.buffer, tsvectors.byteOffset, tsvectors.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at < tsvectors.length; ) {
    const end = at + 4 + view.getInt32(at);
    out.push(tsvectors.subarray(at, end));
    at = end;
  }
  return out;
}
