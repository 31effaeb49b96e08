import { PRICE_FORM } from '../knowledge/forms';
import { shopWords, synonymsOf } from '../knowledge/synonyms';
import { acronymsIn, lexemeSet, LOWER_CASE_WORD, questionWords, withBareNumbers } from '../knowledge/text-search';
import { NOMINALIZATIONS } from './nominalizations';

/**
 * Reading a customer's question (offline answerer, ADR 0012): which parts it has, which words of each part
 * say what it is about (each with the words a shop uses for the same thing), and what kind of answer it
 * expects (a time, a price, a date, a number, a definition).
 */

export type AnswerType = 'time' | 'price' | 'date' | 'number' | 'definition' | null;

/** A word of the question: its lexemes (with those of its shop synonyms) and how much it says. */
export interface Term {
  lexemes: readonly string[];
  /** Lexemes of synonyms: a match counts a little less than the word itself. */
  synonyms: readonly string[];
  /**
   * Lexemes of the word's verb or nominalization that its stem does not reach ("traduzido" / "tradução",
   * "lançar" / "lançamento"; NomLex-PT, see nominalizations.ts): a match counts as another word of the stem.
   */
  derived?: readonly string[];
  /** The word as written, reduced to its inflection base (see inflectionBase): tells the same word from a derivation of its stem. */
  bases?: readonly string[];
  /** 1 for the part's own words, less for words carried over from an earlier part or message. */
  weight: number;
  /**
   * A number that names what is asked ("resolução nº 342", "pedido 1234"): unlike other numbers, the knowledge not
   * having it means it does not have what is asked (termWeight).
   */
  identifier?: boolean;
  /** A word of a name in the question ("nos EUA", "do Ministério da Educação e Saúde"): what is asked about is what it names. */
  named?: boolean;
  /** Written as an acronym ("EUA", "VR"): the knowledge may write it out (answer.ts acronymFound). */
  acronym?: boolean;
  /** Carried over from the question before ("e no sábado?"): helps when it matches, costs nothing when not. */
  carried?: boolean;
}

export interface QuestionPart {
  text: string;
  terms: Term[];
  type: AnswerType;
  /** What a definition question asks about ("o que é o POSCOMP?" → "poscomp"), folded. */
  subject: string | null;
  /** The question names a CEP. */
  cep: boolean;
  /** The days it names ("dia 10/10" → "10/10"; datesIn), none mostly. */
  dates: string[];
  /** The quantities it names ("a coca 2 litros" → "2l"; quantitiesIn), none mostly. */
  quantities: string[];
  /** Written as a question: a question mark or a question word (a bare "Test" is not). */
  asks: boolean;
}

/** Words that only make a sentence a question or a request ("quanto", "qual", "vocês", "tem"): they tell nothing about the answer. */
const QUESTION_LEXEMES = lexemeSet(
  'qual quais quanto quanta quantos quantas onde pra pras vc vcs voce voces você vocês tem têm ter ha há gostaria queria quero informar informação informações favor por poderia pode podem posso preciso seria sobre né the is what how of to in oi olá ola obrigado obrigada',
);
/** English "are", left out as a word: its lexeme is also "área"'s ("qual a área do salão?"). */
const ENGLISH_ARE = /(?<![\p{L}\p{N}])are(?![\p{L}\p{N}])/giu;

/** The weight of a light word (LIGHT_LEXEMES): it counts, but little. */
export const LIGHT_WORD = 0.3;

/** Verbs and words of asking that carry little of what the answer is about ("vocês fazem entrega?"): they count less. */
const LIGHT_LEXEMES = lexemeSet(
  'faço faz fazem fazer fazemos vende vendem vender trabalha trabalham trabalhar possui possuem possuir oferece oferecem oferecer existe existem existir haver havia houve partir ser é são era foi estar está estão fica pessoa coisa algum alguma alguns algumas dia favor gente aqui lá ai aí daí dai daqui ta tá ' +
    // Auxiliaries ("deve respeitar", "irá lançar", "vai abrir"): the verb after them says what is asked.
    'deve devem dever deverá deverão devo irá irão vai vão vou ' +
    // What customers add that is about the shop, not the thing asked ("tem batata frita no cardápio?", "o que vem no X?",
    // "parcela em quantas vezes?", "a portuguesa leva ovo?", "a unidade Floresta abre domingo?").
    'cardápio cardápios menu vem vêm vir leva levam levar loja lojas unidade unidades filial filiais vez vezes ' +
    // "pro" is "para o" in a chat ("tem cozinha pro buffet?") and a plan's name too ("o plano pro"); "num" is "em um".
    'pro pros num numa',
);

