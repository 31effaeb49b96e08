import { RETRIEVAL_TOP_K } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Embedder } from './embedder';
import type { VectorIndex } from './vectors';

export interface RetrievedPassage {
  id: string;
  content: string;
  sourceName: string;
  sourceType: string;
  score: number;
}

/** Words of a question as tsquery terms: letters and digits only, both accented and accent-free. */
export function queryTerms(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && w.length <= 40);
  const terms = new Set<string>();
  for (const w of words) {
    terms.add(w);
    terms.add(w.normalize('NFD').replace(/\p{M}/gu, ''));
  }
  return [...terms].slice(0, 64);
}

/**
 * Lexical retrieval: Postgres full-text search with the 'portuguese'
 * configuration (stemmed, accent-insensitive), any-term match ranked by cover
 * density. Always filtered to one agent.
 */
export async function lexicalSearch(db: Db, agentId: string, question: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedPassage[]> {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  // Each term is quoted as a tsquery lexeme and stemmed by to_tsquery; '|' = any term.
  const tsquery = terms.map((t) => `'${t}'`).join(' | ');
  // Agent first: rank only this agent's passages (the GIN index would match every agent's rows and cost
  // would grow with the whole corpus), then fetch the content of the winners.
  const result = (await db.execute(sql`
    with q as (select to_tsquery('portuguese', ${tsquery}) as q),
    candidates as materialized (
      select id, tsv, position from passages where agent_id = ${agentId}
    ),
    top as (
      select c.id, c.position, ts_rank_cd(c.tsv, q.q, 1) as score
      from candidates c, q
      where c.tsv @@ q.q
      order by score desc, c.position asc
      limit ${limit}
    )
    select p.id, p.content, p.source_name as "sourceName", p.source_type as "sourceType", top.score
    from top join passages p on p.id = top.id
    order by top.score desc, top.position asc
  `)) as unknown as { rows: RetrievedPassage[] };
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** Candidates taken from each ranking before fusion. */
const CANDIDATES = 20;
/** Reciprocal rank fusion constant (Cormack et al.). */
const RRF_K = 60;

export interface Retriever {
  /** 'hybrid' when embeddings are configured and pgvector is available, else 'lexical'. */
  readonly mode: 'hybrid' | 'lexical';
  search(agentId: string, question: string, limit?: number): Promise<RetrievedPassage[]>;
}

/**
 * The one retrieval interface used by the chat runtime and the offline
 * responder: lexical full-text search, fused by reciprocal rank fusion with
 * pgvector nearest neighbours when embeddings exist. A failing embeddings
 * provider degrades to lexical results instead of failing the chat turn.
 */
export function createRetriever(deps: { db: Db; embedder: Embedder | null; vectors: VectorIndex; logger: Logger }): Retriever {
  const { db, embedder, vectors, logger } = deps;
  const hybrid = Boolean(embedder) && vectors.enabled;
  return {
    mode: hybrid ? 'hybrid' : 'lexical',
    async search(agentId, question, limit = RETRIEVAL_TOP_K) {
      if (!hybrid || !embedder) return lexicalSearch(db, agentId, question, limit);
      const [lexical, semantic] = await Promise.all([
        lexicalSearch(db, agentId, question, CANDIDATES),
        embedder
          .embed([question])
          .then(([vector]) => vectors.search(agentId, vector!, CANDIDATES))
          .catch((err: unknown) => {
            logger.warn({ err }, 'query embedding failed; using lexical retrieval only');
            return [];
          }),
      ]);
      return fuse([lexical, semantic], limit);
    },
  };
}

/** Reciprocal rank fusion of several rankings of passages. */
export function fuse(rankings: Array<Array<Omit<RetrievedPassage, 'score'>>>, limit: number): RetrievedPassage[] {
  const scores = new Map<string, RetrievedPassage>();
  for (const ranking of rankings) {
    ranking.forEach((p, rank) => {
      const entry = scores.get(p.id) ?? { id: p.id, content: p.content, sourceName: p.sourceName, sourceType: p.sourceType, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scores.set(p.id, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
