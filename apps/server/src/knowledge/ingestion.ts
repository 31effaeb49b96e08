import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { files, knowledgeBases, passages } from '../db/schema';
import type { FileStorage } from '../files/storage';
import type { JobQueue, QueueDefinition } from '../jobs/queue';
import type { Logger } from '../logger';
import type { Embedder } from './embedder';
import { extractLinks } from './links/extract';
import { fetchPageText, LinkFetchError } from './links/fetch-page';
import { ParseError, readPassages, type FileKind } from './parsers';
import { backfillLexemes, deleteSourcePassages, replaceLinkPassages, storePassages, type EmbedPassages, type LinkPage } from './passages';
import { preparePassages } from './prepare';
import { splitText } from './split';
import type { VectorIndex } from './vectors';

export const INGEST_FILE = 'ingest-file';
export const INDEX_KNOWLEDGE = 'index-knowledge';

export const ingestionQueues: QueueDefinition[] = [
  { name: INGEST_FILE, retryLimit: 3, heartbeatSeconds: 10 },
  { name: INDEX_KNOWLEDGE, retryLimit: 3, heartbeatSeconds: 10 },
];

export interface IngestionDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  jobs: JobQueue;
  embedder: Embedder | null;
  vectors: VectorIndex;
  logger: Logger;
}

export type Ingestion = ReturnType<typeof createIngestion>;

/**
 * Background indexing of an agent's knowledge: uploaded files
 * (parse → split → embed → index) and the links of the knowledge base
 * (fetch → split → embed → index). Every job is idempotent: it deletes the
 * passages of its source before writing them again (passages.ts storePassages),
 * so a retry after a crash never duplicates passages.
 */
export function createIngestion(deps: IngestionDeps) {
  const { db, jobs, logger } = deps;
  const log = logger.child({ module: 'ingestion' });

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

  async function ingestFile(fileId: string, finalAttempt: boolean): Promise<void> {
    const [file] = await db.select().from(files).where(eq(files.id, fileId));
    if (!file) return; // deleted meanwhile
    await db.update(files).set({ status: 'processing', error: null, updatedAt: new Date() }).where(eq(files.id, fileId));
    const source = { agentId: file.agentId, userId: file.userId, sourceType: 'file', sourceId: file.id, sourceName: file.filename } as const;
    try {
      const bytes = await deps.storage.get(file.path);
      // The worker parses, splits and analyses; each batch is embedded and stored while it prepares the next.
      // The bytes are not needed here afterwards: hand them over instead of copying up to 50 MB.
      const batches = readPassages({ bytes, kind: file.kind as FileKind, filename: file.filename }, { transfer: true });
      const embed = embedder();
      const stored = await storePassages(deps, source, batches, embed);
      if (stored === null) return; // deleted while it was being indexed
      if (stored === 0) throw new ParseError('O arquivo não contém texto para indexar.');
      const embedded = embed !== null;
      await db
        .update(files)
        .set({ status: 'ready', passages: stored, embedded, error: null, updatedAt: new Date() })
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

  /** Fetches the knowledge base links and (re)embeds the text passages of an agent. */
  async function indexKnowledge(agentId: string): Promise<void> {
    const [kb] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, agentId));
    if (!kb) return;
    const problems: string[] = [];
    const fetched: Array<{ url: string; title: string | null; text: string }> = [];
    for (const url of extractLinks(kb.links)) {
      try {
        fetched.push(await fetchPageText(url, { allowLoopbackLinks: deps.config.knowledge.allowLoopbackLinks }));
      } catch (err) {
        problems.push(`${url}: ${err instanceof LinkFetchError ? err.userMessage : 'não foi possível ler a página'}`);
      }
    }
    const pages = fetched.map(
      (page): LinkPage => ({
        source: {
          agentId,
          userId: kb.userId,
          sourceType: 'link',
          sourceId: page.url,
          sourceName: page.title ? `${page.title} (${page.url})` : page.url,
        },
        batches: [...preparePassages(splitText(page.text))],
      }),
    );
    // New passages in, old ones out, in one transaction: retrieval never loses the links while they are re-read.
    await replaceLinkPassages(deps, agentId, pages, embedder());
    await embedKnowledgeBase(agentId);
    await db
      .update(knowledgeBases)
      .set({ linksReport: problems.length ? problems.join('\n') : null, linksRead: kb.links })
      .where(eq(knowledgeBases.agentId, agentId));
  }

  /** Passages are embedded when an embeddings provider and pgvector are there; else retrieval is lexical only. */
  function embedder(): EmbedPassages {
    const { embedder: provider, vectors } = deps;
    return provider && vectors.enabled ? (contents) => provider.embed(contents) : null;
  }

  /** Embeds the knowledge base text's passages that have no embedding yet (they are saved synchronously). */
  async function embedKnowledgeBase(agentId: string): Promise<void> {
    const embed = embedder();
    if (!embed) return;
    const missing = (await db.execute(sql`
      select p.id, p.content from passages p
      where p.agent_id = ${agentId} and p.source_type = 'knowledge_base'
        and not exists (select 1 from passage_embeddings e where e.passage_id = p.id)`)) as unknown as {
      rows: Array<{ id: string; content: string }>;
    };
    if (missing.rows.length === 0) return;
    const embeddings = await embed(missing.rows.map((r) => r.content));
    const byId = new Map(missing.rows.map((r, i) => [r.id, embeddings[i]!]));
    await db.transaction(async (tx) => {
      // The text may have been saved again meanwhile: embed only the passages still there, locked until stored.
      const kept = await tx
        .select({ id: passages.id })
        .from(passages)
        .where(inArray(passages.id, [...byId.keys()]))
        .for('share');
      await deps.vectors.insert(
        tx,
        kept.map(({ id }) => ({ passageId: id, agentId, embedding: byId.get(id)! })),
      );
    });
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
    await jobs.work<{ fileId: string }>(INGEST_FILE, (job) => ingestFile(job.data.fileId, job.retryCount >= job.retryLimit));
    await jobs.work<{ agentId: string }>(INDEX_KNOWLEDGE, (job) => indexKnowledge(job.data.agentId));
  }

  return {
    enqueueFile,
    enqueueKnowledge,
    ingestFile,
    indexKnowledge,
    sweep,
    startWorkers,
  };
}
