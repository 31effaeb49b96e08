import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { CalculatorError, evaluate, RETRIEVAL_TOP_K } from '@atende/shared';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import type { Config } from '../config';
import { selectPassages } from './answer';
import { noAnswerStreamFilter } from './no-answer';
import { buildSystemPrompt } from './prompt';
import { smallTalk } from './small-talk';
import type { Reply, Responder, TurnInput } from './types';

export const calculatorTool = tool({
  description: 'Calculadora: avalia uma expressão aritmética (+ - * / % ^, parênteses, sqrt). Use para qualquer conta.',
  inputSchema: z.object({ expression: z.string().describe('Expressão, por exemplo "(12 * 7) + 3"') }),
  execute: async ({ expression }) => {
    try {
      return { result: evaluate(expression) };
    } catch (err) {
      return { error: err instanceof CalculatorError ? err.message : 'invalid expression' };
    }
  },
});

/** Passages retrieved for the model, of which the RETRIEVAL_TOP_K it needs most go into the prompt (selectPassages). */
const MODEL_CANDIDATES = 12;

/** Any OpenAI-compatible chat model through the AI SDK, with the calculator tool and a hard timeout. */
export function llmResponder(config: Config, providerName: string): Responder {
  const provider = createOpenAICompatible({
    name: providerName,
    baseURL: (config.llm.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey: config.llm.apiKey,
  });
  const model = provider.chatModel(config.llm.chatModel);
  return {
    mode: providerName,
    candidates: MODEL_CANDIDATES,
    async respond(turn: TurnInput): Promise<Reply> {
      const result = streamText({
        model,
        system: buildSystemPrompt(turn.systemMessage, selectPassages(turn.message, turn.passages, RETRIEVAL_TOP_K), turn.taughtAnswer),
        messages: [...turn.history, { role: 'user', content: turn.message }],
        tools: { calculator: calculatorTool },
        stopWhen: stepCountIs(4),
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(config.llm.timeoutMs),
        // Errors arrive as 'error' parts below and are logged by the runtime; the SDK's default handler would
        // also print every provider failure to stderr, outside our logger.
        onError: () => {},
      });
      const reply = noAnswerStreamFilter(turn.onDelta);
      let calculated = false;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') reply.push(part.text);
        else if (part.type === 'tool-call') calculated ||= part.toolName === 'calculator';
        else if (part.type === 'error') {
          throw part.error instanceof Error ? part.error : new Error(String(part.error));
        } else if (part.type === 'abort') {
          throw new Error('LLM request aborted (timeout)');
        }
      }
      const { text, noAnswer } = reply.finish();
      return { text, outcome: llmOutcome(turn.message, noAnswer, calculated) };
    },
  };
}

/** What a model's reply did: its no-answer marker wins, then a calculator call, then small talk. */
function llmOutcome(message: string, noAnswer: boolean, calculated: boolean): Reply['outcome'] {
  if (noAnswer) return 'unanswered';
  if (calculated) return 'calculation';
  return smallTalk(message) ? 'small_talk' : 'answered';
}
