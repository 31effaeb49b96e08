import { LRUCache } from 'lru-cache';
import { lexemeSet, questionWords } from '../knowledge/text-search';
import { asksFormIn, givesContact, namesContactWithout } from '../knowledge/forms';
import { CAPITALS_TITLE, isValueBlock, SEPARATOR_LINE, VALUE_LINE } from '../knowledge/ingest/split';
import { isWeekday, namesWeekday, restOfWeek, weekdaysIn, withWeekdays } from '../knowledge/weekdays';
import type { RetrievedPassage } from '../knowledge/retrieval';
import { ANSWER_PATTERNS, answerType, datesIn, fold, quantitiesIn, quantityWord, rangesIn, inflectionBase, inflectionBases, LIGHT_WORD, textWords, questionParts, type QuestionPart, type Term } from './question';

/**
 * Extractive question answering over the retrieved passages (the offline answerer, ADR 0012): each part of
 * the question gets the sentence(s) or table row(s) that answer it — never a heading alone — with the name
 * of its source, or an honest "not found" when nothing covers enough of what was asked.
 */

/**
 * Least confidence (weighted share of the part's words, plus a bonus for its phrases and for the number of its
 * words found) an answer must reach: the smallest at which the faquad:tuning half abstains on 90% of its
 * unanswerable questions (EVAL_SWEEP=1).
 */
export const MIN_CONFIDENCE = 0.65;
/** How much the question's word pairs found side by side in the answer add to the confidence. */
const PHRASE_WEIGHT = 0.3;
/**
 * How much a question word found elsewhere in the unit's passage (not in the unit itself) counts: for
 * ranking (the sentence that answers often leaves its subject to the sentences before it), and, less, for
 * the confidence.
 */
const AROUND_RANKING = 0.4;
const AROUND_CONFIDENCE = 0.1;
/**
 * A sentence of another passage whose ranking score is within this share of the best one's is a near tie: the
 * lexical ranking cannot tell which of the two answers, so the second is quoted too (with its source) when it is
 * itself confident enough.
 */
const NEAR_TIE = 0.06;
/**
 * How much a word of the question counts when the unit has only another word of its stem — a derivation
 * ("processar" for "processador", "ensino" for "ensinar"), not the word itself in some inflection.
 */
const DERIVED_WORD = 0.8;
/**
 * Match strength of a contact's name without the contact ("telefone" without a number: namesContactWithout); a factor of
 * the ranking and confidence of a price named only as what a share is of (priceAsShare).
 */
const MENTION = 0.5;
/**
 * How much a question word counts when a sentence that leans on the one before it ("Ele…", "Essa tese…") does
 * not have it but that sentence does: the subject it stands for, named there.
 */
const LEANT_ON = 0.5;
/** Letters one inflection base may have beyond the other and still be the same word ("entreg" / "entregam"). */
const INFLECTION_SLACK = 2;
/**
 * What each of the part's own words found as written in the answer adds to the confidence, counted from
 * EVIDENCE_FROM (fewer words take it away) up to EVIDENCE_UP_TO: five words of a question found in one sentence are
 * surer evidence than two, at the same share.
 */
const WORD_EVIDENCE = 0.03;
const EVIDENCE_FROM = 2;
const EVIDENCE_UP_TO = 5;
/**
 * What a sentence that defines the subject of "O que é X?" adds to its ranking: DEFINES when X is followed by a copula
 * or a gloss anywhere in it, OPENS_DEFINITION when the sentence opens with X (or names it: opensDefinition).
 */
const DEFINES = 0.3;
const OPENS_DEFINITION = 0.7;
/** Ranking bonus of a FAQ's answer whose question asks what the customer asks (headingAsks). */
const FAQ_ASKED = 0.2;
/** Ranking bonus of a unit under a title that is what was asked (a menu's dish, a service: namedBy). */
const TITLE_NAMED = 0.1;
/** Bonus of a dish or row named by a question that asks what it has ("o x-frango tem hamburguer?"). */
const NAMED_HAS = 0.4;
/** Bonus of a line whose label ("Pedido mínimo: …") is what the part asks. */
const LABEL_ASKED = 0.1;
/** Ranking bonus of a unit whose bounds of a measure hold the quantity asked, malus of one whose bounds do not (holdsQuantity). */
const RANGE_HOLDS = 0.2;
/** Ranking bonus of a unit that says how to do what "como faço pra…?" asks (HOW_TO, MEANS). */
const HOW_TO_MEANS = 0.25;
/** Ranking bonus of a unit that names the day asked for ("dia 10/10"), whose numbers alone every date of the month has. */
const DATE_NAMED = 0.2;
/**
 * Strength of a day asked for ("o SAC funciona sábado?") in a unit that names other days and not that one ("O SAC atende
 * de segunda a sexta"): it says which days, and so answers for that one too.
 */
const OTHER_DAYS = 0.6;
/** Confidence factor when a definition question ("O que é X?") gets a sentence that does not define X. */
const UNDEFINED_SUBJECT = 0.7;
/** Factor of the confidence of an hours or price answer without an hour or a price (answersKind). */
const MISSING_KIND = 0.6;
/** Confidence kept when a name the question gives ("nos EUA") is in no passage at hand of the answer's file, nor in its name. */
const NAME_MISSING = 0.6;
/** Rows listed together when several fit equally ("quanto custam os bolos?"). */
const MAX_ROWS = 4;
/** Longest excerpt for one part (characters): a sentence and its neighbour, not a page. */
const MAX_EXCERPT = 600;

/** An answer-sized piece of a passage: a sentence, a line, or a spreadsheet row. */
interface Unit {
  text: string;
  source: string;
  /** Rank of its passage in the retrieval (0 = best). */
  rank: number;
  /** Its passage's retrieval score as a share of the best passage's (size-free, unlike the score itself). */
  retrieval: number;
  /** The heading above it, if any ("Horário de funcionamento"): its words count, it is not shown alone. */
  heading: string | null;
  lexemes: Set<string>;
  /** Inflection bases of its words (question.ts inflectionBase), computed when first needed (basesOf). */
  bases: Set<string> | null;
  /** The quantities it names ("COCA COLA 2L" → "2l": question.ts quantitiesIn). */
  quantities: string[];
  /** The days it or its heading names ("Terça-feira 09/10" → "9/10": question.ts datesIn). */
  dates: string[];
  /** The unit's words in order, each as its lexemes (stop words left out): for phrases of the question. */
  sequence: Array<readonly string[]>;
  /** Its heading's words in order, as `sequence` (none for a FAQ's, which `sequence` opens with). */
  headingSequence: Array<readonly string[]>;
  headingLexemes: Set<string>;
  /** The words of its file's name ("cardapio-pizzas.csv"): a title over the whole file, never shown as an answer. */
  sourceLexemes: Set<string>;
  /** The lexemes of its whole passage: words of the question said around the unit (its subject, named before). */
  passageLexemes: Set<string>;
  row: boolean;
  /** It opens a line of its text (else it is a later sentence of the line before): how an excerpt joins it. */
  opensLine: boolean;
  /** Its heading is a question ("### Q: Posso parcelar?", "Posso parcelar?"): it answers that question, a FAQ's. */
  faq: boolean;
  /** Which block (text between blank lines) of its passage it is in. */
  block: number;
  /** Neighbours in the same block, for answers that span two sentences. */
  prev: Unit | null;
  /** It leans on the sentence before it ("Ele…", "Essa tese…"): LEANS_BACK. */
  leansBack: boolean;
  next: Unit | null;
  /** The bounds it gives measures ("de 14 até 7 dias": question.ts rangesIn), when first needed. */
  ranges?: ReturnType<typeof rangesIn>;
  /** What it says the shop does not sell, take or do, each item as its words' lexemes (declinedItems), when first needed. */
  declined?: Array<Array<Set<string>>>;
  /** The first unit of the next block, when this one ends its block: the list a line ending in ':' announces. */
  after: Unit | null;
}

export interface PartAnswer {
  part: QuestionPart;
  /** The excerpt and its source; null when the knowledge does not answer this part. */
  excerpt: string | null;
  source: string | null;
  /** The weighted share of the part's words the answer has (the decision is `confidence`). */
  score: number;
  /** coverage plus the share of the part's word pairs found side by side: what MIN_CONFIDENCE is held against. */
  confidence: number;
  /** A sentence of another passage that scores nearly as well (NEAR_TIE): quoted too, with its source. */
  also?: { excerpt: string; source: string } | null;
}

/** A spreadsheet row as indexed: "coluna: valor" lines (see parsers/rows.ts). */
const RECORD_LINE = /^[^:\n]{1,80}::? \S/;
/**
 * Sentence ends: . ! ? and a space, not after an abbreviation ("Dr.", "**Dra.", "art.", "p.", an address's "R.", "Av.", "Est.",
 * a day's "Seg. a Sex.").
 */
