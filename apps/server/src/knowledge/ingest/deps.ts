import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { Embedder } from '../embedder';
import type { EmbedPassages } from '../passages';
import type { VectorIndex } from '../vectors';

export interface IngestionDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  jobs: JobQueue;
  embedder: Embedder | null;
  vectors: VectorIndex;
  logger: Logger;
}

/** Passages are embedded when an embeddings provider and pgvector are there; else retrieval is lexical only. */
export function embedderOf(deps: Pick<IngestionDeps, 'embedder' | 'vectors'>): EmbedPassages {
  const { embedder: provider, vectors } = deps;
  return provider && vectors.enabled ? (contents) => provider.embed(contents) : null;
}
