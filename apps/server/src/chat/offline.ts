import { evaluate, extractExpression, formatNumber } from '@atende/shared';
import { lexemeSet, questionWords } from '../knowledge/text-search';
import { smallTalk } from './small-talk';
import type { Reply, Responder, TurnInput } from './types';

/** Minimum share of the question's terms a sentence must contain to count as an answer. */
const MIN_OVERLAP = 0.34;

/**
 * Offline mode (no LLM configured): a real responder, not a stub. Greets in
 * the agent's voice, does arithmetic with the calculator, answers with the
 * best-matching knowledge passage (quoted, with its source), and says honestly
 * when it does not know.
 */
export const offlineResponder: Responder = {
  mode: 'offline',
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

function compose({ agentName, message, passages, taughtAnswer }: TurnInput): Reply {
  const talk = smallTalk(message);
  if (talk) return { text: SMALL_TALK[talk](agentName), outcome: 'small_talk' };
  if (taughtAnswer) return { text: taughtAnswer.answer, outcome: 'answered' };

  const expression = extractExpression(message);
  if (expression) {
    const result = evaluate(expression);
    return { text: `O resultado de \`${expression.replace(/\s+/g, ' ')}\` é **${formatNumber(result)}**.`, outcome: 'calculation' };
  }

  const best = bestExcerpt(message, passages);
  if (best) {
    return {
      text: `Encontrei isto na nossa base de conhecimento:\n\n> ${best.excerpt.replace(/\n+/g, '\n> ')}\n\n_Fonte: ${best.source}_`,
      outcome: 'answered',
    };
  }
  return {
    text: 'Desculpe, não encontrei essa informação na base de conhecimento. Pode reformular a pergunta ou perguntar sobre outro assunto?',
    outcome: 'unanswered',
  };
}

/** A spreadsheet row as indexed: "coluna: valor" lines (see parsers/rows.ts). */
const RECORD_LINE = /^[^:\n]{1,80}: \S/;

/**
 * The answer-sized units of a passage: a spreadsheet row as a whole (so the
 * price comes with the product), otherwise sentences and lines, with a heading
 * line ("Preços:") kept together with the line after it.
 */
function answerUnits(content: string): string[] {
  const units: string[] = [];
  for (const block of content.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length > 1 && lines.every((l) => RECORD_LINE.test(l))) {
      units.push(lines.join('\n'));
      continue;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.endsWith(':') && lines[i + 1]) units.push(`${line}\n${lines[++i]}`);
      else units.push(...line.split(/(?<=[.!?])\s+/).filter(Boolean));
    }
  }
  return units;
}

interface Excerpt {
  excerpt: string;
  source: string;
  score: number;
}

/** Words that only make a sentence a question ("quanto", "qual"): they say nothing about which answer fits. */
const QUESTION_LEXEMES = lexemeSet('qual quais quanto quanta quantos quantas onde pra vc voces tem ter ha the is are what how of to in');

/** The passage sentence that covers most of the question's words (the same stems as full-text search). */
function bestExcerpt(question: string, passages: TurnInput['passages']): Excerpt | null {
  const terms = questionWords(question).filter((lexemes) => !lexemes.every((l) => QUESTION_LEXEMES.has(l)));
  if (terms.length === 0) return null;
  let best: Excerpt | null = null;
  for (const passage of passages) {
    for (const unit of answerUnits(passage.content)) {
      const lexemes = lexemeSet(unit);
      const score = terms.filter((word) => word.some((l) => lexemes.has(l))).length / terms.length;
      if (score >= MIN_OVERLAP && (!best || score > best.score)) best = { excerpt: unit, source: passage.sourceName, score };
    }
  }
  return best;
}
