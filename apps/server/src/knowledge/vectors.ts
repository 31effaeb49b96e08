import { sql } from 'drizzle-orm';
import { copyIn, type Database, type Executor } from '../db/client';
import { CopyWriter } from '../db/copy-format';
import type { Logger } from '../logger';

export interface EmbeddingRow {
  passageId: string;
  agentId: string;
  embedding: number[];
}

export interface VectorHit {
  id: string;
  content: string;
  sourceName: string;
  sourceType: string;
  distance: number;
}

/**
 * pgvector storage for passage embeddings. The table is created at start-up
 * only where the `vector` extension exists (always on PGlite; on Postgres when
 * pgvector is installed) — otherwise retrieval stays lexical and says so.
 * Embeddings of any dimension coexist. Every query is filtered to one agent, so search is an exact scan of
 * that agent's embeddings (ADR 0004): an HNSW index would not be used for such queries and its upkeep was
 * most of the indexing time.
 */
export class VectorIndex {
  private available = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.available;
  }

  async init(): Promise<void> {
    const db = this.database.db;
    try {
      await db.execute(sql`create extension if not exists vector`);
    } catch (err) {
      this.logger.warn(
        { err: (err as Error).message },
        'pgvector is not available on this Postgres: knowledge retrieval is lexical only (full-text search)',
      );
      return;
    }
    // No foreign key to passages: its check on every stored embedding (a lookup and a row lock on the passage)
    // cost about a tenth of indexing time (ADR 0009). Embeddings are written in the transaction that writes
    // their passages, or after locking them (insert); a trigger removes them with their passages, however
    // those go (a file's replacement or deletion, an agent's or an account's deletion).
    await db.execute(sql`
      create table if not exists passage_embeddings (
        passage_id text primary key,
        agent_id text not null,
        dims integer not null,
        embedding vector not null
      )`);
    await db.execute(sql`alter table passage_embeddings drop constraint if exists passage_embeddings_passage_id_fkey`);
    await db.execute(sql`create index if not exists passage_embeddings_agent_idx on passage_embeddings (agent_id, dims)`);
    await db.execute(sql`
      create or replace function atende_delete_passage_embeddings() returns trigger language plpgsql as $$
      begin
        delete from passage_embeddings e using deleted_passages d where e.passage_id = d.id;
        return null;
      end $$`);
    await db.execute(sql`
      create or replace trigger passages_delete_embeddings after delete on passages
      referencing old table as deleted_passages for each statement execute function atende_delete_passage_embeddings()`);
    this.available = true;
  }

  /**
   * Stores the embeddings of new passages, as a binary COPY: the floats travel as they are instead of as
   * decimal text, which Postgres compiled to WebAssembly (PGlite) parsed at about 2 µs each. The passages
   * must exist until the caller's transaction ends: written in it, or locked by it (there is no foreign key).
   */
  async insert(db: Executor, rows: EmbeddingRow[]): Promise<void> {
    if (!this.available || rows.length === 0) return;
    const copy = new CopyWriter(rows.length * (100 + 4 * rows[0]!.embedding.length));
    for (const row of rows) {
      copy.row(4).text(row.passageId).text(row.agentId).int4(row.embedding.length).vector(row.embedding);
    }
    await copyIn(db, 'passage_embeddings (passage_id, agent_id, dims, embedding)', copy.finish());
  }

  /**
   * Nearest passages of one agent by cosine distance. An exact scan of that agent's embeddings (through the
   * (agent_id, dims) index) and a join for the winners only: a filtered HNSW scan would return too few rows
   * once the planner prefers the global index (it filters by agent after the approximate search).
   */
  async search(agentId: string, embedding: number[], limit: number): Promise<VectorHit[]> {
    if (!this.available) return [];
    const dims = embedding.length;
    const result = (await this.database.db.execute(sql`
      with nearest as materialized (
        select passage_id, embedding <=> ${toVector(embedding)}::vector as distance
        from passage_embeddings
        where agent_id = ${agentId} and dims = ${dims}
        order by distance
        limit ${limit}
      )
      select p.id, p.content, p.source_name as "sourceName", p.source_type as "sourceType", n.distance
      from nearest n join passages p on p.id = n.passage_id
      order by n.distance`)) as unknown as { rows: VectorHit[] };
    return result.rows.map((r) => ({ ...r, distance: Number(r.distance) }));
  }
}

function toVector(values: number[]): string {
  return `[${values.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}
