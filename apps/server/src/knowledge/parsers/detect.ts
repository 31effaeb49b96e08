import { documentKindsLabel, documentKinds, isDocumentKind } from '@atende/shared';
import { messages } from './errors';
import { isOle, oleHasStream, readOleDirectory } from './ole';
import { bomEncoding, isValidUtf8 } from './text';
import { MIME_BY_KIND, type FileKind } from './types';
import { isZip, readZipDirectory, ZipTooManyEntriesError } from './zip';

export type DetectResult = { ok: true; kind: FileKind; mime: string } | { ok: false; reason: string };

export interface DetectInput {
  bytes: Uint8Array;
  filename: string;
  /** What the browser said. Informational only: the extension picks the kind and the content must prove it. */
  declaredMime?: string;
}

const LABEL = (kind: FileKind): string => documentKinds[kind].described;
/** "válido"/"válida" agreeing with the kind's noun. */
const VALID = (kind: FileKind) => (documentKinds[kind].feminine ? 'válida' : 'válido');

/** What the bytes actually are, as far as a cheap look can tell. */
type Sniffed = FileKind | 'zip' | 'ole' | 'ole-encrypted' | 'png' | 'jpeg' | 'gif' | 'exe' | 'elf' | 'binary';

const TEXT_PROBE = 64 * 1024;
const ZIP_DETECT_MAX_ENTRIES = 100_000;

export function fileExtension(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot >= 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Decides whether an upload is one of the accepted kinds, from its extension AND its content
 * (magic bytes, ZIP central directory, OLE2 directory, text heuristics). Never inflates or parses.
 */
export function detectFileType({ bytes, filename }: DetectInput): DetectResult {
  const ext = fileExtension(filename);
  const name = JSON.stringify(filename.split(/[\\/]/).pop() ?? filename).slice(1, -1);
  if (!isDocumentKind(ext)) {
    return {
      ok: false,
      reason: `Tipo de arquivo não suportado: "${name}". Envie arquivos ${documentKindsLabel('ou')}.`,
    };
  }
  const kind: FileKind = ext;
  if (bytes.length === 0) return { ok: false, reason: `O arquivo "${name}" está vazio.` };

  const actual = sniff(bytes, kind);
  if (actual === kind) return { ok: true, kind, mime: MIME_BY_KIND[kind] };
  if (actual === 'ole-encrypted') return { ok: false, reason: `"${name}": ${messages.encrypted}` };

  const base = `O conteúdo de "${name}" não é ${LABEL(kind)} ${VALID(kind)}.`;
  const hint = hintFor(actual);
  return { ok: false, reason: hint ? `${base} ${hint}` : base };
}

function hintFor(actual: Sniffed): string | null {
  switch (actual) {
    case 'pdf':
    case 'docx':
    case 'doc':
    case 'xlsx':
    case 'xls':
      return `Ele parece ser ${LABEL(actual)}: corrija a extensão para .${actual} e envie novamente.`;
    case 'png':
    case 'jpeg':
    case 'gif':
      return 'Ele parece ser uma imagem.';
    case 'exe':
    case 'elf':
      return 'Ele parece ser um programa executável.';
    default:
      return null;
  }
}

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  return bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
}

function sniff(bytes: Uint8Array, expected: FileKind): Sniffed {
  // Lenient (anywhere in the first 1 KB) only for .pdf: a text file may mention "%PDF-".
  if (expected === 'pdf' ? hasPdfHeader(bytes) : startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (isZip(bytes) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(bytes);
  if (isOle(bytes)) return sniffOle(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x4d, 0x5a])) return 'exe';
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (looksLikeText(bytes)) return expected === 'csv' ? 'csv' : 'txt';
  return 'binary';
}

/** PDF readers accept the `%PDF-` header anywhere in the first 1,024 bytes (ISO 32000-1 Annex H). */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const sig = [0x25, 0x50, 0x44, 0x46, 0x2d];
  const limit = Math.min(bytes.length - sig.length, 1024);
  for (let i = 0; i <= limit; i++) if (startsWith(bytes, sig, i)) return true;
  return false;
}

function sniffZip(bytes: Uint8Array): Sniffed {
  let names: string[];
  try {
    names = readZipDirectory(bytes, { maxEntries: ZIP_DETECT_MAX_ENTRIES }).map((e) => e.name);
  } catch (e) {
    return e instanceof ZipTooManyEntriesError ? 'zip' : 'binary';
  }
  const has = (n: string) => names.some((x) => x.replace(/\\/g, '/').replace(/^\//, '').toLowerCase() === n);
  if (has('word/document.xml')) return 'docx';
  if (has('xl/workbook.xml')) return 'xlsx';
  return 'zip';
}

function sniffOle(bytes: Uint8Array): Sniffed {
  const entries = readOleDirectory(bytes);
  if (!entries) return 'binary';
  if (oleHasStream(entries, 'EncryptedPackage')) return 'ole-encrypted';
  if (oleHasStream(entries, 'WordDocument')) return 'doc';
  if (oleHasStream(entries, 'Workbook', 'Book')) return 'xls';
  return 'ole';
}

/**
 * Text: a UTF-16 BOM, or no NUL byte in the first 64 KB, valid UTF-8 (else read as Windows-1252, which
 * decodes any byte) and hardly any control characters (binary formats are full of them).
 */
function looksLikeText(bytes: Uint8Array): boolean {
  const bom = bomEncoding(bytes);
  if (bom && bom.encoding !== 'utf-8') return bytes.length % 2 === 0 || bytes.length > TEXT_PROBE;
  const probe = bytes.subarray(0, TEXT_PROBE);
  // Not UTF-8 means Windows-1252, whose five undefined bytes are as suspicious as control characters.
  const cp1252 = !isValidUtf8(probe, probe.length < bytes.length);
  let controls = 0;
  for (let i = 0; i < probe.length; i++) {
    const b = probe[i]!;
    if (b === 0) return false;
    // Tab, LF, FF, CR and SUB (old DOS end-of-file) are normal in text files.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) controls++;
    else if (cp1252 && (b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d)) controls++;
  }
  return controls <= probe.length / 100;
}
