import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { executeShaped, PREPARED, type Db } from '../db/client';
import type { RetrievedPassage } from './retrieval';
import { isPrefixWord } from './text-search';

/**
 * The agents' passages kept in memory for lexical retrieval (ADR 0020): the same BM25 ranking as the SQL search of
 * retrieval.ts, computed here, so a chat turn does not send a statement to search. Every write to an agent's passages
 * bumps its `knowledge_version` in the same transaction (a trigger, migration 0016), so an index built from one
 * snapshot of the passages is exact for as long as the version a turn read is the one it was built at; another
 * version (written on this instance or any other) builds it again. Memory is bounded: agents whose passages are
 * larger than `maxAgentBytes` are searched in SQL, and the least recently used indexes go first past `maxTotalBytes`.
 */

export interface IndexLimits {
  /** An agent whose passages hold more text than this (characters) is searched in SQL, never kept. */
  maxAgentBytes: number;
  /** All kept indexes together (about what they hold in memory); the least recently used go first. */
  maxTotalBytes: number;
  /**
   * An agent's index is built again at most this often (ms). A large file is stored batch by batch, each batch a new
   * version: turns in between search in SQL (exact too) instead of building an index per batch.
   */
  rebuildEveryMs: number;
}

const LIMITS: IndexLimits = { maxAgentBytes: 8 * 1024 * 1024, maxTotalBytes: 48 * 1024 * 1024, rebuildEveryMs: 10_000 };

/** BM25 saturation and length normalisation: the constants of the SQL search (retrieval.ts). */
const K1 = 1.2;
const K1_PLUS_1 = 2.2;
const B = 0.75;

interface Passage {
  id: string;
  content: string;
  sourceName: string;
  sourceType: string;
  position: number;
  /** Distinct lexemes: the SQL search's length(tsv); null before its lexemes are computed (never found). */
  length: number | null;
}

/** One agent's passages at one knowledge version, with an inverted index of their lexemes. */
export class PassageIndex {
  readonly bytes: number;
  private readonly averageLength: number;
  /** Every distinct lexeme, sorted: a prefix's lexemes are one contiguous run. */
  private readonly lexemes: string[];
  /** The passages (their indexes in `passages`) that hold each lexeme of `lexemes`. */
  private readonly postings: Uint32Array[];

  constructor(
    private readonly passages: Passage[],
    lexemesOf: (i: number) => readonly string[],
  ) {
    const byLexeme = new Map<string, number[]>();
    let bytes = 0;
    let lengths = 0;
    let measured = 0;
    passages.forEach((p, i) => {
      for (const lexeme of lexemesOf(i)) {
        const list = byLexeme.get(lexeme);
        if (list) list.push(i);
        else byLexeme.set(lexeme, [i]);
      }
      if (p.length !== null) {
        lengths += p.length;
        measured++;
      }
      bytes += p.content.length + p.sourceName.length + 64;
    });
    this.lexemes = [...byLexeme.keys()].sort();
    this.postings = this.lexemes.map((l) => Uint32Array.from(byLexeme.get(l)!));
    this.averageLength = Math.max(measured ? lengths / measured : 0, 1);
    this.bytes = bytes + this.lexemes.length * 48;
  }

