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
    await db.execute(sql`
      create table if not exists passage_embeddings (
        passage_id text primary key references passages(id) on delete cascade,
        agent_id text not null,
        dims integer not null,
        embedding vector not null
      )`);
    await db.execute(sql`create index if not exists passage_embeddings_agent_idx on passage_embeddings (agent_id, dims)`);
    this.available = true;
  }

  /**
   * Stores the embeddings of new passages (inside the caller's transaction when given one), as a binary
   * COPY: the floats travel as they are instead of as decimal text, which Postgres compiled to WebAssembly
   * (PGlite) parsed at about 2 µs each.
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