const ANSWER_TYPES: Array<[Exclude<AnswerType, null>, RegExp]> = [
  ['time', /\b(que horas?|a partir de que horas|at[eé] que horas|hor[aá]rios?|abre|abrem|abrir|fecha|fecham|funciona|funcionam)\b/i],
  // Bounds that know accents: "quanto é a calabresa?" (a \b after "é" never matches before a space).
  ['price', /(?<![\p{L}\p{N}])(quanto (custa|custam|[eé]|fica|ficam|sai|saem|cobra|cobram|t[aá]|est[aá])|pre[çc]os?|valor|custa|custam|taxa|frete)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])quanto\s*[?!.]*\s*$/iu],
  ['date', /\b(quando|at[eé] quando|que dia|qual (a )?data|prazo)\b/i],
  ['number', /\b(quantos|quantas|quanto tempo|qual (a )?(idade|quantidade|dura[çc][aã]o)|quantidade)\b/i],
  ['definition', /^\s*(o\s+)?(que|qual)\s+(é|e|são|sao|significa)\s+(o|a|os|as|um|uma)?\b/i],
];

/** Parts of a message: its sentences, and questions joined by "e" ("código e preço do bolo? E que horas abrem?"). */
const PART_BREAK = /(?<=[?!])\s+|\n+|[,;]?\s+e\s+(?=(?:que|qual|quais|quando|onde|como|quanto|quantos|quantas|quem|at[eé]|voc[eê]s|vcs|tem|t[eê]m|aceitam|fazem|entregam|abrem|fecham)\b)/i;

/** The parts of a message, each with its terms and expected answer; a part too short to stand alone ("E no sábado?") carries the words of the part before it. */
export function questionParts(message: string, context?: string): QuestionPart[] {
  message = spelledOut(message);
  const asked = message
    .split(PART_BREAK)
    .flatMap(itemsAsked)
    .map((t) => part(t.replace(/^\s*(e|mas|tamb[eé]m)\s+/i, '').trim()))
    .filter((p) => p.terms.length > 0);
  const parts: QuestionPart[] = [];
  for (const [i, current] of (asked.length ? asked : [part(message)]).entries()) {
    const followUp = i > 0 || /^\s*(e|mas)\s/i.test(message);
    // A follow-up ("e no sábado?", "e o de fubá?") asks the same as the question before it, about something else.
    const short = current.terms.length <= 2 && (current.terms.length <= 1 || followUp);
    // The part before, or the context (the previous message): read only for a short part, as most messages stand alone.
    const previous = !short ? null : i > 0 ? parts[i - 1]! : context ? part(spelledOut(context)) : null;
    if (previous) {
      const own = new Set(current.terms.flatMap((t) => t.lexemes));
      for (const t of previous.terms) {
        if (!t.carried && !t.lexemes.some((l) => own.has(l))) current.terms.push({ ...t, weight: 0.35, carried: true });
      }
      current.type ??= previous.type;
      // "… e o cachorro quente": the second item of "quanto custa o misto e o cachorro quente" is asked as the first is.
      current.asks ||= previous.asks;
    }
    parts.push(current);
  }
  return parts;
}

/**
 * A price asked for two things ("quanto custa o xis bacon e o xis frango?"): one part each, the second carrying the
 * first's words as a follow-up does. Split only before an article, so one product's name stays whole ("batata com
 * cheddar e bacon").
 */
function itemsAsked(text: string): string[] {
  if (answerType(text) !== 'price') return [text];
  // Not after "quanto" itself: "quanto e a consulta" is "quanto é", written without its accent.
  return text.split(/(?<!\bquanto)\s+e\s+(?=(?:o|a|os|as|um|uma)\s)/i);
}

