import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from './document-kinds';

/** File upload rules (docs/product.md §5, §9), shared by the upload form and the server. */
export const MAX_FILE_BYTES = 52_428_800;
/** The accepted extensions: the document kinds' registry (document-kinds.ts). */
export const ALLOWED_EXTENSIONS: readonly DocumentKind[] = DOCUMENT_KINDS;
export type FileExtension = DocumentKind;
export const SIGNED_URL_TTL_SECONDS = 31_536_000;
export const MAX_FILES_PER_UPLOAD = 10;
/** Longest original file name accepted (the usual file-system limit). */
export const FILE_NAME_MAX = 255;

export const fileStatuses = ['queued', 'processing', 'ready', 'error'] as const;
export type FileStatus = (typeof fileStatuses)[number];

export const fileStatusLabels: Record<FileStatus, string> = {
  queued: 'na fila',
  processing: 'processando',
  ready: 'pronto',
  error: 'erro',
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedFile(filename: string): boolean {
  return isDocumentKind(extensionOf(filename));
}

/** docs/product.md §5: the whole selection is refused when any file has another extension. */
export function unsupportedFilesMessage(filenames: string[]): string | null {
  const bad = filenames.filter((n) => !isAllowedFile(n));
  return bad.length ? `Tipos de arquivo não suportados: ${bad.join(', ')}` : null;
}

/**
 * C0/C1 control characters and the Unicode bidirectional controls (with U+202E,
 * "fatura\u202Efdp.exe" is displayed as "faturaexe.pdf").
 */
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Why an uploaded file's name cannot be kept (pt-BR), or null. Browsers send
 * the bare name: folders ('/' or '\\'), control characters and bidirectional
 * overrides only come from hostile or broken clients.
 */
export function invalidFileNameMessage(name: string): string | null {
  if (name.length > FILE_NAME_MAX) {
    return `O nome do arquivo passa de ${FILE_NAME_MAX} caracteres. Renomeie o arquivo e envie novamente.`;
  }
  if (/[\\/]/.test(name) || UNSAFE_NAME_CHARS.test(name)) {
    const shown = name.replace(new RegExp(UNSAFE_NAME_CHARS.source, 'gu'), '\uFFFD');
    return `O nome do arquivo "${shown}" contém caracteres não permitidos. Renomeie o arquivo e envie novamente.`;
  }
  return null;
}

/** Longest stored name after the timestamp prefix (object keys and file systems have limits). */
const STORED_NAME_MAX = 150;

/**
 * docs/product.md §5 stored name: a timestamp prefix, then the original name with accents
 * removed and every character other than letters, digits, dot or hyphen
 * replaced by '_'.
 */
export function storedFileName(original: string, timestamp: number = Date.now()): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9.-]/g, '_')
    .replace(/^\.+/, '_');
  return `${timestamp}-${shorten(clean) || 'arquivo'}`;
}

/** Cuts a long stored name, keeping a short extension. */
function shorten(name: string): string {
  if (name.length <= STORED_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, STORED_NAME_MAX - ext.length) + ext;
}
