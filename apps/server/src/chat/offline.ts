import { evaluate, extractExpression, formatNumber } from '@atende/shared';
import { lexemeSet, questionWords } from '../knowledge/text-search';
import type { Responder, TurnInput } from './types';

// Not \b: it only knows ASCII word characters, so "olá\b" never matches at the end of "Olá".
const END = '(?=$|[\\s!,.?])';
const GREETING = new RegExp(
  `^\\s*(oi+|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|hello|hi|hey|hola|buenas|buenos d[ií]as)${END}[\\s!,.?]*(tudo bem\\??)?\\s*[!.?]*\\s*$`,
  'i',
);
const THANKS = new RegExp(`^\\s*(muito\\s+)?(obrigad[oa]|valeu|agradeço|thanks|thank you|gracias)${END}`, 'i');
const BYE = new RegExp(`^\\s*(tchau|até (mais|logo)|bye|adeus)${END}`, 'i');
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
  async respond(turn: TurnInput): Promise<string> {
    const answer = compose(turn);
    turn.onDelta?.(answer);
    return answer;
  },
};

function compose({ agentName, message, passages }: TurnInput): string {
  if (GREETING.test(message)) return `Olá! Eu sou ${agentName}. Como posso ajudar você hoje?`;
  if (THANKS.test(message)) return 'Por nada! Se precisar de mais alguma coisa, é só chamar.';
  if (BYE.test(message)) return 'Até logo! Foi um prazer ajudar.';

  const expression = extractExpression(message);
  if (expression) {
    const result = evaluate(expression);
    return `O resultado de \`${expression.replace(/\s+/g, ' ')}\` é **${formatNumber(result)}**.`;
  }

  const best = bestExcerpt(message, passages);
  if (best) return `Encontrei isto na nossa base de conhecimento:\n\n> ${best.excerpt.replace(/\n+/g, '\n> ')}\n\n_Fonte: ${best.source}_`;

  return 'Desculpe, não encontrei essa informação na base de conhecimento. Pode reformular a pergunta ou perguntar sobre outro assunto?';
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
