import { stemmer } from '@orama/stemmers/portuguese';
import { stopwords } from '@orama/stopwords/portuguese';

/**
 * The text analysis of full-text search, done in the application for both the
 * passages and the questions (ADR 0008). Words are cut at anything that is not
 * a letter or a digit, lower-cased, stripped of Portuguese stop words, stemmed
 * with the Snowball Portuguese stemmer (the same algorithm and stop words as
 * Postgres's 'portuguese' configuration) and stripped of accents. A word is
 * stemmed as written, without accents and, for -ão words and their plurals,
 * as the accented singular, so "preço" meets "precos" and "informação" meets
 * "informacoes"; a plural in -óis, -éis, -ais or -uis also as its singular in -l
 * ("girassóis" meets "girassol"). Postgres only stores the
 * result (a tsvector built from text: no parsing or stemming on the database
 * side) and matches it with tsquery literals built by the same code.
 */

const MAX_WORD_LENGTH = 60;
/** Shortest stem matched as a prefix (see wordQuery). */
const PREFIX_MIN = 5;
/** Words of a question taken into account. */
const MAX_QUERY_WORDS = 32;

const WORD = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}/gu;
const DIGIT = /\p{N}/u;

const fold = (word: string): string => (NON_ASCII.test(word) ? word.normalize('NFD').replace(MARKS, '') : word);

const STOP_WORDS = new Set(stopwords.flatMap((w) => [w, fold(w)]));

/**
 * Lexemes per lower-cased word; a bounded memo (most words of a text repeat, and stemming is the costly part). It lives
 * as long as its thread: the main thread's (questions) and the long-lived analysis worker's (every file's passages,
 * ingest/analysis.ts). A word costs ~180 bytes of heap, so the memo holds at most ~3.5 MB; the bench's 100-page PDF
 * brings 333 words, its 50,000-row XLSX 139, so files share it for long before it is emptied and refilled.
 */
const memo = new Map<string, readonly string[]>();
const MEMO_LIMIT = 20_000;
const NONE: readonly string[] = [];

function lexemesOf(word: string): readonly string[] {
  const known = memo.get(word);
  if (known) return known;
  // Numbers and codes (PF0001, 45, 2kg) are kept as written, and not memoised: a price list has
  // thousands of distinct ones that would push the words out.
  if (DIGIT.test(word)) return word.length > MAX_WORD_LENGTH ? NONE : [fold(word)];
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const lexemes = analyzeWord(word);
  memo.set(word, lexemes);
  return lexemes;
}

/**
 * -ão words, which the stemmer only knows accented and does not bring together with their plurals (-ões,
 * -ães): "informacoes", "informações" and "informacao" are also stemmed as "informação".
 */
const NASAL_ENDING = /(c?)(ao|oes|aes)$/;

/**
 * Plurals of words in -l: -óis, -éis, -ais, -uis ("girassóis", "pastéis", "animais", "azuis"), which the stemmer cuts
 * short of the -l ("girasso", "past", "anim", "azu") and so apart from their singular ("girassol", "pastel", "animal",
 * "azul"). Only with two letters or more before the ending (three before -óis): "pais", "cais", "seis", "reis", "dois",
 * "bois" are not such plurals.
 */
const L_PLURAL = /^(.+?)(óis|ois|éis|eis|ais|uis)$/;

/**
 * The singular of a plural in -l (L_PLURAL), as written: -óis → -ol, -éis → -el, -ais → -al, -uis → -ul, and an
 * unstressed -veis, -neis, -queis → -el ("possíveis" → "possível", "túneis" → "túnel", "níqueis" → "níquel"). On Debian's
 * word list (wbrazilian), leaving out the verb forms of "vós", the singular is right but for a handful ("heróis",
 * "demais", "pôneis", "croquis"), whose made-up singular ("herol", "demal", "pônel", "croqul") meets no other word; the
 * plural keeps its own stem too (analyzeWord), so "heróis" still meets "herói".
 */
function singularInL(word: string): string | null {
  const plural = L_PLURAL.exec(word);
  if (!plural) return null;
  const head = plural[1]!;
  const ending = fold(plural[2]!);
  if (fold(head).length < (ending === 'ois' ? 3 : 2)) return null;
  if (ending === 'ois') return `${head}ol`;
  if (ending === 'ais') return `${head}al`;
  if (ending === 'uis') return `${head}ul`;
  // An unstressed -eis whose singular is -il ("úteis", "fáceis": "útil", "fácil") is left alone: "úteis" would then meet
  // "utilidade" ("util"), and an unanswerable question of eval:answers was answered.
  return plural[2] === 'eis' && /[áéíóúâêô]/.test(head) && !/(?:v|n|qu)$/.test(head) ? null : `${head}el`;
}