const SENTENCE_END =
  /(?<![\s(*"“'](?:sr|sra|dr|dra|prof|profa|art|arts|inc|n|nº|p|pp|pág|cap|ex|av|r|al|alm|trav|tv|rod|est|estr|p[çc]a|cel|sto|sta|tel|obs|seg|ter|qua|qui|sex|s[áa]b|dom)\.)(?<!^(?:sr|sra|dr|dra|prof|profa|av|r|est|seg|ter|qua|qui|sex|s[áa]b|dom)\.)(?<=[.!?])\s+(?=["“'(]?[\p{L}\d])/iu;
/** A sentence that leans on the one before it ("Ele…", "Além disso…", "Nesse caso…"). */
const LEANS_BACK =
  /^(ele|ela|eles|elas|esse|essa|esses|essas|isso|este|esta|estes|estas|isto|além disso|nesse|nessa|neste|nesta|nele|nela|dele|dela|assim|dessa forma|desse modo|desta forma|também|tal|seu|sua|seus|suas|por isso|portanto|entretanto|no entanto|contudo|porém|todavia|ou seja)\b/i;


/** Answers each part of `message` from `passages`; `context` is the customer's previous message (follow-ups). */
export function answerQuestion(
  message: string,
  passages: RetrievedPassage[],
  context?: string,
  { minConfidence = MIN_CONFIDENCE }: { minConfidence?: number } = {},
): PartAnswer[] {
  const units = passages.flatMap((p, rank) => unitsOf(p, rank));
  const weights = termRarity(units);
  return readParts(message, units, context).map((part) => answerPart(part, units, weights, minConfidence));
}

/**
 * The question's parts with each word's lexemes spelled as the units at hand spell them: a stem of 5+
 * letters also takes the longer words it begins ("cancel" → "cancelament"), and a word the units do not
 * have takes those one typo away ("ativdad" → "atividad"). Done once per question, so matching a unit is
 * a set lookup.
 */
function readParts(message: string, units: Unit[], context?: string): QuestionPart[] {
  const vocabulary = new Set<string>();
  for (const u of units) {
    for (const l of u.lexemes) vocabulary.add(l);
    for (const l of u.headingLexemes) vocabulary.add(l);
  }
  const words = [...vocabulary];
  const spell = (lexemes: readonly string[]): string[] => {
    const out = new Set<string>();
    for (const l of lexemes) {
      if (vocabulary.has(l)) out.add(l);
      if (l.length < 5 || /\d/.test(l)) continue;
      for (const w of words) if (w.startsWith(l)) out.add(w);
    }
    return [...out];
  };
  // The units' words as written (inflection bases) with their lexemes: a word of the question one typo away
  // from one of them is read as it ("ativdades" → "atividades", though the two stem apart: "ativdad" / "ativ").
  let written: Map<string, Set<string>> | null = null;
  const typoFixed = (bases: readonly string[]): string[] => {
    written ??= writtenWords(units);
    const out = new Set<string>();
    for (const b of bases) {
      if (b.length < 5 || /\d/.test(b)) continue;
      for (const [base, lexemes] of written) if (oneEditApart(b, base)) for (const l of lexemes) out.add(l);
    }
    return [...out];
  };
  const titles = new Set(units.flatMap((u) => (u.heading ? [...u.headingLexemes] : [])));
  const parts = questionParts(message, context).map((part) => withKindsLight(withJoinedWords(part, vocabulary), vocabulary, titles));
  // The same word as written is the same word whatever the stemmer makes of it: Snowball cuts "-imos" as a verb
  // ending, so "sinônimos" / "sinônimas", "mínimos" / "mínima" stem apart. The units' words whose inflection base is
  // one of the question's, with their lexemes.
  const sameWord = sameBaseLexemes(units, new Set(parts.flatMap((p) => p.terms.flatMap((t) => t.bases ?? []))));
  return parts.map((part) => ({
    ...part,
    terms: part.terms.map((t) => {
      // Verbs and their nominalizations are looked up as written: their stems are not prefixes of each other.
      const derived = t.weight === 1 ? (t.derived ?? []).filter((l) => vocabulary.has(l)) : [];
      let lexemes = spell(t.lexemes);
      if (t.bases?.some((b) => sameWord.has(b))) {
        const same = new Set(lexemes);
        for (const b of t.bases) for (const l of sameWord.get(b) ?? []) same.add(l);
        lexemes = [...same];
      }
      if (lexemes.length) return { ...t, lexemes, synonyms: spell(t.synonyms), derived };
      const fixed = typoFixed(t.bases ?? []);
      // A word read through a typo is that word itself, whatever inflection it was typed in.
      if (fixed.length) return { ...t, lexemes: fixed, synonyms: spell(t.synonyms), bases: [], derived };
      const initials = t.acronym ? acronymFound(t.lexemes[0]!, units) : initialsFound(t.lexemes[0]!, units);
      const named = initials.length ? initials : splitFound(t.lexemes[0]!, units);
      if (named.length) return { ...t, lexemes: named, synonyms: spell(t.synonyms), bases: [], derived };
      return { ...t, synonyms: spell(t.synonyms), derived };
    }),
  }));
}

/**
 * A model written by its initials and number ("ps5", "ps4") that the units write out ("PlayStation 5", "Play Station 4"):
 * the lexemes of the words they write it with; none when the word is not such a code or no unit has it.
 */
function initialsFound(word: string, units: Unit[]): string[] {
  const code = /^([a-z]{2,3})(\d{1,3})$/.exec(word);
  if (!code) return [];
  const [, letters, number] = code;
  // Each initial opens a word, or a part of one in capitals ("PlayStation"): "Pedidos 5" is not a "ps5".
  const initials = [...letters!].map((l, i) => `${i ? `(?:\\s[${l}${l.toUpperCase()}]|${l.toUpperCase()})` : `[${l}${l.toUpperCase()}]`}\\p{Ll}*`);
  const written = new RegExp(`(?<![\\p{L}\\d])${initials.join('')}\\s?${number}(?!\\d)`, 'u');
  for (const u of units) {
    const match = written.exec(u.text) ?? (u.heading ? written.exec(u.heading) : null);
    if (match && match[0].length > word.length + 2) return [...lexemeSet(match[0])];
  }
  return [];
}

/** Words that may come between the words an acronym is made of ("Universidade Federal de São Carlos"). */
const ACRONYM_JOINER = String.raw`(?:\s+(?:d[aeo]s?|e)\s+|[\s-]+)`;

/**
 * An acronym ("ufsc", "vr") that the units write out in words whose capitals spell it ("Universidade Federal de São
 * Carlos", "Vale-Refeição"): the lexemes of those words; none when no unit writes it so.
 */
function acronymFound(word: string, units: Unit[]): string[] {
  const letters = word.replace(/s$/, '');
  if (!/^[a-z]{2,6}$/.test(letters)) return [];
  const spelled = [...letters].map((l) => String.raw`${l.toUpperCase()}\p{L}+`).join(ACRONYM_JOINER);
  const written = new RegExp(String.raw`(?<![\p{L}\p{N}])${spelled}(?![\p{L}\p{N}])`, 'u');
  for (const u of units) {
    const match = written.exec(u.text) ?? (u.heading ? written.exec(u.heading) : null);
    if (match) return [...lexemeSet(match[0])];
  }
  return [];
}

/**
 * A name written as one word that the units write as two ("totalpass" / "Total Pass", "pixel" is not "pix el"): the
 * lexemes of the two words; none when no unit writes it so.
 */
function splitFound(word: string, units: Unit[]): string[] {
  if (word.length < 6 || !/^\p{L}+$/u.test(word)) return [];
  for (const u of units) {
    const words = textWords(`${u.heading ?? ''} ${u.text}`).map(fold);
    for (let i = 1; i < words.length; i++) {
      const [a, b] = [words[i - 1]!, words[i]!];
      // The pair stems as the word does ("mercadopago" → "mercadopag").
      if (a.length < 3 || b.length < 3 || !word.startsWith(a) || Math.abs(a.length + b.length - word.length) > 3) continue;
      if (lexemeSet(a + b).has(word)) return [...lexemeSet(`${a} ${b}`)];
    }
  }
  return [];
}

/**
 * Two words of the question that the units write as one ("total pass" / "TotalPass", "gym pass" / "Gympass"): both are
 * read as that word, when the units lack one of them.
 */
function withJoinedWords(part: QuestionPart, vocabulary: ReadonlySet<string>): QuestionPart {
  const words = textWords(part.text);
  const lacking = (lexemes: readonly string[]) => lexemes.length > 0 && !lexemes.some((l) => vocabulary.has(l));
  let terms = part.terms;
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [lexemeSet(words[i - 1]!), lexemeSet(words[i]!)];
    if (!a.size || !b.size || words[i - 1]!.length < 3 || words[i]!.length < 3 || (!lacking([...a]) && !lacking([...b]))) continue;
    const joined = [...lexemeSet(words[i - 1]! + words[i]!)].filter((l) => vocabulary.has(l) && !a.has(l) && !b.has(l));
    if (!joined.length) continue;
    const of = (t: Term) => t.lexemes.some((l) => a.has(l) || b.has(l));
    terms = terms.map((t) => (!t.carried && of(t) ? { ...t, lexemes: joined, bases: [], derived: [] } : t));
  }
  return terms === part.terms ? part : { ...part, terms };
}

/**
 * A kind the knowledge never names, before a "de" and the name of one of its titles ("tem pizza de atum?" over a menu
 * whose dishes are titled "ATUM", "CALABRESA" and never say pizza): the kind weighs as a light word. What follows "de"
 * must title a section, so "pneu de caminhão" at a bakery and "suco de cebola" over a dish with onion still have nothing.
 */
function withKindsLight(part: QuestionPart, vocabulary: ReadonlySet<string>, titles: ReadonlySet<string>): QuestionPart {
  const light = new Set<string>();
  for (const [, kind, what] of part.text.matchAll(/(\p{L}+)\s+(?:de|do|da|dos|das)\s+([\p{L}\p{N}]+)/gu)) {
    const lexemes = [...lexemeSet(kind!)];
    if (lexemes.length && !has(vocabulary, lexemes) && has(titles, [...lexemeSet(what!)])) for (const l of lexemes) light.add(l);
  }
  if (!light.size) return part;
  const isKind = (t: Term) => t.weight === 1 && has(light, t.lexemes) && !has(vocabulary, t.synonyms);
  return { ...part, terms: part.terms.map((t) => (isKind(t) ? { ...t, weight: LIGHT_WORD } : t)) };
}

/** For each of `bases` that words of the units have, the lexemes of those words. */
function sameBaseLexemes(units: Unit[], bases: Set<string>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const b of bases) if (b.length < 4) bases.delete(b);
  if (!bases.size) return map;
  const seen = new Set<string>();
  for (const u of units) {
    for (const word of textWords(`${u.heading ?? ''} ${u.text}`)) {
      if (seen.has(word)) continue;
      seen.add(word);
      const base = inflectionBase(word);
      if (!bases.has(base)) continue;
      const set = map.get(base) ?? new Set<string>();
      for (const l of lexemeSet(word)) set.add(l);
      map.set(base, set);
    }
  }
  return map;
}

/** The inflection bases of the units' words, each with the lexemes of the words written so. */
function writtenWords(units: Unit[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const u of units) {
    for (const word of textWords(`${u.heading ?? ''} ${u.text}`)) {
      const base = inflectionBase(word);
      if (base.length < 4 || map.has(base)) continue;
      map.set(base, lexemeSet(word));
    }
  }
  return map;
}

function answerPart(part: QuestionPart, units: Unit[], rarity: Rarity, minConfidence: number): PartAnswer {
  const own = part.terms.filter((t) => !t.carried);
  const total = own.reduce((sum, t) => sum + termWeight(t, rarity), 0);
  if (!units.length || total === 0) return { part, excerpt: null, source: null, score: 0, confidence: 0 };

  const scored = units
    .map((unit) => ({ unit, ...score(unit, part, total, rarity) }))
    .sort((a, b) => b.score - a.score || a.unit.rank - b.unit.rank);
  const best = scored[0]!;
  const confidence = confidenceOf(part, best, units);
  if (confidence < minConfidence) return { part, excerpt: null, source: null, score: best.coverage, confidence };

  if (best.unit.row) {
    // Several rows that fit as well (the question names a family of products): list them — only those whose own name
    // is what was asked when there are such ("xis salada": the XIS SALADA row, not the combo that includes one).
    let fitting = scored.filter((s) => s.unit.row && s.unit.source === best.unit.source && s.coverage >= best.coverage - 1e-9 && s.score >= best.score * 0.9);
    // A day asked for ("o almoço do dia 10/10"): the rows of that day, when there are such, not every row of the month.
    const ofDay = part.dates.length ? fitting.filter((s) => namesDate(s.unit, part.dates)) : [];
    if (ofDay.length) fitting = ofDay;
    // A cell most of these rows share ("categoria: Pizza", "ativo: 1") names none of them.
    const shared = sharedLines(fitting.map((s) => s.unit.text));
    const rows = fitting.map((s) => ({ text: s.unit.text, heading: s.unit.heading, cell: namingCell(s.unit.text, own, shared) }));
    const most = Math.max(...rows.map((r) => r.cell[0]));
    const exact = rows.some((r) => r.cell[0] === most && r.cell[1] === 1);
    const chosen = rows.filter((r) => !exact || (r.cell[0] === most && r.cell[1] === 1)).sort((a, b) => b.cell[0] - a.cell[0] || b.cell[1] - a.cell[1]);
    const kept = chosen
      // The same row in two passages (the overlap of one repeats the other's last lines), or under sibling headings (a
      // uniform's price under each class), is listed once.
      .filter((r, i, all) => all.findIndex((o) => o.text === r.text) === i)
      .slice(0, MAX_ROWS);
    // Rows that differ under sibling headings ("- Mensalidade: R$ 900,00" under "INFANTIL II", "R$ 950,00" under
    // "INFANTIL III") say which is which with their heading.
    const eachHeaded =
      new Set(kept.map((r) => r.heading)).size > 1 && kept.every((r) => r.heading && chosen.every((o) => o.text !== r.text || o.heading === r.heading));
    const listed = kept.map((r) => (eachHeaded ? `${r.heading}:\n${shownRow(r.text)}` : shownRow(r.text)));
    // Rows of one line each (a price list's) one under the other; a spreadsheet's, of several lines, or rows with their
    // headings, apart.
    const excerpt = listed.join(listed.some((r) => r.includes('\n')) ? '\n\n' : '\n');
    // Found by their heading's words ("- Valor mensal: R$ 180,00" under "Inglês Básico" for "qto e a mensalidade do
    // basico?"), rows say which they are with it.
    const headed = !eachHeaded && best.unit.heading && foundByHeading(own, best.unit) && fitting.every((s) => s.unit.heading === best.unit.heading);
    return { part, excerpt: headed ? `${best.unit.heading}:\n${excerpt}` : excerpt, source: best.unit.source, score: best.coverage, confidence };
  }
  // Only the heading matches ("Qual o horário de funcionamento?" over the lines under "Horário de
  // funcionamento"): the question is about the whole section.
  // A FAQ's answer is all the lines under its question, and a section all its lines when its heading is what was asked
  // ("qual o prazo para troca?" over "Prazo para Trocas" and three items).
  if (best.unit.heading && (best.unit.faq || headingAsks(best.unit.heading, own) || part.terms.every((t) => t.carried || !inOwnText(t, best.unit)))) {
    const section = units.filter((u) => u.heading === best.unit.heading && u.source === best.unit.source && u.rank === best.unit.rank);
    // The heading says what the lines are when they do not: a list's ("Formas de pagamento"), a menu's dish ("CARIOCA" over
    // its ingredients and prices), and a product's name over its description ("Torta de Limão" for "vcs fazem torta de
    // limao?" over "Massa amanteigada recheada com creme de limão…").
    const named = LIST_ITEM.test(section[0]!.text) || CAPITALS_TITLE.test(best.unit.heading) || (!best.unit.faq && foundByHeading(own, best.unit));
    let text = named ? `${best.unit.heading}:` : '';
    for (const u of section) if (text.length + u.text.length < MAX_EXCERPT) text = text ? `${text}${u.opensLine ? '\n' : ' '}${u.text}` : u.text;
    if (text.endsWith(':')) text = withAnnounced(text, section.at(-1)!).text;
    // A FAQ's "Não." / "Sim," answers its own question, not another one it is quoted for ("funciona na quarta?" over
    // "O atendimento funciona aos finais de semana? Não. Nosso atendimento está disponível de segunda a sexta…").
    if (best.unit.faq && !headingAsks(best.unit.heading, own)) text = withoutYesOrNo(text);
    // A bare "**Não.**" says nothing without the question it answers ("Vocês aceitam cheque?").
    else if (best.unit.faq && BARE_YES_NO.test(text)) text = `${best.unit.heading}\n${text}`;
    return { part, excerpt: text, source: best.unit.source, score: best.coverage, confidence };
  }
  const expanded = expand(best.unit, part, total, rarity);
  // An item of a list says little alone ("- Roupas íntimas"), and a line found by its heading's words ("Broto 25,00 /
  // Grande 48,00" under "CALABRESA") says nothing of them: the heading says what it is.
  const excerpt = best.unit.heading && (LIST_ITEM.test(best.unit.text) || foundByHeading(own, best.unit)) ? `${best.unit.heading}:\n${expanded}` : expanded;
  // A near tie in another passage: the ranking cannot tell which one answers, so both are quoted.
  const tie = scored.find((s) => s.unit.rank !== best.unit.rank && !s.unit.row && s.score >= best.score * (1 - NEAR_TIE));
  const also =
    tie && !excerpt.includes(tie.unit.text) && tie.unit.text.length <= MAX_EXCERPT && confidenceOf(part, tie, units) >= minConfidence
      ? { excerpt: tie.unit.text, source: tie.unit.source }
      : null;
  return { part, excerpt, source: best.unit.source, score: best.coverage, confidence, also };
}

/** Whether a unit (or its heading) names one of the days asked for. */
function namesDate(unit: Unit, dates: readonly string[]): boolean {
  return unit.dates.some((d) => dates.includes(d));
}

/** The lines (cells) that more than half of several rows have. */
function sharedLines(rows: readonly string[]): Set<string> {
  const shared = new Set<string>();
  if (rows.length < 3) return shared;
  const counts = new Map<string, number>();
  for (const row of rows) for (const line of new Set(row.split('\n'))) counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const [line, count] of counts) if (count > rows.length / 2) shared.add(line);
  return shared;
}

