import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rawQuery, type Db, type Executor } from '../db/client';
import { files, passages } from '../db/schema';
import type { Logger } from '../logger';
import { toTsvector } from './text-search';
import type { VectorIndex } from './vectors';

/** Passages written per transaction while indexing. */
const INDEX_BATCH = 250;
/** Passages analysed per statement by the start-up backfill. */
const BACKFILL_BATCH = 500;

export interface PassageSource {
  agentId: string;
  userId: string;
  sourceType: 'knowledge_base' | 'file' | 'link';
  /** The file id or the URL; null for the knowledge base text. */
  sourceId: string | null;
  sourceName: string;
}

type NewPassage = Required<Omit<typeof passages.$inferInsert, 'createdAt'>>;

/** The rows of a source's passages, with their full-text lexemes. */
export function newPassages(source: PassageSource, chunks: string[], firstPosition = 0): NewPassage[] {
  return chunks.map((content, i) => ({
    id: randomUUID(),
    ...source,
    position: firstPosition + i,
    content,
    tsv: toTsvector(content),
  }));
}

/**
 * Replaces the passages of one file or link (and stores their embeddings when given). The old passages are
 * deleted first and the new ones inserted in batches, each in its own short transaction: on PGlite one long
 * transaction would stall every chat turn while a big spreadsheet is indexed. A retry deletes first, so it
 * never duplicates. Returns false when the file was deleted meanwhile (nothing is left behind).
 */
export async function storePassages(
  deps: { db: Db; vectors: VectorIndex },
  source: PassageSource & { sourceType: 'file' | 'link'; sourceId: string },
  chunks: string[],
  embeddings: number[][] | null,
  options: { replace: boolean } = { replace: true },
): Promise<boolean> {
  const { db, vectors } = deps;
  if (options.replace) {
    await db.delete(passages).where(and(eq(passages.sourceType, source.sourceType), eq(passages.sourceId, source.sourceId)));
  }
  for (let i = 0; i < chunks.length; i += INDEX_BATCH) {
    const batch = newPassages(source, chunks.slice(i, i + INDEX_BATCH), i);
    const stored = await db.transaction(async (tx) => {
      if (source.sourceType === 'file') {
        // Lock the file row: a file deleted while it was being indexed must not get orphan passages.
        const [alive] = await tx.select({ id: files.id }).from(files).where(eq(files.id, source.sourceId)).for('update');
        if (!alive) return false;
      }
      await insertPassages(tx, batch);
      if (embeddings) {
        await vectors.insert(
          tx,
          batch.map((row, j) => ({ passageId: row.id, agentId: source.agentId, embedding: embeddings[i + j]! })),
        );
      }
      return true;
    });
    if (!stored) return false;
  }
  return true;
}

const PASSAGE_COLUMNS = ['id', 'agent_id', 'user_id', 'source_type', 'source_id', 'source_name', 'position', 'content', 'tsv'];

/** A multi-row insert straight on the driver (Drizzle's builder took longer than the database here). */
async function insertPassages(tx: Executor, rows: NewPassage[]): Promise<void> {
  const params: unknown[] = [];
  const values = rows.map((r) => {
    const at = params.push(r.id, r.agentId, r.userId, r.sourceType, r.sourceId, r.sourceName, r.position, r.content, r.tsv);
    return `(${PASSAGE_COLUMNS.map((_, j) => `$${at - PASSAGE_COLUMNS.length + j + 1}`).join(', ')})`;
  });
  await rawQuery(tx, `insert into passages (${PASSAGE_COLUMNS.join(', ')}) values ${values.join(', ')}`, params);
}

/**
 * Computes the lexemes of passages that have none: written before the application analysed text (migration
 * 0006), or by an older instance during a rolling deploy. Runs in the workers' sweep (ingestion.ts); until it
 * reaches a passage, that passage is not found by full-text search. Concurrent instances skip each other's rows.
 */
export async function backfillLexemes(db: Db, logger: Logger): Promise<number> {
  let done = 0;
  for (;;) {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: passages.id, content: passages.content })
        .from(passages)
        .where(isNull(passages.tsv))
        .limit(BACKFILL_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.execute(sql`
        update passages p set tsv = v.tsv::tsvector
        from unnest(${sql.param(rows.map((r) => r.id))}::text[], ${sql.param(rows.map((r) => toTsvector(r.content)))}::text[]) as v(id, tsv)
        where p.id = v.id`);
      return rows.length;
    });
    if (updated === 0) break;
    done += updated;
  }
  if (done > 0) logger.info({ passages: done }, 'full-text lexemes computed for earlier passages');
  return done;
}
