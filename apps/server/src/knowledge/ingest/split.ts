import { CHUNK_OVERLAP, CHUNK_SIZE } from '@atende/shared';

const SEPARATORS = ['\n\n', '\n', '. ', '? ', '! ', '; ', ', ', ' ', ''];

/**
 * Recursive character splitter (docs/product.md §9: ~1,000 characters, 100 overlap):
 * splits on the coarsest separator that works (paragraphs, lines, sentences,
 * words), merges pieces up to `size`, and carries `overlap` characters of
 * context into the next chunk.
 */
export function splitText(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  return [...splitPassages(text, size, overlap)];
}

/** splitText's chunks one by one, each as soon as it is cut (ingest/prepare.ts: the parse worker's passages). */
export function* splitPassages(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): Generator<string> {
  // (Most texts have no '\r': looking for one is cheaper than a regex pass over the whole text.)
  const clean = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).replace(/[ \t]+\n/g, '\n').trim();
  if (!clean) return;
  if (clean.length <= size) yield clean;
  else yield* merge(splitRecursive(clean, size, 0), size, overlap);
}

/** A piece of text and the level of the separator it was cut at (0: paragraphs apart by a blank line). */
interface Piece {
  text: string;
  level: number;
}

function splitRecursive(text: string, size: number, level: number): Piece[] {
  if (text.length <= size) return [{ text, level }];
  const sep = SEPARATORS[level]!;
  if (sep === '') {
    const out: Piece[] = [];
    for (let i = 0; i < text.length; i += size) out.push({ text: text.slice(i, i + size), level });
    return out;
  }
  const parts = text.split(sep);
  if (parts.length === 1) return splitRecursive(text, size, level + 1);
  const out: Piece[] = [];
  parts.forEach((part, i) => {
    // Keep the separator with the piece it ends (sentence punctuation stays attached).
    const piece = i < parts.length - 1 ? part + sep : part;
    if (!piece) return;
    // A block of values goes with the short line before it, its name ("Pezinho", "00:10", "R$ 10,00", each between blank
    // lines): a chunk cut between them has a name without its price and a price without its name.
    const before = out.at(-1);
    if (level === 0 && before?.level === 0 && before.text.length + piece.length <= size && isValueBlock(part) && lastLine(before.text).length <= NAME_LENGTH) {
      before.text += piece;
      return;
    }
    if (piece.length <= size) out.push({ text: piece, level });
    else out.push(...splitRecursive(piece, size, level + 1));
  });
  return out;
}

/** A menu's price in reais ("R$ 18,00", "R$ 1.200", "R$ --,--" for a size not served): ingest/menus.ts too. */
export const MENU_PRICE = String.raw`R\$\s?(?:\d{1,3}(?:\.\d{3})*(?:,\d{2})?|[-–]{1,2},[-–]{1,2})`;
/** A price that ends a line ("… - Grande R$ 36,00", "… R$ --,--"). */
const PRICE_AT_END = new RegExp(`${MENU_PRICE}$`, 'u');

/** The separators a line is cut at to fill a chunk: sentences first. */
const SENTENCE_LEVEL = SEPARATORS.indexOf('. ');

function* merge(pieces: Piece[], size: number, overlap: number): Generator<string> {
  let current = '';
  // The Markdown headings above the text read so far ("## Prazos de Entrega", "### Demais Regiões"): a chunk that
  // starts inside a section opens with them, so its passage still says what its lines are about ("- Norte: 6-8 dias
  // úteis" is about delivery).
  const outline: string[] = [];
  // The title in capitals alone between blank lines (a menu's "CALABRESA" over its ingredients and prices) that the
  // chunk's text starts under, after the Markdown headings: a chunk that starts among its lines opens with it too.
  let title = '';
  // Where in the chunk titles count from: after its last Markdown heading, which ends the titles above it.
  let titlesFrom = 0;
  /** Ends the chunk being filled (its text, none when it is only spaces) and starts the next with the overlap. */
  const close = (): string[] => {
    const kept = tail(current, overlap);
    // A title the chunk ends with ("Pizzas" after the last sandwich of a menu, its pizzas in the next chunk) heads nothing
    // here, and is quoted alone as an answer: it is left to the next chunk, which the overlap opens with.
    const last = lastLine(current);
    const titleCarried = isTitleLine(last) && `\n${kept.trim()}`.endsWith(`\n${last}`) && current.trim().length > last.length;
    const chunk = (titleCarried ? current.trimEnd().slice(0, -last.length) : current).trim();
    for (const block of current.slice(titlesFrom, current.length - kept.length).split(/\n\s*\n/)) {
      if (CAPITALS_TITLE.test(block.trim())) title = block.trim();
    }
    titlesFrom = 0;
    // What the overlap already repeats is not said twice.
    const context = [...outline, title].filter((line) => line && !kept.includes(line)).join('\n');
    current = context ? `${context}\n\n${kept}` : kept;
    return chunk ? [chunk] : [];
  };
  for (const piece of pieces) {
    if (current && current.length + piece.text.length > size) {
      // A line that does not fit (a paragraph of a PDF, whose lines are whole paragraphs) fills the rest of the chunk
      // sentence by sentence instead of leaving it a quarter empty or more: as many passages as the text's size asks
      // for, each cut where a sentence ends. A paragraph apart by a blank line, or a line without sentences, is not cut.
      if (piece.level > 0 && current.length < size * 0.75 && piece.text.length > size / 4 && /[.!?] \S/.test(piece.text)) {
        for (const sentence of splitRecursive(piece.text, Math.min(size, piece.text.length - 1), SENTENCE_LEVEL)) {
          if (current && current.length + sentence.text.length > size) yield* close();
          current += sentence.text;
        }
        continue;
      }
      yield* close();
    }
    current += piece.text;
    if (piece.text.includes('#') && readHeadings(piece.text, outline)) {
      title = '';
      titlesFrom = current.length;
    }
  }
  if (current.trim()) yield current.trim();
}