/** A row as the customer reads it: without the cells that only name an image file ("foto: fundo.jpg"). */
const shownRow = (row: string) =>
  row
    .split('\n')
    .filter((line) => !/^[^:]+: \S+\.(?:jpe?g|png|gif|webp|svg|bmp)$/i.test(line))
    .join('\n');

/**
 * The cell of a row that names most of the question's words, as [how many, their share of the cell's words]: [2, 1]
 * for a cell "XIS SALADA" and "quanto custa o xis salada?", [2, 0.5] for "1 Xis Salada e 1 refri" in a combo's
 * description; for "combo 2", [2, 1] for "COMBO 2" and [1, 0.5] for a "2 litros" elsewhere.
 */
function namingCell(row: string, terms: readonly Term[], shared: ReadonlySet<string> = new Set()): [number, number] {
  let best: [number, number] = [0, 0];
  for (const line of row.split('\n')) {
    if (shared.has(line)) continue;
    // The cell's words, each once ("X-SALADA" is two words, not also the "xsalada" it is searched by).
    const cell = questionWords(line.includes(': ') ? line.slice(line.indexOf(': ') + 2) : line);
    if (cell.length === 0) continue;
    const found = terms.filter((t) => cell.some((word) => word.some((l) => t.lexemes.includes(l)))).length;
    const share = found / cell.length;
    if (found > best[0] || (found === best[0] && share > best[1])) best = [found, share];
  }
  return best;
}

/**
 * How sure an answer is: the weighted share of the part's words the unit has, plus a bonus for its phrases and
 * for the number of the part's words found; less for one bare word and for a definition question ("O que é X?")
 * whose sentence only mentions X.
 */
function confidenceOf(part: QuestionPart, best: { unit: Unit; coverage: number }, units: readonly Unit[]): number {
  const own = part.terms.filter((t) => !t.carried);
  let confidence = best.coverage + PHRASE_WEIGHT * phraseShare(part, best.unit);
  const wordsFound = own.filter((t) => t.weight === 1 && matchStrength(t, best.unit) >= 0.9).length;
  confidence += WORD_EVIDENCE * (Math.min(wordsFound, EVIDENCE_UP_TO) - EVIDENCE_FROM);
  if (bareWord(part, own, best.unit)) confidence *= 0.6;
  // "Como são chamados os professores … nos EUA?" answered from a file that never names the EUA (or the "Ministério da
  // Educação e Saúde" from one about the "… e Cultura"): about something else.
  if (own.some((t) => t.named && !units.some((u) => u.source === best.unit.source && nearby(t, u)))) confidence *= NAME_MISSING;
  // "O que é X?" answered by a sentence that only mentions X (does not say what it is): less sure.
  if (part.subject && !definesSubject(best.unit.text, part.subject)) confidence *= UNDEFINED_SUBJECT;
  // "qual o horário de vocês?" answered by "Consegue abrir o link?", "qual o valor da diária?" by "30% de acréscimo sobre o
  // valor da diária": a merchant's hours or price question needs an hour or a price (or a day, "sob consulta"…).
  // Only the part's own words: "Oi, qual o endereço?" after an hours question borrows its words, not its kind.
  if (asksAmount(part) && !answersKind(part, best.unit)) {
    // Named only as what a share is of ("50% de acréscimo sobre o valor da diária"), the price asked for is a mention.
    confidence *= priceAsShare(part, best.unit.text) ? MISSING_KIND * MENTION : MISSING_KIND;
  }
  return confidence;
}

/** Whether the unit's passage, heading or file name has the term. */
function nearby(term: Term, unit: Unit): boolean {
  return [unit.passageLexemes, unit.headingLexemes, unit.sourceLexemes].some((set) => has(set, term.lexemes) || has(set, term.synonyms));
}

/**
 * One word, not even asked about ("Test"), found in some sentence: one shared word stem is not an answer. A topic of the
 * knowledge ("horário", a heading), a definition, or the form a request asks for ("telefone de vcs" / "(13) 3227-5322") is.
 */
function bareWord(part: QuestionPart, own: readonly Term[], unit: Unit): boolean {
  if (own.length !== 1 || part.asks) return false;
  const topic = has(unit.headingLexemes, own[0]!.lexemes) || (part.subject && definesSubject(unit.text, part.subject));
  return !topic && !asksFormIn(own[0]!.lexemes, unit.text);
}

/** How well a unit answers a part: the weighted share of the part's words it has, and a ranking score. */
function score(unit: Unit, part: QuestionPart, total: number, rarity: Rarity) {
  let matched = 0;
  let around = 0;
  let bonus = 0;
  const cepUnit = part.cep && /\bceps?\b/i.test(`${unit.heading ?? ''} ${unit.text}`);
  // "a coca 2 litros" and a row "COCA COLA 2L": the quantity's number and unit are found, however written; and "a
  // heineken 600" meets "HEINEKEN 600ML".
  const { quantities } = unit;
  // So does "cheguei 15 min atrasado" a line about "15-20 minutos de atraso": a quantity within the bounds given.
  const holds = holdsQuantity(part, unit);
  const quantityUnit = holds === 1 || quantities.some((q) => part.quantities.includes(q));
  const declinedFrom = declinedItemAt(unit, part);
  const strengths = part.terms.map((term, i) => {
    const weight = termWeight(term, rarity);
    let strength =
      (cepUnit && /^(\d+|ceps?)$/.test(term.lexemes[0]!)) ||
      (quantityUnit && quantityWord(term.lexemes)) ||
      (/^\d+$/.test(term.lexemes[0]!) && quantities.some((q) => q.replace(/[a-z]+$/, '') === term.lexemes[0]))
        ? 1
        : matchStrength(term, unit);
    // "entregam a 4 km?" over "Entregamos em um raio de 5 km": the same measure with another number is the limit asked about.
    if (!strength && sameMeasure(term, part, quantities)) strength = DERIVED_WORD;
    // "tem pneu aro 14?" over "NÃO VENDEMOS: Pneus, baterias…": what the shop does not sell at all, it sells in no size.
    if (!strength && i > declinedFrom && !term.carried) strength = DERIVED_WORD;
    // "Ele contribuiu para…" after "Turing é…": a sentence that leans on the one before it has that one's words.
    if (!strength && unit.leansBack && unit.prev && has(unit.prev.lexemes, term.lexemes)) strength = LEANT_ON;
    if (term.carried) bonus += (weight * strength) / total;
    else matched += weight * strength;
    if (!term.carried && !strength && has(unit.passageLexemes, term.lexemes)) around += weight;
    return strength;
  });
  const coverage = (matched + AROUND_CONFIDENCE * around) / total;
  const phrase = phraseShare(part, unit);
  let value = coverage + ((AROUND_RANKING - AROUND_CONFIDENCE) * around) / total + bonus * 0.5 + 0.2 * phrase;
  // "O que é o POSCOMP?": the sentence that says what it is ("O POSCOMP é…", "… (POSCOMP)").
  if (part.subject) value += opensDefinition(unit.text, part.subject) ? OPENS_DEFINITION : definesSubject(unit.text, part.subject) ? DEFINES : 0;
  // The line of the day asked for answers it without a time ("Sábado: apenas com agendamento", "Domingo: fechado").
  if (part.type) value += fitsType(part, unit.text) || namesAskedDay(part, unit) ? 0.15 : -0.1;
  if (part.dates.length && namesDate(unit, part.dates)) value += DATE_NAMED;
  if (priceAsShare(part, unit.text)) value *= MENTION;
  // Ranked as it is trusted (confidenceOf): "qual horario de atendimento?" is answered by "Atendimento Segunda à Sexta das
  // 08:00 às 18:00", before "Atendimento fora de horário comercial - requer consulta", which has both words and no hour.
  else if (asksAmount(part) && !answersKind(part, unit)) value *= MISSING_KIND;
  value += RANGE_HOLDS * holds;
  // "como faço pra cancelar a reserva?": the sentence that says how (write to an e-mail, call a number), before one that
  // only says what happens to a cancelled one.
  if (HOW_TO.test(part.text) && (givesContact(unit.text) || MEANS.test(unit.text))) value += HOW_TO_MEANS;
  // The answer of a FAQ whose question asks what the customer asks, before an answer that only has the words.
  if (unit.faq && headingAsks(unit.heading!, part.terms.filter((t) => !t.carried))) value += FAQ_ASKED;
  // A dish whose name is what was asked ("CALABRESA" for "quanto é a calabresa?"), before one that only has the word in
  // its name ("BERINJELA COM CALABRESA").
  // So does a row whose name is what was asked; and when the question asks whether it has something ("o x-frango tem
  // hamburguer?"), the X-Frango row, which says what it has, answers, not the X-Família's, which has both words.
  // A heading in other letters names what its sentences are about ("### Fluido de Freio"), while rows have names of their
  // own ("Toscana" under "Pizzas").
  const titled = unit.heading && !unit.faq && (CAPITALS_TITLE.test(unit.heading) || !unit.row) && namedBy(unit.heading, part);
  if (titled || (unit.row && namedBy(rowName(unit.text), part))) {
    value += ASKS_WHETHER_HAS.test(part.text) ? NAMED_HAS : TITLE_NAMED;
  }
  // A line labelled with what is asked ("Pedido mínimo: R$ 25,00"), before a sentence that mentions it in passing ("Cupom
  // BEMVINDO: 10% de desconto, pedido mínimo de R$ 40,00").
  const record = RECORD_LINE.test(unit.text);
  if (record && headingAsks(unit.text.slice(0, unit.text.indexOf(':')), part.terms.filter((t) => !t.carried))) value += LABEL_ASKED;
  value += 0.04 * (1 - Math.min(unit.rank, 8) / 8);
  // Short fragments rarely answer; very long sentences answer less precisely.
  if (unit.text.length < 25 && !record) value -= 0.05;
  // A line announcing what this passage ends before ("… os seguintes convênios:"): the passage after it has the list.
  if (unit.text.endsWith(':') && !unit.next && !unit.after) value -= 0.05;
  // strengths, aroundShare and phrase: for the learned-model experiment (explainQuestion).
  return { coverage, score: value, strengths, aroundShare: around / total, phrase };
}

