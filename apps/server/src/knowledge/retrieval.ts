import { RETRIEVAL_TOP_K } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

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
 * density. Always filtered to one agent. Embeddings join through this same
 * function in the knowledge issue (hybrid, reciprocal rank fusion).
 */
export async function retrieve(db: Db, agentId: string, question: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedPassage[]> {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  // Each term is quoted as a tsquery lexeme and stemmed by to_tsquery; '|' = any term.
  const tsquery = terms.map((t) => `'${t}'`).join(' | ');
  const result = (await db.execute(sql`
    select id, content, source_name as "sourceName", source_type as "sourceType",
           ts_rank_cd(tsv, q, 1) as score
    from passages, to_tsquery('portuguese', ${tsquery}) q
    where agent_id = ${agentId} and tsv @@ q
    order by score desc, position asc
    limit ${limit}
  `)) as unknown as { rows: RetrievedPassage[] };
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
}
