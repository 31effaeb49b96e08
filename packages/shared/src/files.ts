/** File upload rules (SPEC §5, §9), shared by the upload form and the server. */
export const MAX_FILE_BYTES = 52_428_800;
export const ALLOWED_EXTENSIONS = ['pdf', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx'] as const;
export type FileExtension = (typeof ALLOWED_EXTENSIONS)[number];
export const SIGNED_URL_TTL_SECONDS = 31_536_000;
export const MAX_FILES_PER_UPLOAD = 10;

export type FileStatus = 'queued' | 'processing' | 'ready' | 'error';

export const fileStatusLabels: Record<FileStatus, string> = {
  queued: 'na fila',
  processing: 'processando',
  ready: 'pronto',
  error: 'erro',
};

export interface KnowledgeFile {
  id: string;
  filename: string;
  size: number;
  mimeType: string;
  status: FileStatus;
  error: string | null;
  passages: number;
  /** True when the passages have embeddings (semantic search); false = lexical search only. */
  embedded: boolean;
  /** Signed download link (valid for a year). */
  url: string;
  createdAt: string;
  updatedAt: string;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedFile(filename: string): boolean {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
}

/** SPEC §5: the whole selection is refused when any file has another extension. */
export function unsupportedFilesMessage(filenames: string[]): string | null {
  const bad = filenames.filter((n) => !isAllowedFile(n));
  return bad.length ? `Tipos de arquivo não suportados: ${bad.join(', ')}` : null;
}

/**
 * SPEC §5 stored name: a timestamp prefix, then the original name with accents
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
  return `${timestamp}-${clean || 'arquivo'}`;
}
