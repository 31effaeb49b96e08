import { isLlmConfigured, type Config } from '../config';
import { llmResponder } from './llm';
import { offlineResponder } from './offline';
import type { Responder } from './types';

/** The one place that picks the model: the configured LLM provider, or offline mode. */
export function createResponder(config: Config): Responder {
  if (!isLlmConfigured(config)) return offlineResponder;
  return llmResponder(config);
}