/**
 * '24/7' (or '24x7') asks about the opening hours, not about two numbers: it is read as the words it stands for; a
 * two-word name shops also write as one word ("cachorro quente" / "DOG") as that word (knowledge/synonyms.ts); a
 * number glued to its unit as two words.
 */
const spelledOut = (text: string) =>
  shopWords(text.replace(GREETINGS, ' ').replace(/\b24\s*[/x]\s*7\b/gi, 'horário de funcionamento').replace(GLUED_UNIT, '$1 $2'));

/** "bom dia", "boa tarde", "boa noite" as greetings, not the parts of the day ("tem turma a noite?", "abre à tarde?"). */
const GREETINGS = /(?<![\p{L}])(?:bom\s+dia|boa\s+tarde|boa\s+noite)(?![\p{L}])/giu;

/** A number and its unit written as one word ("8km", "2L", "600ml"): read as two, the way most texts write them. */
const GLUED_UNIT = /(?<![\p{L}\d,.])(\d+(?:[.,]\d+)?)(km|kg|ml|l|lts?|g|m|cm|mm)(?![\p{L}\d])/giu;

function part(text: string): QuestionPart {
  const type = answerType(text);
  const subject = type === 'definition' ? fold(text.replace(ANSWER_TYPES.at(-1)![1], '').replace(/[?!.]+\s*$/, '').trim()) || null : null;
  return { text: text.trim(), terms: questionTerms(text), type, subject, cep: /\b\d{5}-?\d{3}\b/.test(text), dates: datesIn(text), quantities: quantitiesIn(text), asks: ASKS.test(text) };
}

/** Day and month ("03/10", "3/10/2025", "19.05.26"). */
const DATE = /(?<![\d/.])(\d{1,2})(?:\/(\d{1,2})(?:\/\d{2,4})?|\.(\d{1,2})\.\d{2,4})(?![\d/])/g;

/**
 * The days a text names, as "day/month" without leading zeros ("03/10/2025" → "3/10"): the search matches their numbers
 * one by one ("10/10" → "10", which every October date has), so the answerer compares them whole.
 */
export function datesIn(text: string): string[] {
  const dates: string[] = [];
  for (const m of text.matchAll(DATE)) {
    const day = Number(m[1]);
    const month = Number(m[2] ?? m[3]);
    if (day >= 1 && day <= 31 && month >= 1 && month <= 12) dates.push(`${day}/${month}`);
  }
  return dates;
}

/** A quantity with its unit: "2 litros", "2L", "1,5 lt", "600ml", "1 kg", "500 gramas". */
const UNIT = String.raw`(litros?|lts?|l|ml|kg|quilos?|g|gramas?|km|quil[ôo]metros?|m|metros?|cm|cent[íi]metros?|mm|dias?|semanas?|m[eê]s|meses|anos?|horas?|min|minutos?)(?![\p{L}\d])`;
/** A number, decimal or not ("2", "1,5", "1.5"); one with thousands separators or of thousands is read as its bare digits first. */
const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const QUANTITY = new RegExp(String.raw`(?<![\d,.])${NUMBER}\s*${UNIT}`, 'giu');
const UNITS: Record<string, string> = {
  ...{ litro: 'l', litros: 'l', lt: 'l', lts: 'l', l: 'l', ml: 'ml', kg: 'kg', quilo: 'kg', quilos: 'kg', g: 'g', grama: 'g', gramas: 'g' },
  ...{ km: 'km', quilometro: 'km', quilometros: 'km', m: 'm', metro: 'm', metros: 'm', cm: 'cm', centimetro: 'cm', centimetros: 'cm', mm: 'mm' },
  ...{ min: 'min', minuto: 'min', minutos: 'min', dia: 'dias', dias: 'dias', semana: 'semanas', semanas: 'semanas', mes: 'meses', meses: 'meses', ano: 'anos', anos: 'anos', hora: 'horas', horas: 'horas' },
};

/**
 * The quantities a text names, as number and unit ("2 litros", "2L" → "2l"; "1,5 lt" → "1.5l"; "6km", "6 quilômetros" →
 * "6km"): a menu writes "COCA COLA 2L" where the customer asks for "a coca 2 litros", and the search reads them as
 * different words.
 */
