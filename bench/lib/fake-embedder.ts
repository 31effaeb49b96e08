// The e2e fake embeddings (hashed character trigrams, 256 dims) as an in-process Embedder, so the
// benchmark measures our pipeline and database rather than an HTTP round trip.
import { createHash } from 'node:crypto';
import { deepStrictEqual } from 'node:assert/strict';
import { EMBEDDING_BATCH } from '@atende/shared';
import type { Embedder } from '../../apps/server/src/knowledge/embedder';
import { EMBEDDING_DIMENSIONS, fakeEmbedding } from '../../e2e/fakes';

const buckets = new Map<string, number>();

/**
 * Exactly `fakeEmbedding` (e2e/fakes/openai.ts), with the md5 of each trigram memoised: the fake hashes
 * every trigram with a fresh md5 (≈ 3 ms per 1,000 characters), a cost no real provider has on our
 * side. Same normalisation, same bucket, same summation order, same norm: `verifyFakeEmbedding` checks
 * the vectors are identical.
 */
export function memoisedFakeEmbedding(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  if (dims !== EMBEDDING_DIMENSIONS) return fakeEmbedding(text, dims);
  const v = new Array<number>(dims).fill(0);
  const norm = ` ${text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')} `;
  for (let i = 0; i < norm.length - 2; i++) {
    const tri = norm.slice(i, i + 3);
    let b = buckets.get(tri);
    if (b === undefined) {
      b = createHash('md5').update(tri).digest().readUInt32LE(0) % dims;
      buckets.set(tri, b);
    }
    v[b]! += 1;
  }
  const length = Math.hypot(...v) || 1;
  return v.map((x) => x / length);
}

/** Throws unless the memoised function returns exactly what the e2e fake returns for every text. */
export function verifyFakeEmbedding(texts: string[]): number {
  for (const t of texts) deepStrictEqual(memoisedFakeEmbedding(t), fakeEmbedding(t));
  return texts.length;
}

/** An Embedder (the model seam's interface) over the fake, in batches of EMBEDDING_BATCH like the real one. */
export function fakeEmbedder(embed: (text: string) => number[] = memoisedFakeEmbedding): Embedder & { batches: number } {
  const embedder = {
    model: `fake-trigram-${EMBEDDING_DIMENSIONS}`,
    batches: 0,
    async embed(texts: string[]): Promise<number[][]> {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
        embedder.batches += 1;
        out.push(...texts.slice(i, i + EMBEDDING_BATCH).map((text) => embed(text)));
        await new Promise<void>((resolve) => setImmediate(resolve)); // a provider call yields to the event loop
      }
      return out;
    },
  };
  return embedder;
}

export { EMBEDDING_DIMENSIONS, fakeEmbedding };
