import { calculationRequest, evaluate, formatNumber } from '@atende/shared';
import { answerQuestion, composeAnswer } from './answer';
import { smallTalk, withoutGreeting } from './small-talk';
import type { Reply, Responder, TurnInput } from './types';

/**
 * Offline mode (no LLM configured): a real responder, not a stub (ADR 0012). Greets in the agent's voice,
 * calculates only when asked to, answers each part of a question with the sentences or rows of the
 * knowledge that answer it (with their source), and says honestly when the knowledge does not answer.
 */
export const offlineResponder: Responder = {
  mode: 'offline',
  // More candidates than the model gets: the answerer reads sentences, and the one that answers is often in
  // a passage ranked a little lower.
  candidates: 16,
  async respond(turn: TurnInput): Promise<Reply> {
    const reply = compose(turn);
    turn.onDelta?.(reply.text);
    return reply;
  },
};

const SMALL_TALK = {
  greeting: (agentName: string) => `Olá! Eu sou ${agentName}. Como posso ajudar você hoje?`,
  thanks: () => 'Por nada! Se precisar de mais alguma coisa, é só chamar.',
  bye: () => 'Até logo! Foi um prazer ajudar.',
};

function compose({ agentName, message, passages, taughtAnswer, history }: TurnInput): Reply {
  const talk = smallTalk(message);
  if (talk) return { text: SMALL_TALK[talk](agentName), outcome: 'small_talk' };
  // The merchant's own answer to this question comes before anything the passages say.
  if (taughtAnswer) return { text: taughtAnswer.answer, outcome: 'answered' };

  const question = withoutGreeting(message);
  const expression = calculationRequest(question);
  if (expression) {
    const result = evaluate(expression);
    return { text: `O resultado de \`${expression.replace(/\s+/g, ' ')}\` é **${formatNumber(result)}**.`, outcome: 'calculation' };
  }

  const previous = [...history].reverse().find((m) => m.role === 'user')?.content;
  const { text, answered } = composeAnswer(answerQuestion(question, passages, previous));
  return { text, outcome: answered ? 'answered' : 'unanswered' };
}
