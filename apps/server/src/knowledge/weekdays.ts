import { QUOTA_TIME_ZONE } from '@atende/shared';
import { lexemeSet } from './text-search';

/**
 * The days of the week a text speaks of, however a shop writes them: "Segunda a sexta" (and so Wednesday), "Seg-Sex",
 * "2ª a 6ª", "4º FEIRA", "Sáb e Dom", "fins de semana", "em dias úteis", "todos os dias". A customer asks for one day
 * ("vocês abrem na quarta?", "funciona no fim de semana?"); the knowledge names a range, a group or an abbreviation.
 * Days are numbered as JavaScript's getDay: 0 Sunday … 6 Saturday.
 */

const NAMES = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;

/** Each day's lexemes (text-search.ts): what a passage naming the day is found by. */
const DAY_LEXEMES: readonly string[][] = NAMES.map((name) => [...lexemeSet(name)]);
/** Every day's lexemes: a question word that is a day. */
const ANY_DAY = new Set(DAY_LEXEMES.flat());

/** How a question's "fim de semana" is read (synonyms.ts): one word whose kinds are Saturday and Sunday. */
const WEEKEND_WORD = 'fds';

const ALL = [0, 1, 2, 3, 4, 5, 6];
const WORKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 0];

/** A day written out ("segunda-feira", "sábados") or as its number ("2ª feira", "4º FEIRA"): clear on its own. */
const FULL = String.raw`(?<full>segunda|ter[çc]a|quarta|quinta|sexta)s?(?:(?:\s*-\s*|\s+)feiras?)?|(?<weekend>s[áa]bado|domingo)s?|(?<ordinal>[2-6])\s*[ªºa°o]?\s*-?\s*feiras?|(?<sab>s[áa]b)\.?`;
/** An abbreviation or a bare ordinal ("Seg", "Dom.", "2ª"): a day only beside another day ("Seg a Sex", "Sáb e Dom") or as a line's label ("Dom: fechado"). */
const SHORT = String.raw`(?<short>seg|ter|qua|qui|sex|dom)\.?|(?<bare>[2-6])\s*[ªº]`;
const DAY = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${FULL}|${SHORT})(?![\p{L}\p{N}])`, 'giu');

const ABBREVIATIONS: Record<string, number> = { seg: 1, ter: 2, qua: 3, qui: 4, sex: 5, dom: 0 };
const FULL_DAYS: Record<string, number> = { segunda: 1, terça: 2, terca: 2, quarta: 3, quinta: 4, sexta: 5, sábado: 6, sabado: 6, domingo: 0 };

/** Between the two ends of a range ("segunda a sexta", "Seg-Sex", "de terça até domingo", "2ª à 6ª"). */
const RANGE = /^\s*(?:a|à|á|ao|até|ate|-|–|—)\s*$/iu;
/** Between days of a list ("Sáb e Dom", "Seg/Qua/Sex", "segunda, quarta e sexta"). */
const LIST = /^\s*(?:,|e|\/|&|\+)\s*$/iu;
/** After a line's label ("Dom: fechado", "Seg.: 9h"). */
const LABEL = /^\.?\s*:/u;

/**
 * Groups of days named by one phrase. A number before "dias úteis" ("em até 7 dias úteis") is a length of time, not the
 * days; "todos os dias de funcionamento" are the days open, said elsewhere.
 */
const GROUPS: Array<[RegExp, number[]]> = [
  [/(?<![\p{L}\p{N}])(?:(?:fim|fins|final|finais)\s+de\s+semana|fds)(?![\p{L}\p{N}])/giu, WEEKEND],
  [/(?<![\p{N})]\s{0,3}|(?:um|dois|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|quinze|vinte|trinta)\s{1,3})(?<![\p{L}\p{N}])dias?\s+[úu]te(?:is|l)(?![\p{L}\p{N}])/giu, WORKDAYS],
  [/(?<![\p{L}\p{N}])(?:todos\s+os\s+dias(?!\s+(?:de\s+funcionamento|[úu]teis))|todo\s+dia|diariamente|(?:7|sete)\s+dias\s+por\s+semana)(?![\p{L}\p{N}])/giu, ALL],
];

interface Mention {
  day: number;
  start: number;
  end: number;
  /** An abbreviation or a bare ordinal: a day only beside another one or as a label. */
  short: boolean;
}

function mentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const m of text.matchAll(DAY)) {
    const g = m.groups!;
    const word = (g.full ?? g.weekend ?? g.sab ?? g.short ?? '').toLowerCase();
    const day = (g.ordinal ?? g.bare) ? Number(g.ordinal ?? g.bare) - 1 : g.sab ? 6 : g.short ? ABBREVIATIONS[word]! : FULL_DAYS[word]!;
    found.push({ day, start: m.index, end: m.index + m[0].length, short: Boolean(g.short ?? g.bare) });
  }
  return found;
}

/** The days from `from` to `to`, across Sunday when needed ("terça a domingo"); the whole week when they are one ("domingo a domingo"). */
function span(from: number, to: number): number[] {
  if (from === to) return ALL;
  const days = [from];
  for (let d = from; d !== to; ) days.push((d = (d + 1) % 7));
  return days;
}

/** The days of the week a text names, directly, by a range of two of them, or by a group ("fim de semana"): sorted, none mostly. */
export function weekdaysIn(text: string): number[] {
  const days = new Set<number>();
  const all = mentions(text);
  all.forEach((m, i) => {
    const next = all[i + 1];
    const between = next ? text.slice(m.end, next.start) : null;
    const previous = all[i - 1];
    const before = previous ? text.slice(previous.end, m.start) : null;
    if (between !== null && next && RANGE.test(between)) for (const d of span(m.day, next.day)) days.add(d);
    const besideAnother = (between !== null && (RANGE.test(between) || LIST.test(between))) || (before !== null && (RANGE.test(before) || LIST.test(before)));
    if (!m.short || besideAnother || LABEL.test(text.slice(m.end))) days.add(m.day);
  });
  for (const [pattern, group] of GROUPS) {
    pattern.lastIndex = 0;
    if (pattern.test(text)) for (const d of group) days.add(d);
  }
  return [...days].sort();
}

/** A text's lexemes with those of the days it names (weekdaysIn): "Segunda a sexta" also has "quarta"'s. */
export function withWeekdays(lexemes: Set<string>, text: string): Set<string> {
  for (const d of weekdaysIn(text)) for (const l of DAY_LEXEMES[d]!) lexemes.add(l);
  return lexemes;
}

/** "Demais dias: Fechado", "nos outros dias": the days a list does not name elsewhere. */
const OTHER_DAYS = /(?<![\p{L}\p{N}])(?:demais|outros|restantes)\s+dias(?![\p{L}\p{N}])/iu;

/**
 * Lines naming days one by one ("Terça-feira: 12:45 às 17:45", "Demais dias: Fechado"), with the days a "demais dias"
 * line stands for: those the other lines do not name. The lexemes to add to each line (none mostly), in order.
 */
export function restOfWeek(lines: readonly string[]): string[][] {
  const others = lines.map((l) => OTHER_DAYS.test(l));
  if (!others.includes(true)) return lines.map(() => []);
  const named = new Set(lines.flatMap((l, i) => (others[i] ? [] : weekdaysIn(l))));
  if (named.size === 0) return lines.map(() => []);
  const rest = ALL.filter((d) => !named.has(d)).flatMap((d) => DAY_LEXEMES[d]!);
  return others.map((other) => (other ? rest : []));
}

/** Whether a question word (its lexemes, with its synonyms: "fds") is a day of the week. */
export const isWeekday = (lexemes: readonly string[]) => lexemes.some((l) => ANY_DAY.has(l) || l === WEEKEND_WORD);

const HOLIDAY = [...lexemeSet('feriado')][0]!;

/** Whether a text's lexemes (withWeekdays) name a day of the week, or holidays too when asked. */
export function namesWeekday(lexemes: ReadonlySet<string>, holidays = false): boolean {
  for (const l of ANY_DAY) if (lexemes.has(l)) return true;
  return holidays && lexemes.has(HOLIDAY);
}

/** "hoje", "agora", "amanhã" in a question about opening hours: the day they are, in Brasília (the shops' time). */
const RELATIVE_DAY = /(?<![\p{L}\p{N}])(?:hoje|agora|amanh[ãa])(?![\p{L}\p{N}])/giu;
const ASKS_OPENING = /(?<![\p{L}])(?:abr[ei]m?|abert[oa]s?|funciona(?:m|ndo)?|fecha(?:m|do|da|dos)?|hor[áa]rios?|atende(?:m|ndo)?|expediente)(?![\p{L}])/iu;
const WEEKDAY_OF = new Intl.DateTimeFormat('en-US', { timeZone: QUOTA_TIME_ZONE, weekday: 'short' });
const ENGLISH_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The day of the week it is at `now` in Brasília (0 Sunday … 6 Saturday). */
export const weekdayAt = (now: Date) => ENGLISH_DAYS.indexOf(WEEKDAY_OF.format(now));

/**
 * A question's days as the knowledge's words: "4ª feira" → "quarta", "sáb" → "sábado", "terça-feira" → "terça" (so
 * "feira" is not a word the answer must have); in a question about opening hours, "hoje" / "agora" / "amanhã" as the day
 * they are at `now` ("vocês estão abertos agora?" on a Saturday asks about Saturday). A group ("fim de semana", "fds")
 * is left as it is: synonyms.ts reads it.
 */
export function spellWeekdays(question: string, now = new Date()): string {
  const spelled = question.replace(DAY, (match, ...args) => {
    const g = args.at(-1) as Record<string, string | undefined>;
    if (g.short || g.bare) return match;
    const day = g.ordinal ? Number(g.ordinal) - 1 : g.sab ? 6 : FULL_DAYS[(g.full ?? g.weekend)!.toLowerCase()]!;
    return NAMES[day]!;
  });
  if (!ASKS_OPENING.test(spelled)) return spelled;
  const today = weekdayAt(now);
  return spelled.replace(RELATIVE_DAY, (word) => NAMES[/^amanh/i.test(word) ? (today + 1) % 7 : today]!);
}
