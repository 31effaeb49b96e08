import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Logger } from '../../logger';
import { ParseError, readPassages, type FileKind } from '../parsers';
import { deleteSourcePassages, storePassages } from '../passages';
import type { AnalysisWorker } from './analysis';
import { embedderOf, type IngestionDeps } from './deps';

/**
 * One uploaded file: read from storage → parse in a worker, split and analyse in `analysis`, the ingestion's
 * long-lived analysis worker (`readPassages`) → embed → store,
 * batch by batch; then the file's status. Idempotent: `storePassages` replaces the file's passages, so a retry
 * after a crash never duplicates them. A user error (ParseError) or the last attempt marks the file 'error'
 * with no passages; anything else is thrown for the queue to retry.
 */
export async function ingestFile(
  deps: IngestionDeps & { analysis: AnalysisWorker },
  log: Logger,
  fileId: string,
  finalAttempt: boolean,
): Promise<void> {
  const { db } = deps;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file) return; // deleted meanwhile
  await db.update(files).set({ status: 'processing', error: null, notice: null, updatedAt: new Date() }).where(eq(files.id, fileId));
  const source = { agentId: file.agentId, userId: file.userId, sourceType: 'file', sourceId: file.id, sourceName: file.filename } as const;
  try {
    const bytes = await deps.storage.get(file.path);
    // A worker parses; the analysis worker splits and analyses; each batch is embedded and stored while it prepares the next.
    // The bytes are not needed here afterwards: hand them over instead of copying up to 50 MB.
    let notices: string[] = [];
    const batches = readPassages(
      { bytes, kind: file.kind as FileKind, filename: file.filename },
      { transfer: true, onParsed: (parsed) => (notices = parsed), analysis: deps.analysis },
    );
    const embed = embedderOf(deps);
    const stored = await storePassages(deps, source, batches, embed);
    if (stored === null) return; // deleted while it was being indexed
    if (stored === 0) throw new ParseError('O arquivo não contém texto para indexar.');
    const embedded = embed !== null;
    await db
      .update(files)
      .set({ status: 'ready', passages: stored, embedded, error: null, notice: notices.join(' ') || null, updatedAt: new Date() })
      .where(eq(files.id, fileId));
    log.info({ fileId, passages: stored, embedded }, 'file indexed');
  } catch (err) {
    const userError = err instanceof ParseError;
    if (!userError && !finalAttempt) throw err; // transient (storage, embeddings provider): let the queue retry
    log.warn({ err, fileId }, 'file ingestion failed');
    // A failure can come after some batches were stored: a file in error has no passages.
    await deleteSourcePassages(db, 'file', fileId);
    await db
      .update(files)
      .set({
        status: 'error',
        error: userError ? err.message : 'Não foi possível indexar o arquivo. Tente enviá-lo novamente.',
        updatedAt: new Date(),
      })
      .where(eq(files.id, fileId));
  }
}
