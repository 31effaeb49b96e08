import { CHUNK_OVERLAP, CHUNK_SIZE } from '@atende/shared';

const SEPARATORS = ['\n\n', '\n', '. ', '? ', '! ', '; ', ', ', ' ', ''];

/**
 * Recursive character splitter (docs/product.md §9: ~1,000 characters, 100 overlap):
 * splits on the coarsest separator that works (paragraphs, lines, sentences,
 * words), merges pieces up to `size`, and carries `overlap` characters of
 * context into the next chunk.
 */
export function splitText(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  const clean = text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').trim();
  if (!clean) return [];
  if (clean.length <= size) return [clean];
  return merge(splitRecursive(clean, size, 0), size, overlap);
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
    if (piece.length <= size) out.push({ text: piece, level });
    else out.push(...splitRecursive(piece, size, level + 1));
  });
  return out;
}

/** The separators a line is cut at to fill a chunk: sentences first. */
const SENTENCE_LEVEL = SEPARATORS.indexOf('. ');

function merge(pieces: Piece[], size: number, overlap: number): string[] {
  const chunks: string[] = [];
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
  const close = () => {
    chunks.push(current.trim());
    const kept = tail(current, overlap);
    for (const block of current.slice(titlesFrom, current.length - kept.length).split(/\n\s*\n/)) {
      if (CAPITALS_TITLE.test(block.trim())) title = block.trim();
    }
    titlesFrom = 0;
    // What the overlap already repeats is not said twice.
    const context = [...outline, title].filter((line) => line && !kept.includes(line)).join('\n');
    current = context ? `${context}\n\n${kept}` : kept;
  };
  for (const piece of pieces) {
    if (current && current.length + piece.text.length > size) {
      // A line that does not fit (a paragraph of a PDF, whose lines are whole paragraphs) fills the rest of the chunk
      // sentence by sentence instead of leaving it a quarter empty or more: as many passages as the text's size asks
      // for, each cut where a sentence ends. A paragraph apart by a blank line, or a line without sentences, is not cut.
      if (piece.level > 0 && current.length < size * 0.75 && piece.text.length > size / 4 && /[.!?] \S/.test(piece.text)) {
        for (const sentence of splitRecursive(piece.text, Math.min(size, piece.text.length - 1), SENTENCE_LEVEL)) {
          if (current && current.length + sentence.text.length > size) close();
          current += sentence.text;
        }
        continue;
      }
      close();
    }
    current += piece.text;
    if (piece.text.includes('#') && readHeadings(piece.text, outline)) {
      title = '';
      titlesFrom = current.length;
    }
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks.filter((c) => c.length > 0);
}

/**
 * A short line in capitals, with no lower-case letter ("CALABRESA", "FRANGO À BRASILEIRA", "BEBIDAS"): alone between
 * blank lines, a title over what follows (here, and in the offline answerer: chat/answer.ts).
 */
export const CAPITALS_TITLE = /^(?=(?:.*\p{Lu}){3})[\p{Lu}\d][\p{Lu}\d '’&/().-]{2,59}$/u;

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
  if (line >= 0 && slice.slice(line).trim()) return slice.slice(line + 1).replace(/^\n+/, '');
  const space = slice.indexOf(' ');
  return space > 0 && space < slice.length - 1 ? slice.slice(space + 1) : slice;
}
