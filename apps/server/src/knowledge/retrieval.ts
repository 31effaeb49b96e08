import { RETRIEVAL_TOP_K } from '@atende/shared';
import { sql, type SQL } from 'drizzle-orm';
import { executeShaped, PREPARED, type Db } from '../db/client';
import type { Logger } from '../logger';
import type { Embedder } from './embedder';
import { PassageIndexes } from './lexical-index';
import { shopWords, withSynonyms } from './synonyms';
import { questionWords, wordQuery } from './text-search';
import type { VectorIndex } from './vectors';

export interface RetrievedPassage {
  id: string;
  content: string;
  sourceName: string;
  sourceType: string;
  score: number;
}

/** BM25 saturation and length normalisation (the usual constants). */
const K1 = sql.raw('1.2');
const K1_PLUS_1 = sql.raw('2.2');
const B = sql.raw('0.75');

/**
 * Lexical retrieval: full-text search over the lexemes of knowledge/text-search.ts, ranked by BM25 with
 * each word counted once per passage (passages are short; the tsvector keeps no positions): a question word
 * weighs by its rarity among the agent's passages — a word in every row of a price list counts little,
 * "microchip" a lot — and shorter passages win ties of words. Always filtered to one agent.
 *
 * One pass over the agent's passages (the btree on agent_id) tests each word once per passage; the counts,
 * the rarities and the scores are plain arithmetic over that pass. The plan has no join whose cost depends
 * on row estimates, which PGlite never gathers (no autovacuum there).
 */
export async function lexicalSearch(db: Db, agentId: string, question: string, limit = RETRIEVAL_TOP_K): Promise<RetrievedPassage[]> {
  return searchWords(db, agentId, searchTerms(question), limit);
}

/**
 * A question's words as the search matches them: each with its shop synonyms (knowledge/synonyms.ts), in the same slot
 * of the ranking, so a passage that says only "Ficamos na Rua…" is found for "Qual o endereço?", and one that lists
 * "Heineken" for "tem cerveja?".
 */
export function searchTerms(question: string): Array<readonly string[]> {
  return questionWords(shopWords(question)).map(withSynonyms);
}

async function searchWords(db: Db, agentId: string, questionWords: ReadonlyArray<readonly string[]>, limit: number): Promise<RetrievedPassage[]> {
  const words = questionWords.map(wordQuery);
  if (words.length === 0) return [];
  const values: Record<string, unknown> = { agentId, limit };
  words.forEach((word, i) => (values[`w${i}`] = word));
  // Built once per number of question words (and prepared as such on Postgres).
  const result = await executeShaped<RetrievedPassage>(db, `lexical-search:${words.length}`, () => lexicalSearchSql(words.length), values);
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** The search for `count` words w0…w{count-1} of an agent's passages (placeholders agentId, limit and the words). */
function lexicalSearchSql(count: number): SQL {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const hit = (i: number) => sql.raw(`h${i}`);
  const each = (fn: (i: number) => SQL, separator: string) => sql.join(indexes.map(fn), sql.raw(separator));
  return sql`${PREPARED}
    with scan as materialized (
      select id, position, length(tsv) as len, ${each((i) => sql`tsv @@ ${sql.placeholder(`w${i}`)}::tsquery as ${hit(i)}`, ', ')}
      from passages where agent_id = ${sql.placeholder('agentId')}
    ),
    stats as (
      select count(*)::float8 as n, greatest(avg(len), 1)::float8 as avg_len,
        ${each((i) => sql`count(*) filter (where ${hit(i)})::float8 as ${sql.raw(`d${i}`)}`, ', ')}
      from scan
    ),
    top as (
      select scan.id, scan.position,
        (${each((i) => sql`case when ${hit(i)} then ln(1 + (n - ${sql.raw(`d${i}`)} + 0.5) / (${sql.raw(`d${i}`)} + 0.5)) else 0 end`, ' + ')})
          * ${K1_PLUS_1} / (1 + ${K1} * (1 - ${B} + ${B} * len / avg_len)) as score
      from scan, stats
      where ${each(hit, ' or ')}
      order by score desc, scan.position asc
      limit ${sql.placeholder('limit')}
    )
    select p.id, p.content, p.source_name as "sourceName", p.source_type as "sourceType", top.score
    from top join passages p on p.id = top.id
    order by top.score desc, top.position asc
  `;
}

/** Candidates taken from each ranking before fusion. */
const CANDIDATES = 20;
/** Reciprocal rank fusion constant (Cormack et al.). */
const RRF_K = 60;

export interface Retriever {
  /** 'hybrid' when embeddings are configured and pgvector is available, else 'lexical'. */
  readonly mode: 'hybrid' | 'lexical';
  /**
   * The agent's passages for a question, best first. With the agent's `knowledgeVersion` as the caller read it, the
   * lexical ranking comes from memory (knowledge/lexical-index.ts, no statement); without it, from SQL.
   */
  search(agentId: string, question: string, limit?: number, knowledgeVersion?: number): Promise<RetrievedPassage[]>;
}

/**
 * The one retrieval interface of the chat runtime (its passages reach the model
 * or the offline responder alike): lexical full-text search, fused by reciprocal rank fusion with
 * pgvector nearest neighbours when embeddings exist. A failing embeddings
 * provider degrades to lexical results instead of failing the chat turn.
 */
export function createRetriever(deps: { db: Db; embedder: Embedder | null; vectors: VectorIndex; logger: Logger }): Retriever {
  const { db, embedder, vectors, logger } = deps;
  const hybrid = Boolean(embedder) && vectors.enabled;
  const indexes = new PassageIndexes(db);
  /** The lexical ranking: from the agent's index in memory when the caller knows its version and it can be kept. */
  async function lexical(agentId: string, question: string, limit: number, knowledgeVersion?: number) {
    const words = searchTerms(question);
    const index = knowledgeVersion === undefined ? null : await indexes.at(agentId, knowledgeVersion);
    return index ? index.search(words, limit) : searchWords(db, agentId, words, limit);
  }
  return {
    mode: hybrid ? 'hybrid' : 'lexical',
    async search(agentId, question, limit = RETRIEVAL_TOP_K, knowledgeVersion) {
      if (!hybrid || !embedder) return lexical(agentId, question, limit, knowledgeVersion);
      const [lexicalRanking, semantic] = await Promise.all([
        lexical(agentId, question, CANDIDATES, knowledgeVersion),
        embedder
          .embed([question])
          .then(([vector]) => vectors.search(agentId, vector!, CANDIDATES))
          .catch((err: unknown) => {
            logger.warn({ err }, 'query embedding failed; using lexical retrieval only');
            return [];
          }),
      ]);
      return fuse([lexicalRanking, semantic], limit);
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