/**
 * "NÃO VENDEMOS: Pneus, baterias e som automotivo.", "Não trabalhamos com encomendas", "não aceitamos cartão": the line
 * where a shop says what it does not sell, take, do or serve, up to the end of its sentence.
 */
const DECLINES = /\bn[ãa]o\s+(?:vendemos|trabalhamos(?:\s+com)?|temos|aceitamos|fazemos|oferecemos|atendemos|possu[íi]mos|realizamos)\b:?([^.!?\n]*)/giu;
const LIST_SEPARATOR = /[,;/]|\s(?:e|ou|nem)\s/iu;

/** The items a unit says the shop does not have (DECLINES), each as its words' lexemes. */
function declinedItems(unit: Unit): Array<Array<Set<string>>> {
  if (unit.declined) return unit.declined;
  const items: Array<Array<Set<string>>> = [];
  for (const [, list] of unit.text.matchAll(DECLINES)) {
    for (const item of list!.split(LIST_SEPARATOR)) {
      const words = textWords(item).map((w) => lexemeSet(w)).filter((l) => l.size > 0);
      if (words.length) items.push(words);
    }
  }
  return (unit.declined = items);
}

/**
 * Where the question names, whole, an item the unit says the shop does not have ("tem pneu aro 14?" / "NÃO VENDEMOS:
 * Pneus"): the index of its last word among the part's terms, so the words after it (a size, a brand) count as found —
 * the shop does not have it in any. An item the text qualifies ("bolo de casamento") covers only questions that name
 * it so ("bolo de aniversário" is another thing). Infinity when it names none.
 */
function declinedItemAt(unit: Unit, part: QuestionPart): number {
  let at = Infinity;
  for (const words of declinedItems(unit)) {
    const found = words.map((lexemes) => part.terms.findIndex((t) => !t.carried && t.weight === 1 && t.lexemes.some((l) => lexemes.has(l))));
    if (found.every((i) => i >= 0)) at = Math.min(at, Math.max(...found));
  }
  return at;
}

/**
 * Whether a unit's bounds of a measure ("Cancelamentos de 14 até 7 dias antes") hold a quantity the part names
 * ("cancelei com 10 dias"): 1 when one does, -1 when it bounds that measure and none does (another bracket of a policy),
 * 0 when it bounds no measure asked.
 */
function holdsQuantity(part: QuestionPart, unit: Unit): number {
  if (!part.quantities.length || !/\d/.test(unit.text)) return 0;
  unit.ranges ??= rangesIn(unit.text);
  let bounds = false;
  for (const r of unit.ranges) {
    for (const q of part.quantities) {
      const number = parseFloat(q);
      if (q !== `${number}${r.unit}`) continue;
      if (number >= r.from && number <= r.to) return 1;
      bounds = true;
    }
  }
  return bounds ? -1 : 0;
}

/** Whether a number of the question is that of a quantity asked ("4 km") whose unit the text gives another number of ("5 km"). */
function sameMeasure(term: Term, part: QuestionPart, quantities: readonly string[]): boolean {
  const number = term.lexemes[0]!;
  if (!quantities.length || !/^\d+$/.test(number)) return false;
  const unitOf = (q: string) => q.replace(/^[\d.]+/, '');
  return part.quantities.some((q) => q.replace(/[a-z]+$/, '') === number && quantities.some((u) => unitOf(u) === unitOf(q)));
}

/**
 * The share of the part's adjacent word pairs that the unit has within two words of each other, in either
 * order: a question written from a sentence repeats its phrases ("corpo docente", "atividades complementares"),
 * one that only shares scattered words with it does not. Parts of one word: 0.
 */
function phraseShare(part: QuestionPart, unit: Unit): number {
  const own = part.terms.filter((t) => !t.carried && t.weight === 1);
  if (own.length < 2) return 0;
  // The heading's phrases are the unit's too ("Fluido de Freio" over "- Preço: R$ 70,00"), apart from its text's.
  const gap = unit.sequence.length + 3;
  const at = (t: Term, sequence: Unit['sequence'], from: number) => sequence.flatMap((word, i) => (word.some((l) => t.lexemes.includes(l)) ? [from + i] : []));
  const positions = own.map((t) => [...at(t, unit.sequence, 0), ...at(t, unit.headingSequence, gap)]);
  let found = 0;
  for (let i = 1; i < own.length; i++) {
    if (positions[i - 1]!.some((a) => positions[i]!.some((b) => Math.abs(a - b) <= 2))) found++;
  }
  return found / (own.length - 1);
}

/**
 * Whether a heading (or any text: another part's answer) names what the part asks: every word of it that is not a light
 * one, or their synonyms.
 */
function headingAsks(heading: string, own: readonly Term[]): boolean {
  const words = own.filter((t) => t.weight === 1);
  if (words.length === 0) return false;
  const lexemes = withWeekdays(lexemeSet(heading), heading);
  return words.every((t) => has(lexemes, t.lexemes) || has(lexemes, t.synonyms));
}

/** A "Sim" or a "Não" alone, bold or not. */
const BARE_YES_NO = /^(?:\*\*|__)?(?:sim|não|nao)[.!]?(?:\*\*|__)?[.!]?$/iu;

