import { CalculatorError, evaluate, RETRIEVAL_TOP_K } from '@atende/shared';
import type { Config } from '../config';
import { createOpenAICompatibleClient, withTimeLimit, type ChatMessage, type ToolCall } from '../lib/openai-compatible';
import { selectPassages } from './answer';
import { noAnswerStreamFilter } from './no-answer';
import { buildSystemPrompt } from './prompt';
import { smallTalk } from './small-talk';
import type { Reply, Responder, TurnInput } from './types';

/** The calculator as the model sees it (OpenAI function-calling schema), serialised once. */
export const CALCULATOR_TOOL = {
  type: 'function',
  function: {
    name: 'calculator',
    description: 'Calculadora: avalia uma expressão aritmética (+ - * / % ^, parênteses, sqrt). Use para qualquer conta.',
    parameters: {
      type: 'object',
      properties: { expression: { type: 'string', description: 'Expressão, por exemplo "(12 * 7) + 3"' } },
      required: ['expression'],
      additionalProperties: false,
    },
  },
} as const;
const TOOLS_JSON = JSON.stringify([CALCULATOR_TOOL]);

/** Model calls per turn at most: an answer, or tool calls and their results, then the answer. */
const MAX_STEPS = 4;

/** Passages retrieved for the model, of which the RETRIEVAL_TOP_K it needs most go into the prompt (selectPassages). */
const MODEL_CANDIDATES = 12;

/** Runs one tool call of the model; the result goes back to the model as JSON. */
export function runTool(call: ToolCall): { result: number } | { error: string } {
  if (call.function.name !== CALCULATOR_TOOL.function.name) return { error: `unknown tool ${call.function.name}` };
  let expression: unknown;
  try {
    expression = (JSON.parse(call.function.arguments || '{}') as { expression?: unknown }).expression;
  } catch {
    return { error: 'arguments are not JSON' };
  }
  if (typeof expression !== 'string') return { error: 'expression must be a string' };
  try {
    return { result: evaluate(expression) };
  } catch (err) {
    return { error: err instanceof CalculatorError ? err.message : 'invalid expression' };
  }
}

/**
 * Any OpenAI-compatible chat model (lib/openai-compatible.ts), with the calculator tool and a hard timeout
 * for the whole turn. A turn that streams (onDelta: an SSE client) asks the provider for a stream; any
 * other asks for JSON.
 */
export function llmResponder(config: Config): Responder {
  const client = createOpenAICompatibleClient({ baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey });
  const model = config.llm.chatModel;
  return {
    mode: 'model',
    candidates: MODEL_CANDIDATES,
    respond(turn: TurnInput): Promise<Reply> {
      return withTimeLimit(config.llm.timeoutMs, async (signal) => {
        const system = buildSystemPrompt(turn.systemMessage, selectPassages(turn.message, turn.passages, RETRIEVAL_TOP_K), turn.taughtAnswer);
        const messages: ChatMessage[] = [{ role: 'system', content: system }, ...turn.history, { role: 'user', content: turn.message }];
        const reply = noAnswerStreamFilter(turn.onDelta);
        const onDelta = turn.onDelta ? (delta: string) => reply.push(delta) : undefined;
        let calculated = false;
        for (let step = 1; step <= MAX_STEPS; step++) {
          const { content, toolCalls } = await client.chat({ model, messages, toolsJson: TOOLS_JSON, signal, onDelta });
          if (!onDelta) reply.push(content);
          if (toolCalls.length === 0) break;
          calculated ||= toolCalls.some((call) => call.function.name === CALCULATOR_TOOL.function.name);
          messages.push({ role: 'assistant', content: content || null, tool_calls: toolCalls });
          for (const call of toolCalls) messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(runTool(call)) });
        }
        const { text, noAnswer } = reply.finish();
        return { text, outcome: llmOutcome(turn.message, noAnswer, calculated) };
      });
    },
  };
}

/** What a model's reply did: its no-answer marker wins, then a calculator call, then small talk. */
function llmOutcome(message: string, noAnswer: boolean, calculated: boolean): Reply['outcome'] {
  if (noAnswer) return 'unanswered';
  if (calculated) return 'calculation';
  return smallTalk(message) ? 'small_talk' : 'answered';
}
