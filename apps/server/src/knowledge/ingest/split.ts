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

function splitRecursive(text: string, size: number, level: number): string[] {
  if (text.length <= size) return [text];
  const sep = SEPARATORS[level]!;
  if (sep === '') {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  const parts = text.split(sep);
  if (parts.length === 1) return splitRecursive(text, size, level + 1);
  const out: string[] = [];
  parts.forEach((part, i) => {
    // Keep the separator with the piece it ends (sentence punctuation stays attached).
    const piece = i < parts.length - 1 ? part + sep : part;
    if (!piece) return;
    if (piece.length <= size) out.push(piece);
    else out.push(...splitRecursive(piece, size, level + 1));
  });
  return out;
}

function merge(pieces: string[], size: number, overlap: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length > size) {
      chunks.push(current.trim());
      current = tail(current, overlap);
    }
    current += piece;
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks.filter((c) => c.length > 0);
}

/** The last `overlap` characters, starting at a word boundary when possible. */
function tail(text: string, overlap: number): string {
  if (overlap <= 0) return '';
  const slice = text.slice(-overlap);
  const space = slice.indexOf(' ');
  return space > 0 && space < slice.length - 1 ? slice.slice(space + 1) : slice;
}
