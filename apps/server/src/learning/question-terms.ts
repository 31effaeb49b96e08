import { questionWords } from '../knowledge/text-search';

/**
 * What a customer's question is about, as comparable terms: the Portuguese stems of full-text search
 * (knowledge/text-search.ts: stop words out, "preço" = "precos"), without the words that only make a
 * sentence a question or a polite request ("quanto", "gostaria de saber", "vocês"), and with the usual
 * words for the same thing in a shop brought together ("quanto custa" = "qual o preço" = "qual o valor").
 * Two questions are paraphrases when most of their terms meet (`similarity`). The same terms group the
 * unanswered questions in the Painel and find the merchant's taught answers, so a question the Painel shows
 * in a group is answered by what was taught for that group.
 */

/** Words that say nothing about what is asked. */
const FILLERS = `quanto quanta quantos quantas onde como quando qual quais porque pq
  oi ola olá bom boa dia dias tarde noite tudo bem blz opa
  gostaria queria quero quer preciso precisava saber sabe informar informação informacao dizer diz falar
  pode podem posso poderia poderiam consigo consegue
  voce voces você vocês vc vcs ce cês
  faz fazem fazer tem têm existe existem ha há algum alguma alguns algumas
  favor pfv pf obrigado obrigada brigado valeu
  ai aí la lá aqui ok então entao gente moço moça senhor senhora amigo amiga
  é e sim não nao ainda também tambem mesmo só so mais`;

/** Words for the same thing in a shop's questions; the first names the group. */
const SYNONYMS = [
  'preço valor custa custam custo cobram cobra cobrado',
  'entrega entregam entregar entregas delivery frete enviam envio enviar mandam',
  'horário horários horas hora abre abrem abrimos aberto aberta abrir funciona funcionam funcionamos funcionamento fecha fecham fechamos fechado fechada expediente',
  'endereço localização localizado localizada localizados fica ficam',
  'pagamento pagamentos pagar pago parcela parcelas parcelar parcelamento',
  'troca trocar trocas devolução devolver devolvem reembolso',
  'telefone contato celular zap whatsapp',
  'agendar agendamento agenda marcar reserva reservar',
  'estoque disponível disponíveis disponibilidade',
  'prazo prazos demora demoram tempo chega chegam',
];

/** The lexemes of each word of a list (word by word: questionWords reads only the first words of a text). */
const lexemesOf = (words: string) =>
  words
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => questionWords(word).flat());

const FILLER_LEXEMES = new Set(lexemesOf(FILLERS));
const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS) {
  const concept = `~${lexemesOf(group.split(' ')[0]!)[0]}`;
  for (const lexeme of lexemesOf(group)) CONCEPT.set(lexeme, concept);
}

/** A question's terms: per meaningful word, its lexemes (or its synonym group), in order, without repeats. */
export type QuestionTerms = ReadonlyArray<readonly string[]>;

export function questionTerms(text: string): QuestionTerms {
  const out: Array<readonly string[]> = [];
  const seen = new Set<string>();
  for (const lexemes of questionWords(text)) {
    if (lexemes.every((l) => FILLER_LEXEMES.has(l))) continue;
    const concept = lexemes.map((l) => CONCEPT.get(l)).find(Boolean);
    const term = concept ? [concept] : lexemes;
    const key = term.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/** Every lexeme of some terms (a taught answer's candidates share one with the question). */
export function flatTerms(terms: QuestionTerms): string[] {
  return [...new Set(terms.flat())];
}

/**
 * Every lexeme of some terms as a set, kept with the terms while they live: a turn compares the same question
 * terms with hundreds of taught wordings, whose terms are themselves kept between turns (taught-answers.ts).
 */
const lexemeSets = new WeakMap<QuestionTerms, Set<string>>();
function lexemeSet(terms: QuestionTerms): Set<string> {
  let set = lexemeSets.get(terms);
  if (!set) {
    set = new Set(terms.flat());
    lexemeSets.set(terms, set);
  }
  return set;
}

/**
 * How alike two questions are, from 0 to 1: the share of the words of both that meet a word of the other
 * (a Dice coefficient over words, where a word meets another when they share a lexeme). Numbers and codes
 * are lexemes as written, so "CEP 01310-100" never meets "CEP 04567-000".
 */
export function similarity(a: QuestionTerms, b: QuestionTerms): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inA = lexemeSet(a);
  const inB = lexemeSet(b);
  const met = (terms: QuestionTerms, other: Set<string>) => terms.filter((t) => t.some((l) => other.has(l))).length;
  return (met(a, inB) + met(b, inA)) / (a.length + b.length);
}

/** From this similarity on, two questions may be the same question in other words. */
export const PARAPHRASE_THRESHOLD = 0.6;

/**
 * Whether two questions are the same question in other words: alike enough, and not about two different
 * things — when each has a word of its own that is not a shop's usual word ("bolo de cenoura" and "bolo de
 * chocolate", "Campinas" and "Sorocaba", two CEPs), they are two questions, however alike the rest. A word
 * only one of them has is a detail ("tem estacionamento no local?").
 */
export function isParaphrase(a: QuestionTerms, b: QuestionTerms): boolean {
  if (similarity(a, b) < PARAPHRASE_THRESHOLD) return false;
  const ownWord = (terms: QuestionTerms, other: Set<string>) => terms.some((t) => !t[0]!.startsWith('~') && !t.some((l) => other.has(l)));
  return !(ownWord(a, lexemeSet(b)) && ownWord(b, lexemeSet(a)));
}

/** The questions of a message: its sentences, when it has more than one ("Entregam? E qual o preço?"). */
export function questionParts(message: string): string[] {
  const parts = message
    .split(/[?!.\n;]+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return parts.length > 1 ? parts : [];
}