  /**
   * The best `limit` passages for `words` (each word the alternatives of questionWords, matched as wordQuery
   * matches them: a long stem as a prefix, anything else exactly), best first; ties go to the earlier position.
   */
  search(words: ReadonlyArray<readonly string[]>, limit: number): RetrievedPassage[] {
    const n = this.passages.length;
    const scores = new Float64Array(n);
    const hits = new Uint8Array(n);
    for (const alternatives of words) {
      const found = new Set<number>();
      for (const lexeme of alternatives) {
        const from = lowerBound(this.lexemes, lexeme);
        if (isPrefixWord(lexeme)) {
          for (let i = from; i < this.lexemes.length && this.lexemes[i]!.startsWith(lexeme); i++) for (const p of this.postings[i]!) found.add(p);
        } else if (this.lexemes[from] === lexeme) {
          for (const p of this.postings[from]!) found.add(p);
        }
      }
      const documents = found.size;
      // The rarer the word among the agent's passages, the more it weighs (BM25's idf, as in SQL).
      const idf = Math.log(1 + (n - documents + 0.5) / (documents + 0.5));
      for (const p of found) {
        scores[p]! += idf;
        hits[p] = 1;
      }
    }
    const ranked: number[] = [];
    for (let p = 0; p < n; p++) {
      if (!hits[p]) continue;
      scores[p] = (scores[p]! * K1_PLUS_1) / (1 + K1 * (1 - B + (B * this.passages[p]!.length!) / this.averageLength));
      ranked.push(p);
    }
    ranked.sort((a, b) => scores[b]! - scores[a]! || this.passages[a]!.position - this.passages[b]!.position);
    return ranked.slice(0, limit).map((p) => {
      const { id, content, sourceName, sourceType } = this.passages[p]!;
      return { id, content, sourceName, sourceType, score: scores[p]! };
    });
  }
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lexemes of a tsvector as Postgres writes it ('a' 'b'…: ours hold only letters and digits, never quotes). */
export function tsvectorLexemes(tsv: string): string[] {
  return tsv ? tsv.slice(1, -1).split("' '") : [];
}

/** An agent's passages at one version: their index, or null when they are too large to keep (searched in SQL). */
interface Kept {
  version: number;
  index: PassageIndex | null;
  builtAt: number;
}

type PassageRow = { id: string; content: string; sourceName: string; sourceType: string; position: number; tsv: string | null };

/** The kept indexes of every agent, each at the last version a turn asked for (see the module's comment). */
export class PassageIndexes {
  /** By agent, the least recently used going first past `maxTotalBytes` (an index larger than that alone is kept alone). */
  private readonly kept: LRUCache<string, Kept>;
  private readonly loading = new Map<string, Promise<Kept | null>>();
  /** Indexes built so far (each one statement): what the tests count. */
  loads = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: IndexLimits = LIMITS,
  ) {
    this.kept = new LRUCache({ maxSize: limits.maxTotalBytes, sizeCalculation: (k) => Math.min(limits.maxTotalBytes, Math.max(1, k.index?.bytes ?? 0)) });
  }

  /**
   * The agent's index at `version` or a later one (versions only grow: later is newer knowledge), built now if
   * needed; null when the caller should search in SQL (too large to keep, or built again too recently).
   */
  async at(agentId: string, version: number): Promise<PassageIndex | null> {
    const kept = this.kept.get(agentId);
    if (kept && kept.version >= version) return kept.index;
    if (kept && Date.now() - kept.builtAt < this.limits.rebuildEveryMs) return null;
    const key = `${agentId}:${version}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.load(agentId).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return (await loading)?.index ?? null;
  }

  private async load(agentId: string): Promise<Kept | null> {
    // The passages and the version they are at, from one snapshot.
    const { rows } = await executeShaped<{ version: number; passages: PassageRow[] | string | null }>(this.db, 'passage-index', loadSql, {
      agentId,
      maxBytes: this.limits.maxAgentBytes,
    });
    this.loads++;
    const row = rows[0];
    if (!row) return null; // the agent is gone
    const passages = typeof row.passages === 'string' ? (JSON.parse(row.passages) as PassageRow[]) : row.passages;
    const loaded: Kept = { version: row.version, index: passages && build(passages), builtAt: Date.now() };
    // A later load that finished first is not replaced.
    if ((this.kept.peek(agentId)?.version ?? -1) <= loaded.version) this.kept.set(agentId, loaded);
    return loaded;
  }
}

function build(rows: PassageRow[]): PassageIndex {
  const lexemes = rows.map((r) => (r.tsv === null ? [] : tsvectorLexemes(r.tsv)));
  const passages = rows.map((r, i) => ({
    id: r.id,
    content: r.content,
    sourceName: r.sourceName,
    sourceType: r.sourceType,
    position: r.position,
    length: r.tsv === null ? null : lexemes[i]!.length,
  }));
  return new PassageIndex(passages, (i) => lexemes[i]!);
}

/**
 * The agent's knowledge version and, when their text is not larger than maxBytes, its passages (null otherwise):
 * one statement, so the passages are exactly those of that version. No row: the agent does not exist.
 */
const loadSql = () => sql`${PREPARED}
  select a.knowledge_version as version,
    case when (select coalesce(sum(length(content)), 0) from passages where agent_id = a.id) <= ${sql.placeholder('maxBytes')}::bigint
      then coalesce((
        select json_agg(json_build_object('id', p.id, 'content', p.content, 'sourceName', p.source_name,
          'sourceType', p.source_type, 'position', p.position, 'tsv', p.tsv::text))
        from passages p where p.agent_id = a.id
      ), '[]'::json)
    end as passages
  from agents a where a.id = ${sql.placeholder('agentId')}`;