export function quantitiesIn(text: string): string[] {
  return [...withBareNumbers(text).matchAll(QUANTITY)].map((m) => `${numberValue(m[1]!)}${UNITS[fold(m[2]!)]}`);
}

/** The value of a NUMBER ("1,5" and "1.5" are 1.5; "5.000" and "5 mil" come as "5000": withBareNumbers). */
const numberValue = (written: string) => Number(written.replace(',', '.'));

/**
 * Bounds a text gives a measure: "de 14 até 7 dias", "3 a 10 dias úteis", "15-20 minutos", "mais de 15 dias", "até 5 km".
 * Each as its lowest and highest number (a bound left open is infinite) and its unit as quantitiesIn writes it.
 */
const RANGE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:${NUMBER}\s*(?:a|até|ate|e|-|–)\s*${NUMBER}|(mais de|acima de|a partir de|no m[íi]nimo|m[íi]nim[oa] de)\s*${NUMBER}|(menos de|até|ate|abaixo de|no m[áa]ximo|m[áa]xim[oa] de)\s*${NUMBER})\s*${UNIT}`,
  'giu',
);

export function rangesIn(written: string): Array<{ from: number; to: number; unit: string }> {
  const text = withBareNumbers(written);
  return [...text.matchAll(RANGE)].map((m) => {
    const unit = UNITS[fold(m[7]!)]!;
    if (m[1]) return { from: Math.min(numberValue(m[1]), numberValue(m[2]!)), to: Math.max(numberValue(m[1]), numberValue(m[2]!)), unit };
    if (m[3]) return { from: numberValue(m[4]!), to: Infinity, unit };
    // "até 15 dias de antecedência", "até 48 horas antes": no later than that before, so that long or longer.
    if (/^at[eé]$/i.test(m[5]!) && BEFOREHAND.test(text.slice(m.index + m[0].length))) return { from: numberValue(m[6]!), to: Infinity, unit };
    return { from: -Infinity, to: numberValue(m[6]!), unit };
  });
}

/** What follows a length of time counted back from an appointment: "de antecedência", "antes (do check-in)". */
const BEFOREHAND = /^\s*(?:de\s+anteced[eê]ncia|antes)(?![\p{L}\d])/iu;

/** Whether a question word is part of how a quantity is written (its number or its unit): "2", "litros". */
export const quantityWord = (lexemes: readonly string[]) => lexemes.some((l) => /^\d/.test(l) || QUANTITY_WORDS.has(l));
const QUANTITY_WORDS = lexemeSet(Object.keys(UNITS).join(' '));

const ASKS = /\?|\b(que|qual|quais|quando|onde|como|quanto|quanta|quantos|quantas|quem|por ?que|tem|t[eê]m|aceitam?|fazem|vendem)\b/i;

/** Lower case without accents, for comparing phrases. */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A word without the endings of plural, gender and verb person ("tarefas" → "taref", "visam" → "vis",
 * "informações" → "informac"), accents folded: two words with the same base are forms of one word, while
 * words that only share a stem are derivations ("processador" / "processar", "ensino" / "ensinar").
 */
export function inflectionBase(word: string): string {
  let base = baseMemo.get(word);
  if (base === undefined) {
    base = (/[^\x00-\x7f]/.test(word) ? fold(word) : word.toLowerCase())
      .replace(/(oes|aes)$/, 'ao')
      .replace(/s$/, '')
      .replace(/m$/, '')
      .replace(/[aoe]$/, '');
    // Bounded like the stemmer's memo (text-search.ts): most words of a knowledge base repeat.
    if (baseMemo.size >= 50_000) baseMemo.clear();
    baseMemo.set(word, base);
  }
  return base;
}

const baseMemo = new Map<string, string>();

/** The words of a text, lower-cased. */
export const textWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The inflection bases of a text's words. */
export function inflectionBases(text: string): Set<string> {
  return new Set(textWords(text).map(inflectionBase));
}

/** A number after a word that makes it a name: "nº 342", "n. 12", "número 5", "código 12-345", "lei 11.788", "pedido 1234". */
const IDENTIFIER = /(?<![\p{L}\p{N}])(?:n[º°o]|n\.|n[uú]mero|c[oó]d(?:igo|\.)?|lei|resolu[çc][aã]o|portaria|decreto|protocolo|pedido|artigo|art\.)\s*(\d[\d./-]*)/giu;

/**
 * Names: an acronym (text-search.ts acronymsIn: "EUA", "MIT", "CEPs"), or two or more capitalised words after the
 * question's first ("Ministério da Educação e Saúde"); one capitalised word is often a customer's emphasis ("a Ciência").
 */
const TITLE_CASE = /^\s*\p{Lu}\p{Ll}*\s+\p{Lu}\p{Ll}/u;
const NAME = /(?<=[\p{L}\p{N},;:]\s+)\p{Lu}\p{Ll}+(?:\s+(?:d[aeo]s?\s+|e\s+)?\p{Lu}\p{Ll}+)+/gu;

/** "quanto tempo", "há quanto tempo": "tempo" asks for a length of time, as "quanto" asks for a number. */
const HOW_LONG = /(?<![\p{L}\p{N}])quanto\s+tempo(?![\p{L}\p{N}])/iu;
const TIME_LEXEMES = lexemeSet('tempo');

function questionTerms(text: string): Term[] {
  // "lei 11.788" is the question word "11788" (questionWords), "código 12-345" the words "12" and "345".
  const identifiers = new Set([...text.matchAll(IDENTIFIER)].flatMap((m) => withBareNumbers(m[1]!).split(/\D+/).filter(Boolean)));
  // A question written with capitals throughout ("Qual O Valor Da Taxa De Entrega?", "VCS ENTREGAM NO CENTRO?") names
  // nothing by them.
  const acronyms = new Set([...acronymsIn(text)].flatMap((word) => [...lexemeSet(word)]));
  const names = new Set(!LOWER_CASE_WORD.test(text) || TITLE_CASE.test(text) ? [] : [...text.matchAll(NAME)].flatMap((m) => [...lexemeSet(m[0])]));
  const howLong = HOW_LONG.test(text);
  const light = (lexemes: readonly string[]) => lexemes.every((l) => LIGHT_LEXEMES.has(l)) || (howLong && lexemes.every((l) => TIME_LEXEMES.has(l)));
  const bases = new Map<string, string[]>();
  for (const word of textWords(text)) {
    const key = [...lexemeSet(word)].join(' ');
    if (key) bases.set(key, [...(bases.get(key) ?? []), inflectionBase(word)]);
  }
  const terms: Term[] = questionWords(text.replace(ENGLISH_ARE, ' '))
    .filter((lexemes) => !lexemes.every((l) => QUESTION_LEXEMES.has(l)))
    .map((lexemes) => {
      const acronym = lexemes.some((l) => acronyms.has(l));
      return {
        lexemes,
        bases: bases.get(lexemes.join(' ')) ?? [],
        synonyms: synonymsOf(lexemes),
        derived: derivationsOf(lexemes),
        weight: light(lexemes) ? LIGHT_WORD : 1,
        identifier: lexemes.some((l) => identifiers.has(l)),
        named: acronym || lexemes.some((l) => names.has(l)),
        acronym,
      };
    });
  return withAlternatives(text, terms);
}

/** "é por convênio ou particular?", "no solo ou em aparelhos?": a question that ends offering a choice of two words. */
const CHOICE = /(?<![\p{L}\p{N}])(\p{L}{3,})\s+ou\s+(?:(?:n?[oa]s?|em|d[eoa]s?|por|pel[oa]s?|com|um|uma|[ée])\s+)?(\p{L}{3,})\s*[?!.]*\s*$/iu;

/**
 * The two words of a choice as one word that either meets: the answer names the one that holds ("atendemos de forma
 * particular"), and the other is not missing from it.
 */
function withAlternatives(text: string, terms: Term[]): Term[] {
  const choice = CHOICE.exec(text);
  if (!choice) return terms;
  const at = (word: string) => {
    const key = [...lexemeSet(word)].join(' ');
    return terms.findIndex((t) => t.lexemes.join(' ') === key);
  };
  const [a, b] = [at(choice[1]!), at(choice[2]!)];
  if (a < 0 || b < 0 || a === b) return terms;
  const [x, y] = [terms[a]!, terms[b]!];
  const merged: Term = {
    ...x,
    lexemes: [...x.lexemes, ...y.lexemes],
    bases: [...(x.bases ?? []), ...(y.bases ?? [])],
    synonyms: [...x.synonyms, ...y.synonyms],
    derived: [...(x.derived ?? []), ...(y.derived ?? [])],
    weight: Math.max(x.weight, y.weight),
  };
  return terms.flatMap((t, i) => (i === a ? [merged] : i === b ? [] : [t]));
}

/** Lexeme → lexemes of its verb or nominalizations (NomLex-PT pairs whose stems differ), built when first needed. */
let derivations: Map<string, Set<string>> | null = null;

function derivationsOf(lexemes: readonly string[]): string[] {
  if (!derivations) {
    derivations = new Map();
    for (const line of NOMINALIZATIONS.split('\n')) {
      const [verb, noun] = line.split(' ');
      if (!verb || !noun) continue;
      const a = [...lexemeSet(verb)];
      const b = [...lexemeSet(noun)];
      if (a.some((l) => b.includes(l))) continue;
      for (const [from, to] of [[a, b], [b, a]] as const) {
        for (const l of from) {
          const set = derivations.get(l) ?? new Set<string>();
          for (const t of to) set.add(t);
          derivations.set(l, set);
        }
      }
    }
  }
  const out = new Set<string>();
  for (const l of lexemes) for (const d of derivations.get(l) ?? []) if (!lexemes.includes(d)) out.add(d);
  return [...out];
}

/** The kind of answer a text asks for by its own words. */
export function answerType(text: string): AnswerType {
  for (const [type, pattern] of ANSWER_TYPES) if (pattern.test(text)) return type;
  return null;
}

/** Patterns of the kinds of answer: a unit that has one fits a question that expects it. */
export const ANSWER_PATTERNS: Record<Exclude<AnswerType, null>, RegExp> = {
  // An hour, "fechado", "fechamos" ("Fechamos no Natal"); not "fecha" alone ("FECHA E CORTA", a product; "abre e fecha").
  // "Fechado" as a shop's state ("Domingo: Fechado", "Fechado aos feriados", "estamos fechados"), not any adjective
  // ("cravos abertos ou fechados").
  time: /\b\d{1,2}\s?(h|hs|horas?)\b|\b\d{1,2}h\d{2}\b|\b\d{1,2}:\d{2}\b|24 horas|(?:^|[:\-–]|\b(?:domingos?|s[áa]bados?|feriados?|estamos|estaremos|ficamos|ficaremos|permanecemos|estar[áa]|loja))\s*fechad[oa]s?\b|\bfechad[oa]s?\s+(?:aos?|nos?|nas?|em|para|durante)\b|\bfechamos\b/im,
  price: PRICE_FORM,
  date: /\b\d{1,2}\/\d{1,2}\b|\b(1[0-9]|20)\d{2}\b|\ba\.\s?C\b|\bs[eé]culo\b|\b(segunda|ter[çc]a|quarta|quinta|sexta|s[aá]bado|domingo|janeiro|fevereiro|mar[çc]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|feriados?|semestre|ano)\b|\b\d+\s*(dias?|horas?|minutos?|semanas?|meses|anos?)\b/i,
  number: /\d|\b(um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|doze|quinze|vinte|trinta|cem|cento|mil)\b/i,
  definition: /\b(é|são|consiste|significa|trata-se|refere-se)\b/i,
};

/**
 * What to search the knowledge with: the message, or — for a follow-up too short to stand alone ("E no
 * sábado?") — the customer's previous question with it, so retrieval finds what the follow-up is about.
 */
export function retrievalQuery(message: string, previousQuestion: string | undefined): string {
  if (!previousQuestion) return message;
  const [first] = questionParts(message, previousQuestion);
  return first?.terms.some((t) => t.carried) ? `${previousQuestion}\n${message}` : message;
}
