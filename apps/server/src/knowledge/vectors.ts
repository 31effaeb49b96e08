import { sql } from 'drizzle-orm';
import { pgliteClient, type Database, type Executor } from '../db/client';
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
   * Stores the embeddings of new passages (inside the caller's transaction when given one). On PGlite they
   * travel as a binary COPY: Postgres compiled to WebAssembly parses decimal floats at about 2 µs each, which
   * made storing a 256-dimension embedding cost more than indexing its passage; the binary form is copied as
   * is. Native Postgres parses text fast, so it gets a plain multi-row insert.
   */
  async insert(db: Executor, rows: EmbeddingRow[]): Promise<void> {
    if (!this.available || rows.length === 0) return;
    if (this.database.kind === 'pglite') {
      await pgliteClient(db).query(
        `copy passage_embeddings (passage_id, agent_id, dims, embedding) from '/dev/blob' with (format binary)`,
        [],
        { blob: binaryCopy(rows) },
      );
      return;
    }
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      await db.execute(sql`
        insert into passage_embeddings (passage_id, agent_id, dims, embedding)
        values ${sql.join(
          batch.map((r) => sql`(${r.passageId}, ${r.agentId}, ${r.embedding.length}, ${toVector(r.embedding)}::vector)`),
          sql`, `,
        )}`);
    }
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

const finite = (v: number) => (Number.isFinite(v) ? v : 0);

function toVector(values: number[]): string {
  return `[${values.map(finite).join(',')}]`;
}

/**
 * Rows in Postgres's binary COPY format: a signature, then per row the field count and each field as
 * length + bytes (text as UTF-8, int4 big-endian, vector as pgvector's vector_recv reads it: int16
 * dimensions, int16 zero, float4 big-endian values), then -1.
 */
function binaryCopy(rows: EmbeddingRow[]): Blob {
  const parts: Uint8Array[] = [COPY_HEADER];
  for (const row of rows) {
    const passageId = Buffer.from(row.passageId);
    const agentId = Buffer.from(row.agentId);
    const dims = row.embedding.length;
    const out = Buffer.allocUnsafe(2 + 4 + passageId.length + 4 + agentId.length + 4 + 4 + 4 + 4 + dims * 4);
    let at = out.writeInt16BE(4, 0);
    at = out.writeInt32BE(passageId.length, at);
    at += passageId.copy(out, at);
    at = out.writeInt32BE(agentId.length, at);
    at += agentId.copy(out, at);
    at = out.writeInt32BE(4, at);
    at = out.writeInt32BE(dims, at);
    at = out.writeInt32BE(4 + dims * 4, at);
    at = out.writeInt16BE(dims, at);
    at = out.writeInt16BE(0, at);
    for (const v of row.embedding) at = out.writeFloatBE(finite(v), at);
    parts.push(out);
  }
  parts.push(COPY_TRAILER);
  return new Blob(parts);
}

/** "PGCOPY\n\xff\r\n\0", flags (0), header extension length (0). */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);
