import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { copyIn, type Db, type Executor } from '../db/client';
import { CopyWriter } from '../db/copy-format';
import { files, passages } from '../db/schema';
import type { Logger } from '../logger';
import { tsvectorFields, type PreparedPassages } from './ingest/prepare';
import { passageLexemes } from './forms';
import { toTsvector } from './text-search';
import type { VectorIndex } from './vectors';

/**
 * The only module that writes or deletes passages (a deleted agent's go by cascade). Every source has one
 * replace operation: the knowledge base text (inside the save's transaction), a file (batch by batch as it is
 * parsed), the links of a knowledge base (swapped atomically), plus the deletion of one file's passages.
 */

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

/** Deletes the passages of one file or link (their embeddings go with them, vectors.ts). */
export async function deleteSourcePassages(db: Executor, sourceType: 'file' | 'link', sourceId: string): Promise<void> {
  await db.delete(passages).where(and(eq(passages.sourceType, sourceType), eq(passages.sourceId, sourceId)));
}

/**
 * Replaces the knowledge base text's passages of an agent, inside the caller's transaction (the save of the text),
 * so retrieval sees either the old text or the new one.
 */
export async function replaceKnowledgeBasePassages(
  tx: Executor,
  source: PassageSource & { sourceType: 'knowledge_base' },
  batches: Iterable<PreparedPassages>,
): Promise<number> {
  await tx.delete(passages).where(and(eq(passages.agentId, source.agentId), eq(passages.sourceType, 'knowledge_base')));
  let position = 0;
  for (const batch of batches) position += (await writePassages(tx, source, batch, position)).length;
  return position;
}

/** One page read from a knowledge base link, split and analysed. */
export interface LinkPage {
  source: PassageSource & { sourceType: 'link'; sourceId: string };
  batches: PreparedPassages[];
}

/**
 * Swaps the link passages of an agent for `pages`: the embeddings are computed first (the slow, failing part),
 * then one transaction writes the new passages and deletes the old ones. Retrieval sees the old pages until the
 * commit and the new ones after it — never none (a link that could not be read this time is dropped). Returns the
 * number of passages written.
 */
export async function replaceLinkPassages(
  deps: { db: Db; vectors: VectorIndex },
  agentId: string,
  pages: LinkPage[],
  embed: EmbedPassages,
): Promise<number> {
  const embedded: Array<{ page: LinkPage; batch: PreparedPassages; embeddings: number[][] | null }> = [];
  for (const page of pages) {
    for (const batch of page.batches) embedded.push({ page, batch, embeddings: embed ? await embed(batch.contents) : null });
  }
  return deps.db.transaction(async (tx) => {
    const kept: string[] = [];
    const positions = new Map<LinkPage, number>();
    for (const { page, batch, embeddings } of embedded) {
      const written = await writePassages(tx, page.source, batch, positions.get(page) ?? 0);
      positions.set(page, (positions.get(page) ?? 0) + written.length);
      kept.push(...written);
      if (embeddings) {
        await deps.vectors.insert(
          tx,
          written.map((id, j) => ({ passageId: id, agentId, embedding: embeddings[j]! })),
        );
      }
    }
    const old = and(eq(passages.agentId, agentId), eq(passages.sourceType, 'link'));
    await tx.delete(passages).where(kept.length ? and(old, notInArray(passages.id, kept)) : old);
    return kept.length;
  });
}

/**
 * Writes one batch of a source's passages (binary COPY) from `firstPosition` on and returns their ids: UUIDv7,
 * time-ordered, so the rows of an upload land at the end of the primary key's btree instead of all over it.
 */
async function writePassages(db: Executor, source: PassageSource, batch: PreparedPassages, firstPosition = 0): Promise<string[]> {
  const ids = batch.contents.map(() => uuidv7());
  const rows = new CopyWriter(batch.tsvectors.length + batch.contents.length * 1200);
  const tsvectors = tsvectorFields(batch);
  batch.contents.forEach((content, i) => {
    rows
      .row(9)
      .text(ids[i]!)
      .text(source.agentId)
      .text(source.userId)
      .text(source.sourceType)
      .textOrNull(source.sourceId)
      .text(source.sourceName)
      .int4(firstPosition + i)
      .text(content)
      .encoded(tsvectors[i]!);
  });
  await copyIn(db, 'passages (id, agent_id, user_id, source_type, source_id, source_name, position, content, tsv)', rows.finish());
  return ids;
}

/** Embeddings of a batch's passages, in order; null when there is no embeddings provider (lexical only). */
export type EmbedPassages = ((contents: string[]) => Promise<number[][]>) | null;

/**
 * Replaces the passages of one file, batch by batch as they come (from a parse worker, which
 * splits and analyses while the previous batch is written), embedding each batch first when `embed` is
 * given. The old passages are deleted first and every batch is written in its own short transaction: on
 * PGlite one long transaction would stall every chat turn while a big spreadsheet is indexed. A retry
 * deletes first, so it never duplicates. Returns the number of passages stored, or null when the file was
 * deleted meanwhile (nothing is left behind).
 */
export async function storePassages(
  deps: { db: Db; vectors: VectorIndex },
  source: PassageSource & { sourceType: 'file'; sourceId: string },
  batches: Iterable<PreparedPassages> | AsyncIterable<PreparedPassages>,
  embed: EmbedPassages,
): Promise<number | null> {
  const { db, vectors } = deps;
  await deleteSourcePassages(db, source.sourceType, source.sourceId);
  let stored = 0;
  for await (const batch of batches) {
    const embeddings = embed ? await embed(batch.contents) : null;
    const ids = await db.transaction(async (tx) => {
      // Lock the file row: a file deleted while it was being indexed must not get orphan passages.
      const [file] = await tx.select({ id: files.id }).from(files).where(eq(files.id, source.sourceId)).for('update');
      if (!file) return null;
      const written = await writePassages(tx, source, batch, stored);
      if (embeddings) {
        await vectors.insert(
          tx,
          written.map((id, j) => ({ passageId: id, agentId: source.agentId, embedding: embeddings[j]! })),
        );
      }
      return written;
    });
    if (!ids) return null;
    stored += ids.length;
  }
  return stored;
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
        from unnest(${sql.param(rows.map((r) => r.id))}::text[], ${sql.param(rows.map((r) => toTsvector(passageLexemes(r.content))))}::text[]) as v(id, tsv)
        where p.id = v.id`);
      return rows.length;
    });
    if (updated === 0) break;
    done += updated;
  }
  if (done > 0) logger.info({ passages: done }, 'full-text lexemes computed for earlier passages');
  return done;
}