/** A text without the "Sim" / "Não" it opens with, and from its next word capitalised. */
function withoutYesOrNo(text: string): string {
  const rest = text.replace(/^(?:sim|não|nao)\b[.,!;:]?\s+(?=\S)/iu, '');
  return rest === text ? text : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Whether a word of the part is found in the unit's heading and not in its own text: the heading says what the unit is. */
function foundByHeading(own: readonly Term[], unit: Unit): boolean {
  return own.some((t) => t.weight === 1 && !inOwnText(t, unit) && has(unit.headingLexemes, t.lexemes));
}

/** Whether the unit's own text, not its heading, has the word in some way (as matchStrength counts it). */
function inOwnText(term: Term, unit: Unit): boolean {
  return has(unit.lexemes, term.lexemes) || has(unit.lexemes, term.synonyms) || Boolean(term.derived?.length && has(unit.lexemes, term.derived)) || asksFormIn(term.lexemes, unit.text);
}

/**
 * 1 when the unit has the word (in some inflection), 0.9 when its heading has it, less for another word of
 * its stem or its verb or nominalization (DERIVED_WORD) and for synonyms.
 */
function matchStrength(term: Term, unit: Unit): number {
  // "qual o telefone?" over "EXTENSÃO TELEFONE 10M" or "basta entrar em contato": the word or its synonym, without the
  // number it asks for, is a mention.
  const mention = () => namesContactWithout(term.lexemes, unit.text);
  if (has(unit.lexemes, term.lexemes)) {
    if (mention()) return MENTION;
    return !term.bases?.length || sameWord(term.bases, basesOf(unit)) ? 1 : DERIVED_WORD;
  }
  // A FAQ's question is what its answer is about: its words count as the answer's own.
  if (has(unit.headingLexemes, term.lexemes)) return mention() ? MENTION : unit.faq ? 1 : 0.9;
  // The file's name is a title over all of it ("quanto custa a pizza grande?" over a "pizzas.csv" that never says pizza).
  if (has(unit.sourceLexemes, term.lexemes)) return 0.9;
  if (has(unit.lexemes, term.synonyms)) return mention() ? MENTION : 0.8;
  // A heading's synonym and the form in the text ("Horário de funcionamento" over "Aos sábados, das 6h às 18h" for
  // "abre sábado?") say more than the form alone (the delivery hours elsewhere).
  if (has(unit.headingLexemes, term.synonyms)) return asksFormIn(term.lexemes, unit.text) ? 0.9 : unit.faq ? 0.8 : 0.7;
  // The word's verb or nominalization ("traduzido" / "tradução"): another word of its stem, in effect.
  if (term.derived?.length && has(unit.lexemes, term.derived)) return DERIVED_WORD;
  // The form of what is asked, where the text does not name it: "quanto tempo demora?" / "em até 45 minutos",
  // "qual o telefone?" / a bare "(51) 99530-1988".
  if (asksFormIn(term.lexemes, unit.text)) return 0.8;
  if (isWeekday(term.lexemes) && namesWeekday(unit.lexemes)) return OTHER_DAYS;
  return 0;
}

function basesOf(unit: Unit): Set<string> {
  return (unit.bases ??= inflectionBases(unit.text));
}

/**
 * Whether the unit has the term's word itself, in some inflection, and not only a word of the same stem: bases
 * equal, or one the other plus at most two letters (verb endings: "entreg" / "entregam", "ensin" / "ensinar").
 */
function sameWord(bases: readonly string[], unitBases: Set<string>): boolean {
  for (const b of bases) {
    if (unitBases.has(b)) return true;
    for (const u of unitBases) {
      const [short, long] = u.length < b.length ? [u, b] : [b, u];
      if (long.length - short.length <= INFLECTION_SLACK && short.length >= 4 && long.startsWith(short)) return true;
    }
  }
  return false;
}

/** A term's weight: its rarity, less for light words; capped for light words and numbers the knowledge lacks. */
function termWeight(term: Term, rarity: Rarity): number {
  const value = rarity(term.lexemes);
  // A light word ("fazem") or a number the knowledge lacks says little about what is asked ("entregam no CEP
  // 01310-100?"): it must not weigh as much as an absent subject. A number that names the thing asked ("a resolução
  // nº 342") is its subject.
  const slight = term.weight < 1 || (/^\d/.test(term.lexemes[0]!) && !term.identifier);
  return term.weight * (rarity.absent(term.lexemes) && slight ? Math.min(value, 0.5) : value);
}

function definesSubject(text: string, subject: string): boolean {
  const t = fold(text);
  const at = t.indexOf(subject);
  if (at < 0) return false;
  const after = t.slice(at + subject.length, at + subject.length + 12);
  // "é" and "e" fold alike: "X é…" defines X, "X e Y" does not. Folding keeps a composed text's length.
  const written = text.normalize('NFC').toLowerCase();
  const is = written.length === t.length ? /^\s*,?\s*é(?![\p{L}\p{N}])/u.test(written.slice(at + subject.length)) : /^\s*,?\s*e\b/.test(after);
  // "X é…", "X consiste…", "… (X)", a gloss "X (universidade, faculdade…)", "Entende-se por X…", "chama-se X".
  if (is || /^\s*(\(|\)|,?\s*(sao|foi|era|consiste|significa|trata-se|refere-se)\b)/.test(after) || t.slice(Math.max(0, at - 1), at) === '(') return true;
  return NAMES_BEFORE.test(t.slice(Math.max(0, at - 30), at));
}

/**
 * A sentence about the subject that says what it is: X (or a name glossed by X, "Universidade … (UFMS)") opens it
 * and a copula follows, or it names X ("Pode-se definir X como…", "dá-se o nome de X"). "As aplicações para TI são
 * tantas…" mentions TI with a copula after it, but is not about what TI is.
 */
function opensDefinition(text: string, subject: string): boolean {
  const [names, opens] = definitionPatterns(subject);
  const t = fold(text);
  return names.test(t) || (opens.test(t) && definesSubject(text, subject));
}

/** opensDefinition's patterns for one subject, built once per subject. */
function definitionPatterns(subject: string): [RegExp, RegExp] {
  let patterns = definitionMemo.get(subject);
  if (!patterns) {
    const x = escapeRe(subject);
    patterns = [
      // "Pode-se definir X como…", "Define-se X (…) como", "dá-se o nome de X", "chama-se X".
      new RegExp(`(definir|define-se|da-se o nome de|chama-se|denomina-se|entende-se por)\\s+((o|a|os|as)\\s+)?([^,;:]{0,60}\\()?${x}\\b`),
      // X, or a name glossed by X ("Universidade … (UFMS)"), opens the sentence.
      new RegExp(`^\\s*((o|a|os|as|um|uma)\\s+)?([^,;:()]{0,80}\\()?${x}\\b`),
    ];
    if (definitionMemo.size >= 1000) definitionMemo.clear();
    definitionMemo.set(subject, patterns);
  }
  return patterns;
}

const definitionMemo = new Map<string, [RegExp, RegExp]>();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that name what follows them: "Entende-se por X", "chama-se X", "conhecido como X". */
const NAMES_BEFORE = /(entende-se por|chama-se|denomina-se|da-se o nome de|definir|define-se|conhecid[oa]s? como|chamad[oa]s? de)\s+((o|a|os|as)\s+)?$/;

/** A question that asks for the hour or the amount ("qual o valor…?", "quanto…", "que horas…"), not whether ("devolve a taxa?"). */
const ASKS_AMOUNT = /(?<![\p{L}\p{N}])(quanto|qual|quais|que horas?|hor[áa]rios?|pre[çc]os?)(?![\p{L}\p{N}])/iu;

/** A question for someone, a place, a way or a reason, about hours or prices ("Quem elabora os horários das aulas?"). */
const ASKS_OTHER = /^\s*(?:e\s+)?(?:quem|onde|como|por\s*qu[eê]|para\s+que|o\s+que)(?![\p{L}\p{N}])/iu;

/** Whether the part's own words (not those it carries from the message before) ask for an hour or a price. */
function asksAmount(part: QuestionPart): boolean {
  let asks = amountAsked.get(part);
  if (asks === undefined) {
    const kind = answerType(part.text);
    amountAsked.set(part, (asks = (kind === 'time' || kind === 'price') && ASKS_AMOUNT.test(part.text) && !ASKS_OTHER.test(part.text)));
  }
  return asks;
}

const amountAsked = new WeakMap<QuestionPart, boolean>();

/** Whether a unit (or its heading) has what an hours or price question asks for, in any form a shop writes it. */
function answersKind(part: QuestionPart, unit: Unit): boolean {
  const text = `${unit.heading ?? ''}\n${unit.text}`;
  // An hour, "fechado" or a day ("Atendemos de segunda a sábado"); the verb alone is not ("FECHA E CORTA", "abrir o link").
  if (part.type === 'time') return fitsType(part, text) || namesWeekday(unit.lexemes) || namesAskedDay(part, unit);
  // A price as a menu writes it: "R$ 6,50", "Preço: 15", "Misto Quente 15", "2% do valor", "sob consulta".
  // Not a share of the price asked for, though: "qual o valor da diária?" / "50% de acréscimo sobre o valor da diária".
  const priced = PRICE_WRITTEN.test(text) || (PERCENT.test(text) && !priceAsShare(part, text));
  return fitsType(part, text) || priced || (unit.row && /\d/.test(unit.text));
}

/** A price as a shop writes it without "R$": "sob consulta", "Preço: 15", "Misto Quente 15". */
const PRICE_WRITTEN = /\b(sob consulta|a combinar|or[çc]amento|consulte)\b|(pre[çc]o|valor)[^:\n]{0,40}: ?\d|^[^\n\d]{2,80}\s\d+(?:[.,]\d{2})?$/im;
/** A percentage ("2% do valor", "10% de desconto"): the amount of a fee or a discount. */
const PERCENT = /\d\s?%/;
/** "50% de acréscimo sobre o valor da diária", "10% do preço do pacote": a percentage of what the word after it names. */
const PERCENT_OF = /\d\s?%[^.;\n]{0,40}?\b(?:sobre|d[oa])\s+(?:o\s+|a\s+)?(?:valor|pre[çc]o)\s+d[oa]s?\s+([\p{L}-]+)/giu;

/** Whether a text names the price a part asks for only as what a percentage is of ("sobre o valor da diária"). */
function priceAsShare(part: QuestionPart, text: string): boolean {
  if (part.type !== 'price' || !PERCENT.test(text) || PRICE_WRITTEN.test(text) || ANSWER_PATTERNS.price.test(text)) return false;
  const asked = part.terms.filter((t) => !t.carried && t.weight === 1);
  return [...text.matchAll(PERCENT_OF)].some(([, word]) => asked.some((t) => has(lexemeSet(word!), t.lexemes)));
}

/**
 * Whether a sentence has the kind of answer the part expects; "quando" also asks for a condition or a moment
 * ("No caso em que…", "sempre que…", "após a aprovação…"), not only for a date.
 */
function fitsType(part: QuestionPart, text: string): boolean {
  if (!part.type) return false;
  if (ANSWER_PATTERNS[part.type].test(text)) return true;
  return part.type === 'date' && /\bquando\b/i.test(part.text) && CONDITION.test(text);
}

const CONDITION = /\b(no caso|nos casos|sempre que|desde que|ap[oó]s|antes d[eoa]s?|durante)\b/i;

/** Whether a set has one of the lexemes (spelled as the units spell them: see readParts). */
function has(set: ReadonlySet<string>, lexemes: readonly string[]): boolean {
  for (const l of lexemes) if (set.has(l)) return true;
  return false;
}

/** Levenshtein distance ≤ 1. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The rarity of a word among the units at hand (inverse document frequency): a word in every row of a
 * price list says little, one the knowledge does not have at all says the most — so a question about
 * something absent ("pneus") cannot be answered by its common words alone.
 */
type Rarity = ((lexemes: readonly string[]) => number) & { absent: (lexemes: readonly string[]) => boolean };

function termRarity(units: Unit[]): Rarity {
  const n = units.length;
  const counts = new Map<string, number>();
  const df = (lexemes: readonly string[]) => {
    const key = lexemes.join(' ');
    let value = counts.get(key);
    if (value === undefined) {
      value = units.filter((u) => has(u.lexemes, lexemes) || has(u.headingLexemes, lexemes) || has(u.sourceLexemes, lexemes)).length;
      counts.set(key, value);
    }
    return value;
  };
  return Object.assign((lexemes: readonly string[]) => Math.log(1 + (n + 1) / (df(lexemes) + 0.5)), {
    absent: (lexemes: readonly string[]) => df(lexemes) === 0,
  });
}

/**
 * The excerpt of the best unit: with the sentence before it when it leans on it ("Ele…"), the lines after
 * a sentence that announces them ("Preços:"), and the next sentence when that one also answers the part.
 */
function expand(unit: Unit, part: QuestionPart, total: number, rarity: Rarity): string {
  let text = unit.text;
  if (unit.leansBack && unit.prev && text.length + unit.prev.text.length < MAX_EXCERPT) text = `${unit.prev.text} ${text}`;
  let next = unit.next;
  if (announces(text)) ({ text, next } = withAnnounced(text, unit));
  // An item of a list is read whole: the rest of its line.
  if (LIST_ITEM.test(unit.text)) {
    while (next && !next.opensLine && text.length + next.text.length < MAX_EXCERPT) {
      text = `${text} ${next.text}`;
      next = next.next;
    }
  }
  if (next && !next.row && text.length + next.text.length < MAX_EXCERPT) {
    const own = score(unit, part, total, rarity).coverage;
    const following = score(next, part, total, rarity).coverage;
    if (LIST_ITEM.test(unit.text) && next.opensLine) {
      // An item of a list: the next one only when it answers as well, on its own line.
      if (LIST_ITEM.test(next.text) && following >= own) text = `${text}\n${next.text}`;
    } else if (asksOtherDays(part, next)) {
      // "Sábado e domingo: …" after "Segunda a sexta: …" answers for other days than the one asked for.
    } else if (
      // The next sentence goes on answering (a list, a condition, the reason, what a short sentence announces).
      LEANS_BACK.test(next.text) ||
      following >= own * 0.5 ||
      (!unit.heading && text.length + next.text.length < 420) ||
      (part.type && !ANSWER_PATTERNS[part.type].test(text) && ANSWER_PATTERNS[part.type].test(next.text))
    ) {
      text = `${text}${next.opensLine ? '\n' : ' '}${next.text}`;
    }
  }
  return text;
}

/** A question that asks how to do something ("como faço pra trocar?", "como posso cancelar?"). */
const HOW_TO = /^\s*(?:e\s+)?como\s+(?:eu\s+)?(?:fa[çc]o|faz|fazer|fazemos|posso|devo|consigo|se\s+faz)\b/iu;
/**
 * Words of a procedure: "por escrito", "basta enviar", "acesse", "entre em contato", "solicite". (Not a channel alone: "O
 * pagamento pelo site é seguro" does not say how to pay.)
 */
const MEANS = /(?<![\p{L}])(?:por escrito|acess(?:e|ar)|entr(?:e|ar) em contato|envi(?:e|ar)|lig(?:ue|ar)|basta|preench(?:a|er)|solicit(?:e|ar))(?![\p{L}])/iu;

/** A question whether something has, brings or comes with something ("tem", "leva", "vem com"). */
const ASKS_WHETHER_HAS = /(?<![\p{L}])(?:tem|t[êe]m|leva|levam|vem|v[êe]m|possui|cont[ée]m|acompanha)(?![\p{L}])/iu;

/** A row's name: its name column's cell ("item: X-Frango", "Produto: …"), or its first cell. */
function rowName(row: string): string {
  const lines = row.split('\n');
  const line = lines.find((l) => /^(?:item|nome|produto|servi[çc]o|prato|descri[çc][ãa]o)\s*:/i.test(l)) ?? lines[0]!;
  if (line.includes(': ')) return line.slice(line.indexOf(': ') + 2);
  // A price list's line ("Heineken long neck - R$ 10,00", a menu's item: ingest/menus.ts): its name is before the dash.
  return lines.length === 1 && line.includes(' - ') ? line.slice(0, line.indexOf(' - ')) : line;
}

/** Whether every word of a name is one the part asks with ("CALABRESA" by "quanto é a calabresa grande?"). */
function namedBy(name: string, part: QuestionPart): boolean {
  const asked = new Set(part.terms.filter((t) => !t.carried).flatMap((t) => t.lexemes));
  const words = questionWords(name);
  return words.length > 0 && words.every((word) => word.some((l) => asked.has(l)));
}

/** The days of the week the part asks for (its own words). */
const askedDays = (part: QuestionPart) => part.terms.filter((t) => !t.carried && isWeekday(t.lexemes));

/** Whether the unit's own text names that day (directly, by a range or a group: withWeekdays). */
const namesDay = (unit: Unit, day: Term) => has(unit.lexemes, day.lexemes) || has(unit.lexemes, day.synonyms);

/** Whether the part asks for a day of the week that the unit's own text names. */
function namesAskedDay(part: QuestionPart, unit: Unit): boolean {
  return askedDays(part).some((day) => namesDay(unit, day));
}

/** Whether the part asks for days of the week and the unit names others (or holidays), not those. */
function asksOtherDays(part: QuestionPart, unit: Unit): boolean {
  const days = askedDays(part);
  return days.length > 0 && namesWeekday(unit.lexemes, true) && !days.some((day) => namesDay(unit, day));
}

/**
 * `text` (ending with `unit`, a line ending in ':') with what it announces: the next line, or the whole list after it (in
 * the next block too: "Trabalhamos com os seguintes convênios:", a blank line, "- Dental Center"…); and the unit after.
 */
function withAnnounced(text: string, unit: Unit): { text: string; next: Unit | null } {
  let next = unit.next ?? (unit.after && LIST_ITEM.test(unit.after.text) ? unit.after : null);
  const list = next !== null && LIST_ITEM.test(next.text);
  while (next && (list ? LIST_ITEM.test(next.text) : announces(text)) && text.length + next.text.length < MAX_EXCERPT) {
    text = `${text}\n${next.text}`;
    next = next.next;
  }
  return { text, next };
}

/** Items grouped by a key, in the order their keys first come. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/** A line that names what follows (short, no sentence punctuation), not an answer by itself. */
function isHeading(line: string, hasFollowing: boolean): boolean {
  return (
    hasFollowing && line.length <= 60 && !/[.!?;,]$/.test(line) && !RECORD_LINE.test(line) && !/\d{2}/.test(line) && !LIST_ITEM.test(line) &&
    // A title has few words; a line of ten is a sentence without its full stop ("Crianças de 0 á 4 não pagam e de 5 á 9 pagam meia").
    line.split(/\s+/).length <= MAX_TITLE_WORDS
  );
}

/** Most words a heading has ("Política de cancelamento e NO SHOW": 6). */
const MAX_TITLE_WORDS = 8;

/** A block that opens with a sentence (not a question, a FAQ's): words up to a full stop, or a line too long to be a title. */
const SENTENCE_LINE = /^(?:[^\n?]{2,}[.!](?:\s|$)|[^\n]{100})/;

/**
 * A line short enough to be one item of a list, not a sentence ending in a full stop — a bulleted one may end its price
 * with one ("- Mensalidade: R$ 290,00.") —: with a price, a price list's row.
 */
const PRICED_LINE = /^.{3,120}$(?<![.!?])/;
const pricedItem = (line: string) => (PRICED_LINE.test(line) || (LIST_ITEM.test(line) && /^.{3,120}\d\.$/.test(line))) && ANSWER_PATTERNS.price.test(line);

/** Text that announces what follows it: it ends in ':', bold or not ("Temos:", "**Depósito Bancário:**"). */
const announces = (text: string) => /:(?:\*\*|__)?$/.test(text);

/** An item of a list that is a label ("4.  **Depósito Bancário:**", "- Formas de pagamento:"). */
const LABEL_ITEM = /^(?:[-*•▪◦·–—]|\d{1,2}[.)]|[a-z][)])\s+(?:\*\*)?[^.!?;:*]{1,60}(?::\*\*|\*\*:|:)$/;

