import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { EMBEDDING_BATCH } from '@atende/shared';
import { embedMany } from 'ai';
import { isLlmConfigured, type Config } from '../config';

/** The embeddings half of the model seam. */
export interface Embedder {
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Embeddings through the OpenAI-compatible provider when EMBEDDING_MODEL is set; otherwise null (lexical only). */
export function createEmbedder(config: Config): Embedder | null {
  const modelName = config.llm.embeddingModel;
  if (!modelName || !isLlmConfigured(config)) return null;
  const provider = createOpenAICompatible({
    name: 'embeddings',
    baseURL: (config.llm.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey: config.llm.apiKey,
  });
  const model = provider.textEmbeddingModel(modelName);
  return {
    model: modelName,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
        const { embeddings } = await embedMany({
          model,
          values: texts.slice(i, i + EMBEDDING_BATCH),
          maxRetries: 2,
          abortSignal: AbortSignal.timeout(config.llm.timeoutMs),
        });
        out.push(...embeddings);
      }
      return out;
    },
  };
}
