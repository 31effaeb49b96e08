import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { getDocumentProxy } from 'unpdf';
import { messages, ParseError } from './errors';
import { LIMITS, type ParsedDocument } from './types';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * pdf.js's character maps (pdfjs-dist, the same pdf.js version unpdf bundles): CJK fonts without a
 * ToUnicode table (vertical.pdf's Identity-V Japanese) have no text without them.
 */
const CMAP_URL = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps')}/`;

/** PDF text layer through unpdf (pdf.js, serverless build: no eval, no worker, no fonts loaded), plus filled form fields. */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given: hand it a private copy.
  const open = (data: Uint8Array) =>
    getDocumentProxy(new Uint8Array(data), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
      cMapUrl: CMAP_URL,
      cMapPacked: true,
    });
  let pdf: PdfDocument;
  const notices: string[] = [];
  try {
    pdf = await open(bytes);
  } catch (e) {
    const name = (e as { name?: string }).name;
    // Only the attachments encrypted (PDF 2.0 /EFF): the pages are readable without the password.
    const readable = name === 'PasswordException' ? withoutAttachmentOnlyEncryption(bytes) : null;
    if (readable) {
      pdf = await open(readable).catch((again: unknown) => Promise.reject(new ParseError(messages.pdfPassword, { detail: String(again), cause: again })));
      notices.push(messages.pdfEncryptedAttachments);
    } else if (name === 'PasswordException') throw new ParseError(messages.pdfPassword, { detail: String(e), cause: e });
    else throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
  }
  try {
    let result: { totalPages: number; text: string[] };
    try {
      result = await extractText(pdf, { mergePages: false });
    } catch (e) {
      throw new ParseError(messages.pdfCorrupt, { detail: String(e), cause: e });
    }
    const pages = result.text.map((t) => composeSpacingAccents(t).replace(/[ \t]+\n/g, '\n').trim());
    const form = await formFields(pdf);
    const text = [...pages, form.filled.join('\n')].filter(Boolean).join('\n\n');
    if (!/[\p{L}\p{N}]/u.test(text)) {
      if (form.fields > 0) throw new ParseError(messages.pdfEmptyForm, { detail: `${form.fields} empty form field(s), no text` });
      throw new ParseError(messages.pdfScanned, { detail: `${result.totalPages} page(s), no text` });
    }
    if (text.length > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${text.length} chars` });
    return { kind: 'text', text, pages: result.totalPages, ...(notices.length > 0 ? { notices } : {}) };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

interface FieldObject {
  name?: string;
  type?: string;
  value?: unknown;
  exportValues?: string;
  kidIds?: string[];
}

/**
 * The form's fields: how many, and the filled ones as "name: value" lines (a form the merchant filled in
 * holds its answers there, not in the page text). Checkboxes read "Sim"; empty fields and buttons are skipped.
 */
async function formFields(pdf: PdfDocument): Promise<{ fields: number; filled: string[] }> {
  const objects = ((await pdf.getFieldObjects().catch(() => null)) ?? {}) as Record<string, FieldObject[]>;
  const filled: string[] = [];
  let fields = 0;
  for (const [name, widgets] of Object.entries(objects)) {
    const widget = widgets.find((w) => !w.kidIds && w.type && w.type !== 'button');
    if (!widget) continue;
    fields++;
    const value = fieldValue(widget);
    if (value) filled.push(`${name.trim()}: ${value}`);
  }
  return { fields, filled };
}

function fieldValue(field: FieldObject): string {
  const { type, value } = field;
  if (type === 'checkbox') return value && value !== 'Off' ? 'Sim' : '';
  if (type === 'radiobutton') return typeof value === 'string' && value !== 'Off' ? value : '';
  if (Array.isArray(value)) return value.map(String).filter(Boolean).join(', ');
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/**
 * A copy of the file without its /Encrypt entry when only its attachments are encrypted: a V4/V5 security
 * handler whose stream and string filters are Identity (the default) and an /EFF filter for embedded files.
 * The entry is blanked with spaces of the same length, so every byte offset stays valid. Null otherwise.
 */
function withoutAttachmentOnlyEncryption(bytes: Uint8Array): Uint8Array | null {
  const text = new TextDecoder('latin1').decode(bytes);
  const refs = [...text.matchAll(/\/Encrypt\s+(\d+)\s+(\d+)\s+R/g)];
  const last = refs.at(-1);
  if (!last) return null;
  const body = [...text.matchAll(new RegExp(`(?:^|\\s)${last[1]}\\s+${last[2]}\\s+obj\\b([\\s\\S]*?)endobj`, 'g'))].at(-1)?.[1];
  if (!body) return null;
  const version = Number(/\/V\s+(\d+)/.exec(body)?.[1] ?? 0);
  const filter = (key: string) => new RegExp(`/${key}\\s*/(\\w+)`).exec(body)?.[1] ?? 'Identity';
  if (version < 4 || filter('StmF') !== 'Identity' || filter('StrF') !== 'Identity' || !/\/EFF\s*\/\w+/.test(body)) return null;
  const copy = new Uint8Array(bytes);
  for (const ref of refs) copy.fill(0x20, ref.index, ref.index + ref[0].length);
  return copy;
}

/** Spacing accents (as LaTeX fonts draw them, a glyph of their own) and the combining mark each stands for. */
const COMBINING: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '`': '\u0300', // grave
  '\u02dc': '\u0303', // ˜ tilde
  '\u02c6': '\u0302', // ˆ circumflex
  '\u00a8': '\u0308', // ¨ dieresis
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02da': '\u030a', // ˚ ring
  '\u02c7': '\u030c', // ˇ caron
};
const ACCENT_AFTER = /(\p{L})([\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7])/gu;
const ACCENT_BEFORE = /([\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7])(\p{L})/gu;

/** Which letters each accent may go on (Latin-script languages): a backtick next to "n" stays a backtick. */
const BASES: Record<string, RegExp> = {
  '\u0301': /^[aeiouyı]$/i,
  '\u0300': /^[aeiouı]$/i,
  '\u0303': /^[aon]$/i,
  '\u0302': /^[aeiouı]$/i,
  '\u0308': /^[aeiouyı]$/i,
  '\u0327': /^c$/i,
  '\u030a': /^[au]$/i,
  '\u030c': /^[cszrne]$/i,
};

/** The letter with the accent, when it takes that accent and Unicode has the pair as one character ("e´" → "é"). */
function composed(letter: string, accent: string): string | null {
  const mark = COMBINING[accent]!;
  if (!BASES[mark]!.test(letter)) return null;
  // LaTeX accents an i without its dot (ı): í, not ı́.
  const result = ((letter === '\u0131' ? 'i' : letter) + mark).normalize('NFC');
  return [...result].length === 1 ? result : null;
}

/**
 * Text from LaTeX-made PDFs keeps each accent as a separate spacing glyph next to its letter ("prote´ge´",
 * "Luı´s", "ac¸a˜o"): the words would never match a question. Each accent is joined to the letter before it
 * (how pdf.js orders them), else to the letter after it, when Unicode has the composed letter; the rest of
 * the text is normalised to NFC.
 */
export function composeSpacingAccents(text: string): string {
  if (!/[\u00b4`\u02dc\u02c6\u00a8\u00b8\u02da\u02c7]/.test(text)) return text.normalize('NFC');
  return text
    .replace(ACCENT_AFTER, (pair, letter: string, accent: string) => composed(letter, accent) ?? pair)
    .replace(ACCENT_BEFORE, (pair, accent: string, letter: string) => composed(letter, accent) ?? pair)
    .normalize('NFC');
}