function analyzeWord(word: string): readonly string[] {
  if (word.length > MAX_WORD_LENGTH) return NONE;
  const bare = fold(word);
  if (STOP_WORDS.has(word) || STOP_WORDS.has(bare)) return NONE;
  const forms = new Set([word, bare]);
  const nasal = NASAL_ENDING.exec(bare);
  if (nasal) forms.add(`${bare.slice(0, nasal.index)}${nasal[1] ? 'ç' : ''}ão`);
  // Plurals in -óis, -éis, -ais, -uis are also stemmed as their singular in -l, as written and without accents
  // ("confortáveis" → "confortável", stemmed "confort", and "confortavel", as the customer types it).
  // Not when the singular is a stop word ("quais": "qual").
  const singular = singularInL(word);
  if (singular && !STOP_WORDS.has(singular) && !STOP_WORDS.has(fold(singular))) forms.add(singular).add(fold(singular));
  return [...new Set([...forms].map((form) => fold(stemmer(form))))];
}

const lowerCase = (text: string) => text.normalize('NFC').toLowerCase();

function words(text: string): string[] {
  return lowerCase(text).match(WORD) ?? [];
}

/**
 * An integer written with thousands separators ("5.000", "60.000", "1.500" in "R$ 1.500,00"; not "15.03.2024", "1.5",
 * "01.310", nor inside "192.168.0.1"), or a number of thousands ("10 mil", "1,5 mil"): one number, indexed as its bare
 * digits ("5000", "10000", "1500"), which is how a customer writes it too ("revisão de 5000 km", "10 mil km").
 */
const NUMBER_FORM = /(?<![\p{N}.,])(?:([1-9]\d{0,2}(?:\.\d{3})+)(?!\d|\.\d)|(\d{1,3})(?:,(\d{1,3}))?\s*mil(?![\p{L}\p{N}]))/giu;

/** The bare digits of a NUMBER_FORM match ("5.000" → "5000", "10 mil" → "10000", "1,5 mil" → "1500"); null for "0 mil". */
function numberFormDigits(separated: string | undefined, thousands: string | undefined, fraction: string | undefined): string | null {
  if (separated) return separated.replaceAll('.', '');
  const value = Number(thousands) * 1000 + Number((fraction ?? '').padEnd(3, '0'));
  return value > 0 ? String(value) : null;
}

/** A text with its NUMBER_FORMs written as their bare digits ("Revisão de 5.000 km" → "Revisão de 5000 km"). */
export function withBareNumbers(text: string): string {
  if (!MAYBE_NUMBER_FORM.test(text)) return text;
  return text.replace(NUMBER_FORM, (whole, separated?: string, thousands?: string, fraction?: string) => numberFormDigits(separated, thousands, fraction) ?? whole);
}

/** A cheap test before NUMBER_FORM: a digit before a dot, or before "mil". */
const MAYBE_NUMBER_FORM = /\d(?:\.\d|(?:,\d{1,3})?\s*mil)/i;

/**
 * The tsvector of a text's lexemes (lexemeSet; a passage's: forms.ts passageLexemes), in tsvector input syntax ('lexeme' 'other'). Lexemes
 * hold only letters and digits, so they never need escaping. No positions:
 * ranking weighs words by rarity, not proximity (retrieval.ts), and without
 * them the vector is about half the size to build, send, parse and store.
 */
export function toTsvector(lexemes: ReadonlySet<string>): string {
  return lexemes.size === 0 ? '' : `'${[...lexemes].join("' '")}'`;
}

/**
 * The searchable words of a question, each as its lexemes (one, or two when
 * the accented and accent-free stems differ), in order and without repeats.
 * Stop words and words that analyse to nothing are left out.
 */