/**
 * The blocks of a passage (text between blank lines), a separator line that opens one ("-----\nPezinho", a booking app's
 * line after each service) apart as a block of its own.
 */
function blocksOf(content: string): string[] {
  const blocks: string[] = [];
  for (const block of content.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const rule = lines.findIndex((l) => !SEPARATOR_LINE.test(l.trim()));
    if (rule > 0) blocks.push(lines.slice(0, rule).join('\n'), lines.slice(rule).join('\n'));
    else blocks.push(block);
  }
  return blocks;
}

/**
 * The blocks of values that follow a line alone in its block when it is their name: a short line that is not a sentence,
 * a heading, a label or a value itself ("Pezinho" before "00:10" and "R$ 10,00"; "Domingo" before "Fechado"). None else.
 */
function valueGroup(name: string, blocks: readonly string[], from: number): string[] {
  if (name.length > 60 || !/\p{L}/u.test(name) || /[.!?;:,]$/.test(name) || /^#{1,6}\s/.test(name)) return [];
  if (LIST_ITEM.test(name) || RECORD_LINE.test(name) || VALUE_LINE.test(name)) return [];
  const values: string[] = [];
  for (let b = from; b < blocks.length && isValueBlock(blocks[b]!); b++) values.push(blocks[b]!);
  return values;
}

/** The words a length of time is asked with: a bare "01:30" beside a service's price is one (valueGroup). */
const LENGTH_OF_TIME = lexemeSet('tempo duração demora');

/**
 * The lines of a block, each with its indentation (a nested list's items), and a sentence hard-wrapped over several of
 * them (a Markdown file wrapped at a fixed width: "… há mais de 25 anos,\nseus corretores moram…") read as one line.
 * Separator lines ("-----") are left out.
 */
function unwrappedLines(block: string): { lines: string[]; indents: number[] } {
  const lines: string[] = [];
  const indents: number[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (!line || SEPARATOR_LINE.test(line)) continue;
    const before = lines.at(-1);
    if (before !== undefined && goesOn(before, line)) {
      lines[lines.length - 1] = `${before} ${line}`;
    } else {
      lines.push(line);
      indents.push(raw.length - raw.trimStart().length);
    }
  }
  return { lines, indents };
}

/**
 * Whether `line` goes on with the sentence `before` leaves open: `before` does not end a sentence, a label or a price,
 * and `line` starts in lower case (or closes a parenthesis `before` opens: "Completo (café, … 2 sucos,\n2 tapiocas,
 * geleia e croissant)……R$ 74,00") and is no list item, heading, record line or value of its own.
 */
function goesOn(before: string, line: string): boolean {
  if (LIST_ITEM.test(line) || RECORD_LINE.test(line) || VALUE_LINE.test(line) || /^#{1,6}\s/.test(line) || /^#{1,6}\s/.test(before)) return false;
  const open = (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0);
  if (!open && !/^(?:\*\*|__|[_("“'])?\p{Ll}/u.test(line)) return false;
  const end = before.replace(/[*_]+$/, '');
  if (!/[\p{L},(]$/u.test(end)) return false;
  // A short line alone names what follows ("porções", "bebidas" over a menu's lower-case items), unless it breaks off
  // mid-phrase ("… taxas e despesas de").
  return !isHeading(end, true) || OPEN_WORD.test(end);
}

/** A word that a sentence does not end with: a line that ends in one is cut. */
const OPEN_WORD = /(?:^|\s)(?:de|da|do|das|dos|e|em|na|no|nas|nos|a|o|as|os|à|às|ao|aos|com|para|pra|por|pelo|pela|que|ou|um|uma|seu|sua|se)$/iu;

/** A line that opens with a label, an item's or not ("- ITBI: Imposto de Transmissão…", "**Horário:** 8h às 18h"). */
const INLINE_LABEL = /^(?:(?:[-*•▪◦·–—]|\d{1,2}[.)])\s+)?(?:\*\*)?[^:.!?\n]{1,40}:(?:\*\*)?\s+\S/;
/** An item of a list ("- Pix", "• Cartão", "1. Dinheiro", "a) Vale"): an answer, never the heading of the next item. */
const LIST_ITEM = /^(?:[-*•▪◦·–—]|\d{1,2}[.)]|[a-z][)])\s/;
/** A Markdown heading that is a label and its value ("### Preço: R$ 80-150"), as its level and the line without its marks. */
const VALUED_HEADING = /^(#{1,6})\s+((?:\*\*)?[^:\n]{1,40}:(?:\*\*)?\s*[^\n]*\d[^\n]*)$/;
/** A block that is one item of a list ("- Pix;"). */
const itemBlock = (block: string) => !block.trim().includes('\n') && LIST_ITEM.test(block.trim());
/** A line that names days and nothing else: no number, a few words ("Segunda á Sábado", "Domingo e Feriados"). */
const namesDaysOnly = (line: string) => line.length <= 40 && !/\d/.test(line) && weekdaysIn(line).length > 0;
/** A line that is only hours ("07:30 ás 19:00", "8h às 12h e 14h às 18h", "Fechado"). */
const HOURS_LINE = /^(?:\d{1,2}(?:[:h]\d{2})?\s?h?s?|[àáa]s?|at[ée]|e|das|\.|,|\s|-|–)+$|^fechad[oa]s?$/iu;

/** An item of a bulleted (not numbered) list. */
const BULLET_ITEM = /^[-*•▪◦·–—]\s/;
/** A bulleted item short enough to be a label, ending in ":" or " -" or in no punctuation ("* Buffet -", "* Bebidas"). */
const BULLET_LABEL = /^[-*•▪◦·–—]\s+[^\n.!?:;]{2,40}(?::|\s[-–])?$/;
/** How a label says that what follows is its content: a colon or a dash at its end. */
const LABEL_MARK = /\s*(?::|\s[-–])$/;
/** A numbered item short enough to be a title, not a sentence ("1. Inglês Básico (A1-A2)", "3.2. INFANTIL III (…)"). */
const TITLE_ITEM = /^\d{1,2}(?:\.\d{1,2})*[.)]\s+[^\n.!?:;]{2,80}$/;
/** A title's number, of one level or more ("1. ", "3.2. "). */
const TITLE_NUMBER = /^\d{1,2}(?:\.\d{1,2})*[.)]\s+/;

/** A line that is a heading whatever follows it: Markdown's "### Prazo para troca", or a short line ending in ':' (bold or not: "**Horário:**"). */
const MARKED_HEADING = /^#{1,6}\s+\S|^(?:\*\*)?[^.!?;:*]{1,60}\**(?::\*\*|\*\*:|:)$/;

/** A heading line as shown and matched, without its Markdown marks, a FAQ's "Q:" / "Pergunta:" or its colon. */
const headingText = (line: string) =>
  line
    .replace(/^#{1,6}\s+/, '')
    .replace(BULLET, '')
    .replace(/^\*\*(.+)\*\*$/, '$1')
    .replace(QUESTION_MARK, '')
    .replace(/:$/, '')
    // A footnote's mark ("FIADORES***:", "*** Somente após…" below).
    .replace(/(?<=\p{L})\*+$/u, '');

/** A list's bullet, which a page's heading keeps when it is read as an item ("* TROCA DE VIDRO E DISPLAY"). */
const BULLET = /^[-*•▪◦]\s+(?=\S)/;

/** A title in capitals, bulleted or not: a web page's heading that html-to-text wrote as an item. */
const capitalsTitle = (line: string) => CAPITALS_TITLE.test(line.replace(BULLET, ''));

/**
 * A FAQ's question on a line of its own, answered by the lines after it: "Posso parcelar?", "### Q: Posso parcelar?",
 * "**P: Posso parcelar?**", "1. Posso parcelar?".
 */
const FAQ_QUESTION = /^(?:#{1,6}\s+|\d{1,2}[.)]\s+)?(?:\*\*)?(?:(?:Q|P|Pergunta)\s*[:.-]\s*)?(?:\*\*)?[^?]{3,200}\?(?:\*\*)?$/i;
/** "Q:" / "P:" / "Pergunta:" before a FAQ's question; "A:" / "R:" / "Resposta:" before its answer (bold or not). */
const QUESTION_MARK = /^(?:\*\*)?(?:Q|P|Pergunta)\s*[:.-]\s*(?:\*\*)?\s*/i;
const ANSWER_MARK = /^(?:\*\*)?(?:A|R|Resposta)\s*[:.-]\s*(?:\*\*)?\s*/i;

/** What a unit is made of that depends on its passage's text alone (see Unit). */
type UnitText = Pick<Unit, 'text' | 'heading' | 'lexemes' | 'sequence' | 'headingSequence' | 'headingLexemes' | 'row' | 'faq' | 'opensLine' | 'quantities' | 'dates' | 'block' | 'leansBack'> & {
  /** It follows the unit before it in the same block (prev / next). */
  linked: boolean;
};

/**
 * The analysis of passages' texts, kept by text: the same passages come back turn after turn, and reading one
 * (sentences, headings, stemming) is most of what selecting 12 candidates for the model costs (~240 µs a turn when
 * analysed every time). Bounded; the least recently used text is dropped first. Nothing in it is changed after.
 */
const passageTexts = new LRUCache<string, AnalysedText>({ max: 500 });

type AnalysedText = { units: UnitText[]; passageLexemes: Set<string> };

function analysedText(content: string): AnalysedText {
  let analysed = passageTexts.get(content);
  if (!analysed) passageTexts.set(content, (analysed = analyseText(content)));
  return analysed;
}

const sourceTitles = new LRUCache<string, Set<string>>({ max: 500 });

/** The lexemes of a file's name as words ("cardapio_pizzas-2025.csv" → cardapio, pizzas, 2025). */
function sourceLexemes(name: string): Set<string> {
  let lexemes = sourceTitles.get(name);
  if (!lexemes) sourceTitles.set(name, (lexemes = lexemeSet(name.replace(/\.[a-z0-9]{2,5}$/i, '').replace(/[_\-.]+/g, ' '))));
  return lexemes;
}

/** The answer-sized units of a passage, in order. */
function unitsOf(passage: RetrievedPassage, rank: number, top = passage.score): Unit[] {
  const { units: texts, passageLexemes } = analysedText(passage.content);
  const retrieval = top > 0 ? Math.min(1, passage.score / top) : 1;
  const units: Unit[] = [];
  for (const { linked, ...text } of texts) {
    const unit: Unit = { ...text, source: passage.sourceName, sourceLexemes: sourceLexemes(passage.sourceName), rank, retrieval, bases: null, passageLexemes, prev: null, next: null, after: null };
    const last = units.at(-1);
    if (linked && last) {
      last.next = unit;
      unit.prev = last;
    } else if (last) {
      last.after = unit;
    }
    units.push(unit);
  }
  return units;
}

function analyseText(passageContent: string): AnalysedText {
  const units: UnitText[] = [];
  // Filled from the units' own lexemes once they are all read (the text is not stemmed twice).
  const passageLexemes = new Set<string>();
  let block = 0;
  const add = (text: string, heading: string | null, row: boolean, opensLine = true, leans = false) => {
    const last = units.at(-1);
    const faq = heading !== null && heading.endsWith('?');
    // A FAQ's answer as the customer reads it, without its "A:" / "Resposta:"; its question's words are its own.
    if (faq) text = text.replace(ANSWER_MARK, '') || text;
    units.push({
      text,
      heading,
      faq,
      opensLine,
      lexemes: withWeekdays(lexemeSet(text), text),
      quantities: quantitiesIn(text),
      dates: datesIn(`${heading ?? ''} ${text}`),
      sequence: faq ? [...questionWords(heading), ...questionWords(text)] : questionWords(text),
      headingSequence: heading && !faq ? questionWords(heading) : [],
      headingLexemes: new Set([...titleLexemes, ...outlineLexemes, ...(heading ? withWeekdays(lexemeSet(heading), heading) : [])]),
      row,
      block,
      leansBack: leans || LEANS_BACK.test(text),
      linked: Boolean(last && !row && !last.row && last.block === block && last.heading === heading),
    });
  };
  // "Planilha: nome" opens passages of a workbook with several sheets: it names the sheet, it answers nothing.
  const content = passageContent.replace(/^Planilha: [^\n]*\n\n/, '');
  const blocks = blocksOf(content);
  // A title alone on the passage's first line ("Padaria Pão Quente"): like a heading over the whole passage,
  // its words count for every unit and it is never the answer itself.
  let titleLexemes = new Set<string>();
  // (A Markdown heading is left to the outline below: "# Trocas" over the first section is not over the second, "# Entrega".)
  // Nor is one of several titles in capitals (a menu's dishes: the passage starts at "BERINJELA COM CALABRESA", and
  // "CALABRESA" comes later) a title over the passage: it heads the blocks up to the next (CAPITALS_TITLE, below).
  const first = blocks[0]!.trim();
  const titles = CAPITALS_TITLE.test(first) && blocks.slice(1).some((b) => CAPITALS_TITLE.test(b.trim()));
  // A list's items each in a block of their own (a web page's <li>s, as html-to-text writes them) under the short line
  // before them ("Formas de pagamento", then "- Pix;", "- Cartão de crédito;"): that line heads every one of them.
  let listTitle: string | null = null;
  // Nor is a name with its values after it ("Barba + Corte", "00:40", "R$ 60,00": valueGroup, below).
  if (blocks.length > 1 && !first.includes('\n') && isHeading(first, true) && !/^#{1,6}\s/.test(first) && !titles && !isValueBlock(blocks[1]!)) {
    titleLexemes = lexemeSet(blocks.shift()!);
    if (itemBlock(blocks[0]!)) listTitle = first;
  }
  // Markdown's outline ("## Formas de Pagamento" over "### Boleto"): the words of the headings a section sits under
  // count for its units too, as its own heading's do.
  const outline: string[] = [];
  let outlineLexemes = new Set<string>();
  /** The outline down to `level` headings, the last of them `text` when given. */
  const outlineAt = (level: number, text?: string) => {
    outline.length = level;
    if (text !== undefined) outline[level - 1] = text;
    outlineLexemes = new Set(outline.flatMap((h) => [...lexemeSet(h)]));
  };
  const enter = (line: string): string => {
    const text = headingText(line);
    const level = /^#{1,6}(?=\s)/.exec(line)?.[0].length;
    if (level) outlineAt(level, text);
    return text;
  };
  // A heading alone in its block (Markdown and Word put a blank line after one) heads the block after it.
  let pending: string | null = null;
  // A title in capitals alone in its block (a menu's "CALABRESA", then its ingredients and its prices, each a block of
  // its own) heads every block after it, up to the next title or heading.
  let titled: string | null = null;
  // The blocks of values read with the name before them (valueGroup): up to this one.
  let grouped = -1;
  blocks.forEach((text, b) => {
    block++;
    if (b <= grouped) return;
    // A separator line ("-----") ends what a title heads.
    if (SEPARATOR_LINE.test(text.trim())) {
      titled = null;
      return;
    }
    const { lines, indents } = unwrappedLines(text);
    if (!lines.length) return;
    if (!itemBlock(text)) listTitle = null;
    const carried = pending ?? titled ?? listTitle;
    pending = null;
    // A name alone in its block, then blocks of values only (a booking app's "Pezinho", "00:10", "R$ 10,00"; "Domingo",
    // "Fechado"): one record, as a spreadsheet's row, shown with its name ("Pezinho:\n00:10\nR$ 10,00").
    const values = lines.length === 1 ? valueGroup(lines[0]!, blocks, b + 1) : [];
    if (values.length) {
      grouped = b + values.length;
      const fields = values.flatMap((v) => unwrappedLines(v).lines);
      add(`${lines[0]}:\n${fields.join('\n')}`, carried, true);
      // A bare "01:30" beside a price is the service's length of time, asked for as such ("quanto tempo demora a selagem?").
      if (fields.some((f) => /^\d{1,2}:\d{2}$/.test(f)) && fields.some((f) => ANSWER_PATTERNS.price.test(f))) {
        for (const l of LENGTH_OF_TIME) units.at(-1)!.lexemes.add(l);
      }
      return;
    }
    if (lines.length === 1 && b < blocks.length - 1 && capitalsTitle(lines[0]!)) {
      titled = enter(lines[0]!);
      return;
    }
    // Under such titles, a short line alone ("Localização", after the last pizza) ends them and heads the next block.
    if (titled !== null && lines.length === 1 && b < blocks.length - 1 && isHeading(lines[0]!, true)) {
      titled = null;
      pending = enter(lines[0]!);
      return;
    }
    // A Markdown heading that gives a value ("### Preço: R$ 80-150" at the end of "## Revisão de 5.000 km"): a line of
    // the section it closes, not a heading over nothing.
    const valued = lines.length === 1 ? VALUED_HEADING.exec(lines[0]!) : null;
    if (valued) {
      outlineAt(valued[1]!.length - 1);
      add(valued[2]!, outline.at(-1) ?? carried, true);
      return;
    }
    // A heading underlined ("Horário\n-------", Markdown's other way) is marked as "## Horário" is.
    const underlined = lines.length === 1 && /\n\s*[-=]{3,}\s*$/.test(text) && isHeading(lines[0]!, true);
    if (lines.length === 1 && (MARKED_HEADING.test(lines[0]!) || FAQ_QUESTION.test(lines[0]!) || underlined) && b < blocks.length - 1) {
      pending = enter(lines[0]!);
      titled = null;
      return;
    }
    // A short line alone before a paragraph ("Forma de pagamento", then "A reserva pode ser paga…"): a Word or web page's
    // heading that lost its style, never an answer alone; what it says in brackets does not make it longer ("Pacotes
    // Especiais (Réveillon, Carnaval, Semana Santa e Promoções)").
    // A page's heading that html-to-text wrote as an item ("* Palestra", then its paragraph) is one too, unless it ends a
    // list of items in blocks of their own.
    const bulleted = BULLET.test(lines[0]!) && !(b > 0 && itemBlock(blocks[b - 1]!));
    const titleLine = lines[0]!.replace(bulleted ? BULLET : /^$/, '').replace(/\s*\([^()]*\)/g, '').replace(/\*\*|__/g, '');
    if (lines.length === 1 && b < blocks.length - 1 && isHeading(titleLine, true) && SENTENCE_LINE.test(blocks[b + 1]!.trimStart())) {
      pending = enter(lines[0]!);
      return;
    }
    // A short line alone before two items or more, each a block of its own, titles them (listTitle, above).
    if (lines.length === 1 && b < blocks.length - 2 && isHeading(titleLine, true) && itemBlock(blocks[b + 1]!) && itemBlock(blocks[b + 2]!)) {
      listTitle = enter(lines[0]!);
      return;
    }
    // A record's fields ("Nome: …\nPreço: …"); a list of "- Curitiba: 2-3 dias úteis" items is a list, each its own answer.
    if (lines.length > 1 && lines.every((l) => RECORD_LINE.test(l)) && !lines.every((l) => LIST_ITEM.test(l))) {
      add(lines.join('\n'), carried, true);
      return;
    }
    let heading: string | null = carried;
    // Lines of a price list ("Heineken long neck - R$ 10,00"): each a row, as a spreadsheet's, listed together when
    // several fit ("vocês têm cerveja?") and never run on into the next item.
    const priced = lines.filter(pricedItem).length >= 2;
    // A short line heads what follows it when it opens the block or comes after running text; after a heading or a
    // short item it is one more item ("Formas de pagamento" over "Pix", "Cartão"…, not each the heading of the next).
    // A marked heading ("### …", "…:") always starts a new section.
    let last: 'heading' | 'item' | 'text' | null = null;
    // Every line since the heading is a title in capitals (a run of them under it).
    let capitalsSince = false;
    // The labels whose nested items are being read, each with its indentation and the heading it interrupts.
    const labels: Array<{ indent: number; outer: string | null }> = [];
    // A line already read with the one before it (a day's line and its hours).
    let joined = -1;
    // The title the subtitles of this block's lists are under.
    let parentTitle: string | null = null;
    lines.forEach((line, i) => {
      if (i === joined) return;
      const following = i < lines.length - 1;
      // A label's nested items end at the next line as far left as the label.
      while (labels.length && indents[i]! <= labels.at(-1)!.indent) heading = labels.pop()!.outer;
      // A list item that is a label ("4.  **Depósito Bancário:**", "*   **Peças Usadas (CDV Ruviaro):**") heads the items
      // nested under it ("    *   Contas Ailos (Transpocred) ou Banrisul."): alone, it says nothing.
      if (following && LABEL_ITEM.test(line) && indents[i + 1]! > indents[i]!) {
        labels.push({ indent: indents[i]!, outer: heading });
        heading = enter(line.replace(LIST_ITEM, '').trim());
        last = 'heading';
        return;
      }
      // A numbered item that titles the bulleted items under it ("1. Inglês Básico (A1-A2)", then "- Duração: 6 meses",
      // "- Valor mensal: R$ 180,00"): their heading, up to the next title, even right after the last of the items before.
      if (following && TITLE_ITEM.test(line) && BULLET_ITEM.test(lines[i + 1]!)) {
        heading = enter(line.replace(TITLE_NUMBER, ''));
        last = 'heading';
        return;
      }
      // A bulleted label over the lines that are not items under it ("* Formas de Pagamento -", then "Pedimos 15% de
      // entrada…"; "* Bebidas", then "Água, refrigerante…, Suco de Laranja"): their heading, up to the next item.
      // Ending its block, a marked one ("* Formas de Pagamento -") heads the next block.
      // Unmarked ("* Bebidas"), it is a label only when it follows no other item and what follows is no title (a list of
      // things, with commas, is none): the last item of a list before the next section's title ("- Comprovante de
      // residência", "Teste de Nivelamento") is an item.
      const unmarkedLabel = (next: string) => !/[.!?]$/.test(next) && (!isHeading(next, true) || next.includes(',')) && (i === 0 || !LIST_ITEM.test(lines[i - 1]!));
      if (BULLET_LABEL.test(line) && (following ? !LIST_ITEM.test(lines[i + 1]!) && (LABEL_MARK.test(line) || unmarkedLabel(lines[i + 1]!)) : LABEL_MARK.test(line))) {
        const label = enter(line.replace(LIST_ITEM, '').replace(LABEL_MARK, ''));
        if (following) {
          heading = label;
          last = 'heading';
        } else if (b < blocks.length - 1) {
          pending = label;
        }
        return;
      }
      // In a price list, a short line without a price before a priced one is a section's title ("café da manhã" after
      // "Sopa de carne……R$ 28,00", then "Simples (…)……R$ 52,00"): it heads the items after it, it is not one more item.
      if (priced && following && isHeading(line, true) && !pricedItem(line) && pricedItem(lines[i + 1]!)) {
        heading = enter(line);
        last = 'heading';
        return;
      }
      // A marked heading that ends its block ("**Horário:**" or "## Convênios" before a blank line) heads the next block,
      // and heads nothing at the end of the passage: it is never an answer alone.
      if (MARKED_HEADING.test(line) && !following) {
        if (b < blocks.length - 1) pending = enter(line);
        return;
      }
      // Days on one line and their hours on the next ("Segunda á Sábado", "07:30 ás 19:00"): one line of the schedule.
      if (following && HOURS_LINE.test(lines[i + 1]!) && namesDaysOnly(line)) {
        add(`${line}\n${lines[i + 1]}`, heading, false);
        joined = i + 1;
        last = 'item';
        return;
      }
      // A short line right before a bulleted list heads it ("Documentos Necessários", "- RG e CPF"), also after the
      // items of another list, and under a heading just before it ("Processo de Matrícula · Documentos Necessários"); so
      // does one before such a line.
      if (following && !LIST_ITEM.test(line) && isHeading(line, true) && !MARKED_HEADING.test(line) && !announces(line) && !ANSWER_MARK.test(line)) {
        const next = lines[i + 1]!;
        // Items, not labels ("* Adicionais:" after "Á vista 3% de desconto" is the next section's); and a title has no amount.
        const items = (l: string) => BULLET_ITEM.test(l) && !LABEL_MARK.test(l);
        const itemsNext = items(next);
        const titlesList = !PERCENT.test(line) && !ANSWER_PATTERNS.price.test(line) &&
          (itemsNext || (i + 2 < lines.length && isHeading(next, true) && !LIST_ITEM.test(next) && items(lines[i + 2]!)));
        // After a bulleted list, one before a paragraph ("Teste de Nivelamento", "Todos os candidatos passam…") heads it.
        const titlesText = i > 0 && BULLET_ITEM.test(lines[i - 1]!) && SENTENCE_LINE.test(next);
        if ((titlesList && (last === 'item' || last === 'heading')) || titlesText) {
          // A subtitle keeps the title it is under for its siblings too ("Horários e Turmas" over "Turmas Manhã", "Turmas
          // Noite"…), up to a title over a title ("Processo de Matrícula", then "Documentos Necessários").
          if (!itemsNext) parentTitle = null;
          else if (last === 'heading' && heading) parentTitle = heading;
          heading = parentTitle && itemsNext ? `${parentTitle} · ${line}` : line;
          last = 'heading';
          return;
        }
      }
      // Titles in capitals one under the other ("VALORES AUTOESCOLA", "HABILITAÇÃO", "CARRO E MOTO (A/B)", then "15 aulas
      // práticas de carro", "À VISTA 1.000,00"): the last one, before lines that are not, is a subtitle of the heading.
      const capitals = CAPITALS_TITLE.test(line);
      if (following && capitals && capitalsSince && heading && !CAPITALS_TITLE.test(lines[i + 1]!) && !MARKED_HEADING.test(line)) {
        heading = `${heading} · ${line}`;
        last = 'heading';
        return;
      }
      capitalsSince = capitals && (capitalsSince || last === 'heading');
      if ((MARKED_HEADING.test(line) && following) || (following && FAQ_QUESTION.test(line)) || (last !== 'heading' && last !== 'item' && isHeading(line, following))) {
        heading = enter(line);
        last = 'heading';
        return;
      }
      last = LIST_ITEM.test(line) || isHeading(line, true) ? 'item' : 'text';
      if (priced && pricedItem(line)) {
        last = 'item';
        add(line, heading, true);
        return;
      }
      let first = true;
      // A line that opens with a label ("- ITBI: Imposto de Transmissão… Deve ser pago pelo comprador."): its sentences
      // after the first are about the label, and lean on the sentence that names it.
      const labelled = INLINE_LABEL.test(line);
      for (const sentence of line.split(SENTENCE_END)) {
        if (!sentence.trim()) continue;
        add(sentence.trim(), heading, false, first, labelled && !first);
        first = false;
      }
    });
  });
  // "Demais dias: Fechado" under "Terça-feira: 12:45 às 17:45": the days the section's other lines do not name.
  for (const section of groupBy(units, (u) => `${u.block}\u0000${u.heading ?? ''}`)) {
    restOfWeek(section.map((u) => u.text)).forEach((days, i) => days.forEach((l) => section[i]!.lexemes.add(l)));
  }
  for (const u of units) {
    for (const l of u.lexemes) passageLexemes.add(l);
    for (const l of u.headingLexemes) passageLexemes.add(l);
  }
  return { units, passageLexemes };
}

/**
 * The passages a model needs for a question: first, for each part, the passage holding the sentence or row
 * that answers it best (so every part of a multi-part question has its passage), then the rest in retrieval
 * order, `limit` in all.
 */
export function selectPassages(message: string, passages: RetrievedPassage[], limit: number): RetrievedPassage[] {
  if (passages.length <= limit) return passages;
  const units = passages.flatMap((p, rank) => unitsOf(p, rank));
  const rarity = termRarity(units);
  const first = new Set<number>();
  for (const part of readParts(message, units)) {
    const total = part.terms.filter((t) => !t.carried).reduce((sum, t) => sum + termWeight(t, rarity), 0);
    if (!total) continue;
    let best: { rank: number; score: number } | null = null;
    for (const unit of units) {
      const { score: value } = score(unit, part, total, rarity);
      if (!best || value > best.score) best = { rank: unit.rank, score: value };
    }
    if (best) first.add(best.rank);
  }
  const order = [...first, ...passages.keys()].filter((rank, i, all) => all.indexOf(rank) === i);
  return order.slice(0, limit).map((rank) => passages[rank]!);
}

/** The reply to a whole question: every part's answer with its source, and what is missing said plainly. */
export function composeAnswer(answers: PartAnswer[]): { text: string; answered: boolean } {
  const found = answers.filter((a) => a.excerpt);
  if (!found.length) return { text: NOT_FOUND, answered: false };
  const alsoText = (a: PartAnswer) => (a.also ? `\n\nTalvez também ajude:\n${a.also.excerpt}\n_(Fonte: ${a.also.source})_` : '');
  if (answers.length === 1) {
    const [a] = found;
    if (a!.also) return { text: `${a!.excerpt}\n_(Fonte: ${a!.source})_${alsoText(a!)}`, answered: true };
    return { text: `${a!.excerpt}\n\n_Fonte: ${a!.source}_`, answered: true };
  }
  const quoted = new Set<string>();
  const sections: string[] = [];
  for (const a of answers) {
    if (a.excerpt) {
      // Two parts answered by the same lines ("qual o horário e o endereço?" over one line with both): quoted once.
      if (!quoted.has(a.excerpt)) sections.push(`${a.excerpt}\n_(Fonte: ${a.source})_${alsoText(a)}`);
      quoted.add(a.excerpt);
    } else if (!found.some((f) => headingAsks(f.excerpt!, a.part.terms.filter((t) => !t.carried)))) {
      // Not said "não encontrei" when another part's answer has all its words ("vcs tão no ifood? qual horario" over "Estamos
      // no iFood … de segunda a sábado das 12:30 às 17:30").
      sections.push(`Sobre "${a.part.text.replace(/[?!.]+$/, '')}", não encontrei essa informação na nossa base de conhecimento.`);
    }
  }
  return { text: sections.join('\n\n'), answered: true };
}


export const NOT_FOUND =
  'Desculpe, não encontrei essa informação na nossa base de conhecimento. Você pode perguntar de outro jeito, perguntar sobre outro assunto ou falar diretamente com a equipe da empresa.';

/*
 * The learned-model experiment (bench/answers-learned.ts, ADR 0013): what a learned ranker and a learned abstainer
 * would read of each candidate unit and of each part. Measured on the tuning half of FaQuAD, cross-validated, neither
 * beat the hand-tuned score and confidence above, so the product does not use them; kept so that the experiment can
 * be re-run when the answerer gains a signal the lexical one lacks (embeddings, a model).
 */

/** How many of the hand ranking's best units the experiment's ranker reorders. */
export const RERANK = 12;

type Scored = ReturnType<typeof score> & { unit: Unit };

/** What the learned ranker reads of a unit (RANK_FEATURES, in order). */
export const RANK_FEATURES = [
  'handScore', 'coverage', 'around', 'phrase', 'defines', 'typeMatch', 'rank', 'retrieval', 'compactness', 'novelty',
  'length', 'wordShare', 'headingShare', 'firstInBlock', 'whoMatch', 'trigrams',
] as const;

function rankFeatures(s: Scored, part: QuestionPart): number[] {
  const { unit } = s;
  const own = part.terms.filter((t) => !t.carried);
  const strengths = s.strengths.filter((_, i) => !part.terms[i]!.carried);
  const positions: number[] = [];
  const questionLexemes = new Set(part.terms.flatMap((t) => [...t.lexemes, ...t.synonyms]));
  let novel = 0;
  unit.sequence.forEach((word, i) => {
    if (word.some((l) => questionLexemes.has(l))) positions.push(i);
    else novel++;
  });
  const matched = strengths.filter((x) => x >= 0.8 && x !== 0.9).length;
  const span = positions.length > 1 ? positions.at(-1)! - positions[0]! + 1 : 0;
  return [
    s.score,
    s.coverage,
    s.aroundShare,
    s.phrase,
    part.subject && definesSubject(unit.text, part.subject) ? 1 : 0,
    part.type ? (ANSWER_PATTERNS[part.type].test(unit.text) ? 1 : -1) : 0,
    1 - Math.min(unit.rank, 8) / 8,
    unit.retrieval,
    span ? positions.length / span : 0,
    unit.sequence.length ? novel / unit.sequence.length : 0,
    Math.log(1 + unit.sequence.length),
    own.length ? matched / own.length : 0,
    own.length ? strengths.filter((x) => x === 0.9 || x === 0.7).length / own.length : 0,
    unit.prev ? 0 : 1,
    /\bquem\b/i.test(part.text) ? (properNoun(unit.text, questionLexemes) ? 1 : -1) : 0,
    trigramShare(part, unit.text),
  ];
}

/**
 * The share of the letter trigrams of the question's own words (those that are not stop words) found in the text:
 * a soft match that meets derivations and compounds the stems miss ("contabilizado" / "contabilização").
 */
function trigramShare(part: QuestionPart, text: string): number {
  const grams = (t: string) => {
    const out = new Set<string>();
    for (const word of fold(t).match(/[a-z0-9]{3,}/g) ?? []) for (let i = 0; i + 3 <= word.length; i++) out.add(word.slice(i, i + 3));
    return out;
  };
  const words = textWords(part.text).filter((w) => lexemeSet(w).size > 0 && w.length > 3);
  const asked = grams(words.join(' '));
  if (!asked.size) return 0;
  const have = grams(text);
  let found = 0;
  for (const g of asked) if (have.has(g)) found++;
  return found / asked.size;
}

/** A capitalised word after a sentence's first one that the question does not have (a name: "quem…?"). */
function properNoun(text: string, questionLexemes: Set<string>): boolean {
  const words = text.match(/(?<=\s)\p{Lu}[\p{L}]+/gu) ?? [];
  return words.some((w) => ![...lexemeSet(w)].some((l) => questionLexemes.has(l)));
}

/** What the learned abstainer reads of a part and its chosen unit (PART_FEATURES, in order). */
export const PART_FEATURES = [
  'confidence', 'coverage', 'phrase', 'wordsFound', 'terms', 'absent', 'missingMax', 'margin', 'undefinedSubject', 'bareWord',
  'typeMatch', 'retrievalGap', 'rank', 'trigrams',
] as const;

function partFeatures(part: QuestionPart, ranked: Scored[], units: readonly Unit[], total: number, rarity: Rarity, margin: number): number[] {
  const best = ranked[0]!;
  const own = part.terms.filter((t) => !t.carried);
  const wordsFound = own.filter((t) => t.weight === 1 && matchStrength(t, best.unit) >= 0.9).length;
  let absent = 0;
  let missingMax = 0;
  part.terms.forEach((t, i) => {
    if (t.carried) return;
    const w = termWeight(t, rarity);
    if (rarity.absent(t.lexemes)) absent += w;
    if (!best.strengths[i]) missingMax = Math.max(missingMax, w);
  });
  return [
    confidenceOf(part, best, units),
    best.coverage,
    best.phrase,
    Math.min(wordsFound, EVIDENCE_UP_TO) / EVIDENCE_UP_TO,
    Math.min(own.length, 8) / 8,
    absent / total,
    missingMax / total,
    margin,
    part.subject && !definesSubject(best.unit.text, part.subject) ? 1 : 0,
    bareWord(part, own, best.unit) ? 1 : 0,
    part.type ? (ANSWER_PATTERNS[part.type].test(best.unit.text) ? 1 : -1) : 0,
    retrievalGap(units),
    1 - Math.min(best.unit.rank, 8) / 8,
    trigramShare(part, best.unit.text),
  ];
}

/** The second passage's retrieval score as a share of the first's (1: retrieval cannot tell them apart). */
function retrievalGap(units: readonly Unit[]): number {
  const second = units.find((u) => u.rank === 1);
  return second ? second.retrieval : 0;
}

/**
 * Every part of a question with the hand ranking's best units (RERANK), each with its RANK_FEATURES and the excerpt
 * it would give, and the PART_FEATURES of the best one (its margin: how much better it scores than the best unit of
 * another passage).
 */
export function explainQuestion(message: string, passages: RetrievedPassage[]) {
  const top = Math.max(0, ...passages.map((p) => p.score));
  const units = passages.flatMap((p, rank) => unitsOf(p, rank, top));
  const rarity = termRarity(units);
  return readParts(message, units).map((part) => {
    const total = part.terms.filter((t) => !t.carried).reduce((sum, t) => sum + termWeight(t, rarity), 0);
    if (!units.length || !total) return { part: part.text, candidates: [], features: null };
    const ranked: Scored[] = units
      .map((unit) => ({ unit, ...score(unit, part, total, rarity) }))
      .sort((a, b) => b.score - a.score || a.unit.rank - b.unit.rank)
      .slice(0, RERANK);
    const other = ranked.find((s) => s.unit.rank !== ranked[0]!.unit.rank);
    return {
      part: part.text,
      candidates: ranked.map((s) => ({ text: s.unit.text, rank: s.unit.rank, excerpt: expand(s.unit, part, total, rarity), features: rankFeatures(s, part) })),
      features: partFeatures(part, ranked, units, total, rarity, other ? ranked[0]!.score - other.score : 1),
    };
  });
}

