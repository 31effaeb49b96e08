import { and, inArray, sql } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { QueueDefinition } from '../../jobs/queue';
import { backfillLexemes } from '../passages';
import { AnalysisWorker } from './analysis';
import type { IngestionDeps } from './deps';
import { ingestFile } from './file';
import { indexKnowledge } from './knowledge-base';

export type { IngestionDeps } from './deps';

export const INGEST_FILE = 'ingest-file';
export const INDEX_KNOWLEDGE = 'index-knowledge';

export const ingestionQueues: QueueDefinition[] = [
  { name: INGEST_FILE, retryLimit: 3, heartbeatSeconds: 10 },
  { name: INDEX_KNOWLEDGE, retryLimit: 3, heartbeatSeconds: 10 },
];

export type Ingestion = ReturnType<typeof createIngestion>;

/**
 * Background indexing of an agent's knowledge, one step per file of this folder: uploaded files (`file.ts`:
 * parse → split → embed → store) and the knowledge base (`knowledge-base.ts`: links fetched and swapped in, the
 * text's embeddings). Passages are written by `../passages.ts` only. Every job is idempotent, so a retry after a
 * crash never duplicates passages. This file wires the queues and the sweeper.
 */
export function createIngestion(deps: IngestionDeps) {
  const { db, jobs, logger } = deps;
  const log = logger.child({ module: 'ingestion' });
  /** Splits and analyses the files this instance ingests; started at the first, stopped with the workers (stop). */
  const analysis = new AnalysisWorker();
  const fileDeps = { ...deps, analysis };

  /** Enqueues a file; a failure is logged, never thrown (the upload already succeeded; the sweeper retries). */
  async function enqueueFile(fileId: string): Promise<void> {
    try {
      await jobs.send(INGEST_FILE, { fileId }, { key: fileId });
    } catch (err) {
      log.error({ err, fileId }, 'could not enqueue file ingestion');
    }
  }

  async function enqueueKnowledge(agentId: string): Promise<void> {
    try {
      await jobs.send(INDEX_KNOWLEDGE, { agentId }, { key: agentId });
    } catch (err) {
      log.error({ err, agentId }, 'could not enqueue knowledge indexing');
    }
  }

  /**
   * Re-enqueues files left waiting (failed enqueue) or interrupted, and computes the lexemes of passages that
   * have none (written before migration 0006, or by an older instance during a rolling deploy). Cheap and
   * idempotent: both look through small indexes when there is nothing to do.
   */
  async function sweep(): Promise<void> {
    const stale = await db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.status, ['queued', 'processing']), sql`${files.updatedAt} < now() - interval '2 minutes'`));
    for (const f of stale) await enqueueFile(f.id);
    await backfillLexemes(db, log);
  }

  async function startWorkers(): Promise<void> {
    await jobs.work<{ fileId: string }>(INGEST_FILE, (job) => ingestFile(fileDeps, log, job.data.fileId, job.retryCount >= job.retryLimit));
    await jobs.work<{ agentId: string }>(INDEX_KNOWLEDGE, (job) => indexKnowledge(deps, job.data.agentId));
  }

  return {
    enqueueFile,
    enqueueKnowledge,
    ingestFile: (fileId: string, finalAttempt: boolean) => ingestFile(fileDeps, log, fileId, finalAttempt),
    indexKnowledge: (agentId: string) => indexKnowledge(deps, agentId),
    sweep,
    startWorkers,
    /** Stops the analysis worker (server shutdown, after the job queue): no thread is left behind. */
    stop: () => analysis.stop(),
  };
}