export function questionWords(text: string): Array<readonly string[]> {
  const seen = new Set<string>();
  const out: Array<readonly string[]> = [];
  const acronyms = acronymsIn(text);
  // A number written "5.000" or "10 mil" is one word, its bare digits (withBareNumbers), as the passages also have it.
  for (const word of words(withBareNumbers(text))) {
    const lexemes = withRomanNumeral(withOtherNumber(word, withVerb(word, lexemesOf(word)), acronyms.has(word)));
    const key = lexemes.join(' ');
    if (lexemes.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(lexemes);
    if (out.length === MAX_QUERY_WORDS) break;
  }
  return out;
}

/**
 * Irregular forms of verbs, by infinitive, whose stems the stemmer leaves apart from the verb's other forms ("perca" /
 * "perdido", "trouxe" / "trazer", "sirvam" / "servimos"). Forms that are also other words are left out ("peça" a part,
 * "consigo", "sigo"), so are verbs whose stem is another word's ("saber" / "sábado", "caber" / "cabo", "medir" /
 * "média", "valer" / "vale"), and the light verbs (fazer, ter, ir, poder…).
 */
const IRREGULAR_VERBS: Record<string, string> = {
  perder: 'perca percam perco',
  pedir: 'peço peçam',
  trazer: 'trago traga tragam trouxe trouxeram',
  dizer: 'digo diga digam disse disseram',
  ouvir: 'ouço ouça ouçam',
  servir: 'sirvo sirva sirvam',
  seguir: 'siga sigam',
  preferir: 'prefiro prefira prefiram',
  conseguir: 'consiga consigam',
  repetir: 'repito repita repitam',
  manter: 'mantenho mantenha mantenham manteve',
  obter: 'obtenho obtenha obtenham obteve obtive',
  dormir: 'durmo durma durmam',
};
const VERB_OF = new Map(
  Object.entries(IRREGULAR_VERBS).flatMap(([verb, forms]) => forms.split(' ').flatMap((form) => [[form, verb], [fold(form), verb]] as const)),
);

/** A question word's lexemes with its verb's, when it is one of the irregular forms the stemmer leaves apart. */
function withVerb(word: string, lexemes: readonly string[]): readonly string[] {
  const verb = VERB_OF.get(word);
  // A stop word stays one ("sei").
  if (!verb || lexemes.length === 0) return lexemes;
  const more = lexemesOf(verb).filter((l) => !lexemes.includes(l));
  return more.length ? [...lexemes, ...more] : lexemes;
}

/** An acronym as written: two capitals or more, maybe plural ("EUA", "MIT", "CEPs"). */
const ACRONYM = /(?<![\p{L}\p{N}])\p{Lu}{2,}s?(?![\p{L}\p{N}])/gu;

/** A word in lower case: a question without one is written in capitals throughout ("VCS ENTREGAM NO CENTRO?"). */
export const LOWER_CASE_WORD = /(?<![\p{L}\p{N}])\p{Ll}{4,}/u;

/**
 * The acronyms of a question, lower-cased; none when it is written in capitals throughout (no LOWER_CASE_WORD), where
 * capitals say nothing. A Roman numeral ("século XXI") is a number (withRomanNumeral), not an acronym.
 */
export function acronymsIn(text: string): Set<string> {
  if (!LOWER_CASE_WORD.test(text)) return new Set();
  return new Set([...text.matchAll(ACRONYM)].map((m) => lowerCase(m[0])).filter((word) => !/^[ivxlcdm]+$/.test(word)));
}

/**
 * A question word's lexemes with those of its other number when it ends in -m / -ns, or is an acronym ("CEP" / "CEPs",
 * "PDFs" / "PDF"), which the stemmer leaves apart ("cupom" / "cupons", "pudim" / "pudins", "mensagem" / "mensagens",
 * "item" / "itens"): done on the question only, so passages stored before need no new lexemes.
 */
function withOtherNumber(word: string, lexemes: readonly string[], acronym = false): readonly string[] {
  if (lexemes.length === 0 || (!acronym && (word.length < 4 || DIGIT.test(word)))) return lexemes;
  const other = acronym ? (word.endsWith('s') ? word.slice(0, -1) : `${word}s`) : nounNumber(word);
  if (!other) return lexemes;
  const more = lexemesOf(other).filter((l) => !lexemes.includes(l));
  return more.length ? [...lexemes, ...more] : lexemes;
}

/**
 * A noun's other number where the stemmer keeps them apart: -om, -im, -um, -gem and "item" (verbs end in -am / -em:
 * "fazem", "entregam"), and -u after a, e, é or ó ("pneu" / "pneus", "chapéu", "degrau"), whose -s the stemmer keeps (not
 * after o or i: "optou", "partiu" are verbs). Null for any other word.
 */
function nounNumber(word: string): string | null {
  if (/(?:[oiu]|ge|ite)ns$/.test(word)) return `${word.slice(0, -2)}m`;
  if (/(?:[oiu]|ge|ite)m$/.test(word)) return `${word.slice(0, -1)}ns`;
  if (/[aeéó]u$/.test(word)) return `${word}s`;
  if (/[aeéó]us$/.test(word)) return word.slice(0, -1);
  return null;
}

/**
 * A number with its Roman numeral and the other way round ("Pagani 2" / "Pagani II", "Pedro II", "século 21" /
 * "século XXI"), 2 to 39: done on the question only, as withOtherNumber. "vi" (a verb) and the numerals of one letter
 * (a pronoun, an article) are left alone.
 */
function withRomanNumeral(lexemes: readonly string[]): readonly string[] {
  const [word] = lexemes;
  if (lexemes.length !== 1 || !word) return lexemes;
  if (/^\d{1,2}$/.test(word)) {
    const n = Number(word);
    const numeral = `${'x'.repeat(Math.floor(n / 10))}${ROMAN_UNITS[n % 10]}`;
    return n >= 2 && n <= 39 && numeral.length > 1 && numeral !== 'vi' ? [word, numeral] : lexemes;
  }
  const roman = /^(x{0,3})(ix|iv|v?i{0,3})$/.exec(word);
  if (!roman || word.length < 2 || word === 'vi') return lexemes;
  return [word, String(roman[1]!.length * 10 + ROMAN_UNITS.indexOf(roman[2]!))];
}

const ROMAN_UNITS = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'];

/**
 * A question word as a tsquery literal matching any of its lexemes — as a prefix when the lexeme is a word
 * stem of at least PREFIX_MIN letters. The Snowball stemmer is light: it leaves derivations apart
 * ("sangrar" → sangr, "sangramento" → sangrament; "cancelar" → cancel, "cancelamento" → cancelament), and
 * the prefix brings them together. Numbers and codes match exactly (45 must not find 450).
 */
export function wordQuery(lexemes: readonly string[]): string {
  return lexemes.map((l) => (isPrefixWord(l) ? `'${l}':*` : `'${l}'`)).join(' | ');
}

/** Whether a lexeme of a question matches as a prefix (a word stem of at least PREFIX_MIN letters; see wordQuery). */
export function isPrefixWord(lexeme: string): boolean {
  return lexeme.length >= PREFIX_MIN && !DIGIT.test(lexeme);
}

/** The lexemes of a text as a set (the offline responder matches answers with it). */
export function lexemeSet(text: string): Set<string> {
  const set = new Set<string>();
  // One pass over runs of letters, digits and hyphens: a run is one word, or words apart by hyphens (the words WORD finds).
  for (const run of lowerCase(text).match(WORD_OR_HYPHENS) ?? []) {
    if (!run.includes('-')) {
      for (const lexeme of lexemesOf(run)) set.add(lexeme);
      continue;
    }
    const parts = run.split('-');
    for (const word of parts) if (word) for (const lexeme of lexemesOf(word)) set.add(lexeme);
    // A word written with a hyphen is also the word written without it ("WI-FI" / "wifi", "e-mail" / "email").
    // Not a verb and its pronoun ("pode-se", "dar-se-á", "entregá-lo").
    if (HYPHENATED.test(run) && !parts.slice(1).some((part) => CLITICS.has(part))) for (const lexeme of lexemesOf(parts.join(''))) set.add(lexeme);
  }
  // A number written "5.000" or "10 mil" is also its bare digits ("5000", "10000"), as a customer writes it; its parts'
  // lexemes ("5", "000"; "10", "mil") stay.
  if (MAYBE_NUMBER_FORM.test(text)) {
    for (const m of text.matchAll(NUMBER_FORM)) {
      const digits = numberFormDigits(m[1], m[2], m[3]);
      if (digits && digits.length <= MAX_WORD_LENGTH) set.add(digits);
    }
  }
  return set;
}

const WORD_OR_HYPHENS = /[\p{L}\p{N}-]+/gu;

const CLITICS = new Set('se me te nos vos lhe lhes o a os as lo la los las no na nas á ás ão ia iam emos ei'.split(' '));

/** A whole run of WORD_OR_HYPHENS that is a hyphenated word: letters only, up to 6 between hyphens ("wi-fi", "e-mail"). */
const HYPHENATED = /^\p{L}{1,6}(?:-\p{L}{1,6})+$/u;