/**
 * A short line in capitals, with no lower-case letter ("CALABRESA", "FRANGO À BRASILEIRA", "BEBIDAS"): alone between
 * blank lines, a title over what follows (here, and in the offline answerer: chat/answer.ts). Its three capitals are
 * counted last (the lookbehind), on a line that has the shape: a line of prose fails at its first lower-case letter
 * instead of being scanned for capitals first.
 */
export const CAPITALS_TITLE = /^[\p{Lu}\d][\p{Lu}\d '’&/().-]{2,59}$(?<=(?:\p{Lu}.*){3})/u;

/**
 * A line that is only a value, as a booking app's export gives each field of a service or a day alone between blank
 * lines ("Pezinho", "00:10", "R$ 10,00"; "Domingo", "Fechado"): a price, a time or a length of time, hours ("09:00 -
 * 22:30", "9h às 18h"), "Fechado" / "Aberto". A bare number ("12", a PDF's page) is not one. Here and in chat/answer.ts.
 */
export const VALUE_LINE =
  /^(?:R\$\s?\d{1,3}(?:\.\d{3})*(?:,\d{2})?|\d{1,3}(?:\.\d{3})*,\d{2}|\d{1,2}(?::\d{2}|h\d{0,2})(?:\s*(?:-|–|a|às|as|até)\s*\d{1,2}(?::\d{2}|h\d{0,2}))?|\d{1,3}\s?(?:min|minutos|hs?|horas?)|fechad[oa]|abert[oa])\.?$/iu;

/** A line that only separates ("-----", "_____", "═════"): what it follows ends there. */
export const SEPARATOR_LINE = /^[-_=*─━═]{3,}$/;

/** The longest line that can be the name of the values after it. */
const NAME_LENGTH = 60;

/** Whether a block of text (between blank lines) holds only values (VALUE_LINE), and some. */
export function isValueBlock(block: string): boolean {
  let values = 0;
  for (const line of block.split('\n')) {
    const value = line.trim();
    if (!value) continue;
    if (!VALUE_LINE.test(value)) return false;
    values++;
  }
  return values > 0;
}

const lastLine = (text: string) => {
  const trimmed = text.trimEnd();
  return trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim();
};

/** A short line that names what follows it ("Pizzas", "café da manhã", "## Contato"): no sentence, item, price or value. */
const isTitleLine = (line: string) =>
  line.length <= NAME_LENGTH && /\p{L}/u.test(line) && !/[.!?;,]$/.test(line) && !/\d{2}/.test(line) && !/^(?:[-*•▪◦·–—]|\d{1,2}[.)])\s/.test(line);

/** Updates `outline` (its index: a heading's level − 1) with the Markdown headings of a piece of text; whether it had one. */
function readHeadings(text: string, outline: string[]): boolean {
  let found = false;
  for (const match of text.matchAll(/^(#{1,6})\s+\S.*$/gm)) {
    const level = match[1]!.length;
    outline.length = level;
    outline[level - 1] = match[0];
    found = true;
  }
  return found;
}

/**
 * The last `overlap` characters, starting at a line when they hold one (a list item, a FAQ's answer: not the end of
 * a cut sentence, 'Jurídica" e informe…'), else at a word boundary when possible.
 */
function tail(text: string, overlap: number): string {
  if (overlap <= 0) return '';
  const slice = text.slice(-overlap);
  const line = slice.indexOf('\n');
  if (line >= 0 && slice.slice(line).trim()) return withoutLeadingValues(slice.slice(line + 1).replace(/^\n+/, ''));
  // A price list's line longer than the overlap (a menu's "Calabresa - Molho, muçarela… - Grande R$ 36,00": ingest/menus.ts)
  // is whole in this chunk: its end, prices without their item's name, is no context for the next.
  if (PRICE_AT_END.test(text.trimEnd())) return '';
  const space = slice.indexOf(' ');
  return space > 0 && space < slice.length - 1 ? slice.slice(space + 1) : slice;
}

/**
 * Text without the values, names with their values and separators it starts with: values whose name was left behind
 * ("00:10", "R$ 10,00"), and records the chunk before has whole ("Pezinho", "00:10", "R$ 10,00"), not context.
 */
function withoutLeadingValues(text: string): string {
  const lines = text.split('\n');
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const next = lines.slice(i + 1).find((l) => l.trim());
    const named = line.length <= NAME_LENGTH && next !== undefined && VALUE_LINE.test(next.trim());
    if (!VALUE_LINE.test(line) && !SEPARATOR_LINE.test(line) && !named) break;
    start = i + 1;
  }
  return lines.slice(start).join('\n').replace(/^\n+/, '');
}
