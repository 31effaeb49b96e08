import { EMBEDDING_BATCH } from '@atende/shared';
import { isLlmConfigured, type Config } from '../config';
import { createOpenAICompatibleClient, withTimeLimit } from '../lib/openai-compatible';

/** The embeddings half of the model seam. */
export interface Embedder {
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Embeddings through the OpenAI-compatible provider when EMBEDDING_MODEL is set; otherwise null (lexical only). */
export function createEmbedder(config: Config): Embedder | null {
  const modelName = config.llm.embeddingModel;
  if (!modelName || !isLlmConfigured(config)) return null;
  const client = createOpenAICompatibleClient({ baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, retries: 2 });
  return {
    model: modelName,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
        const batch = texts.slice(i, i + EMBEDDING_BATCH);
        out.push(...(await withTimeLimit(config.llm.timeoutMs, (signal) => client.embed(modelName, batch, signal))));
      }
      return out;
    },
  };
}
