import { MAX_FILE_BYTES, unsupportedFilesMessage } from '@atende/shared';

/**
 * Why a selection of files is refused as a whole (docs/product.md §5), or null when every
 * file may be sent. The server checks the same rules (and the real content).
 */
export function selectionError(files: ReadonlyArray<{ name: string; size: number }>): string | null {
  const unsupported = unsupportedFilesMessage(files.map((file) => file.name));
  if (unsupported) return unsupported;
  const tooBig = files.filter((file) => file.size > MAX_FILE_BYTES).map((file) => `"${file.name}"`);
  if (tooBig.length === 0) return null;
  const which = tooBig.length === 1 ? `O arquivo ${tooBig[0]} passa` : `Os arquivos ${tooBig.join(', ')} passam`;
  return `${which} do limite de 50 MB por arquivo. Nenhum arquivo foi enviado.`;
}
