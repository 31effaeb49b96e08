import { SEPARATOR_LINE } from './split';

/**
 * A line that is only a page's control, not its content: an accordion's toggles ("+", "−", "›", "▼"), a close button
 * ("×", "Fechar"), a "Ver mais" / "Saiba mais" link. A FAQ copied from a website has them between each question and
 * its answer ("A academia tem estacionamento?", "+", "-", "Temos vaga na frente da academia."), where they cut the
 * answer from the question it answers.
 */
const CONTROL_LINE =
  /^(?:[+\-−–—›»‹«<>^˄˅∧∨⌃⌄▲▼△▽▴▾▵▿►◄▶◀▸◂▹◃×✕✖✗☰≡]\s*){1,3}$|^(?:[+›»>]\s*)?(?:ver|leia|saiba|mostrar|carregar|exibir)\s+(?:mais|menos)(?:\s*[+›»>…]|\.{3})?$|^(?:fechar|expandir|recolher)$/iu;

/** A toggle before a question on its line ("▸ Posso parcelar?"), or after it ("A academia tem estacionamento? +"). */
const QUESTION_TOGGLE = /^(\s*)[+›»▸▶►▼▲▾▴⌄˅]\s*(?=\S.*\?\s*$)|(\?)\s*(?:[+\-−–›»▼▲▾▴⌄˅∨]\s*){1,2}$/u;

/**
 * The text without the lines that are only a page's controls (CONTROL_LINE, breadcrumbs) or its live widgets'
 * (widgetLines), and without the blank lines they leave. A separator line ("-----") is content: it is kept.
 */
export function withoutControls(text: string): string {
  // (Lines end in '\n': runningTextPassages, ingest/prepare.ts.)
  const lines = text.split('\n');
  const crumbs = breadcrumbLines(lines);
  const widgets = widgetLines(lines);
  const kept = lines
    .filter((line, i) => {
      const trimmed = line.trim();
      return !crumbs.has(i) && !widgets.has(i) && (!trimmed || SEPARATOR_LINE.test(trimmed) || !CONTROL_LINE.test(trimmed));
    })
    // A toggle on the question's own line ("A academia tem estacionamento? +", "▸ Posso parcelar?").
    .map((line) => line.replace(QUESTION_TOGGLE, (_, indent?: string, mark?: string) => mark ?? indent ?? ''));
  if (kept.length === lines.length && kept.every((line, i) => line === lines[i])) return text;
  const out = kept.join('\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
  // Nor the blank lines left at its start or its end by lines dropped there (a widget that opened or closed a page).
  return out.replace(/^\s*\n/, (blank) => (/^\s*\n/.test(text) ? blank : '')).replace(/\n\s*$/, (blank) => (/\n\s*$/.test(text) ? blank : ''));
}

/** The start of a site's breadcrumb: its home page ("1. Home", "Início", "Página inicial"). */
const CRUMB_HOME = /^(?:1[.)]\s+)?(?:home|in[íi]cio|p[áa]gina inicial)$/i;
/** A breadcrumb on one line ("Home > Serviços > Fotodepilação", "Início / Estética"). */
const CRUMB_LINE = /^(?:home|in[íi]cio|p[áa]gina inicial)\s*[>»/›|]\s*\S.{0,100}$/i;
/** A later step of a numbered breadcrumb ("2. Estética Facial"): short, no sentence. */
const CRUMB_STEP = /^\d[.)]\s+[^.!?:;]{1,40}$/;

/**
 * The lines of a site's breadcrumb ("1. Home", "2. Estética Facial", "3. Limpeza de pele"; "Home > Serviços"): the page's
 * navigation, whose "Home" met "homem" ("é pra homem também?" was answered "Home").
 */
function breadcrumbLines(lines: readonly string[]): Set<number> {
  const crumbs = new Set<number>();
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (CRUMB_LINE.test(trimmed)) crumbs.add(i);
    if (!/^1[.)]\s/.test(trimmed) || !CRUMB_HOME.test(trimmed)) return;
    // The numbered steps after it, blank lines between them allowed.
    const steps = [i];
    for (let j = i + 1, n = 2; j < lines.length; j++) {
      const next = lines[j]!.trim();
      if (!next) continue;
      if (!CRUMB_STEP.test(next) || !next.startsWith(`${n}`)) break;
      steps.push(j);
      n++;
    }
    if (steps.length > 1) for (const j of steps) crumbs.add(j);
  });
  return crumbs;
}

/**
 * A live widget's placeholder, which its script replaces in the browser: a loading or typing indicator ("carregando...",
 * "Loading…", "Aguarde...", "Digitando...", "Bia está digitando…").
 */
const PLACEHOLDER = /^(?:(?:carregando|loading|digitando|typing)(?:\s*(?:\.{2,}|…))?|(?:por favor,?\s+)?aguarde\s*(?:\.{2,}|…)|[\p{L} ]{1,30}\s(?:est[áa]|is)\s+(?:digitando|typing)\s*(?:\.{2,}|…)?)$/iu;
/** A chat widget's typing indicator: the greeting just before it is the widget's, not the shop's text. */
const TYPING = /(?:digitando|typing)\s*(?:\.{2,}|…)?$/i;
/** A clock or counter not started ("00:00:00", "00:00", "0:00"). */
const ZERO_CLOCK = /^0?0:00(:00)?$/;
/** A line that ends a range of hours, which "00:00" (midnight) may close ("18:00 às", "Sexta: 18h -"). */
const OPENS_RANGE = /(?:\d|(?<![\p{L}])(?:[àa]s|at[ée]|a)|[-–—])\s*$/iu;
/** A chat widget's greeting: it offers help or introduces the assistant ("Sou o assistente… Como posso te ajudar?"). */
const CHAT_GREETING = /^(?:(?:ol[áa]|oi|hi|hello)(?![\p{L}])|bem[- ]vind|seja bem[- ]vind|welcome)|\b(?:posso|podemos|can i|can we)\s+(?:te\s+|lhe\s+|o\s+|a\s+|you\s+)?(?:ajud|help)|\bprecisa\s+de\s+ajuda|\bsou\s+(?:o|a)\s+(?:assistente|atendente)/iu;
const isGreeting = (line: string) => line.length <= 200 && CHAT_GREETING.test(line);
/** A title: a short line, not a sentence, a list item or a line with a number ("Horário de Cajuru", "Fale Conosco"). */
const TITLE = /^(?![-*•▪◦·–—]\s)[^\d.!?;,|]{2,60}:?$/u;

/**
 * The lines of a page's live widgets, rendered as text before their script ran: a loading or typing indicator, a clock
 * at zero ("Horário de Cajuru", "00:00:00", "carregando..." — its title made it an opening-hours answer), a chat widget's
 * greeting just before its typing indicator ("Sou o assistente da Sorveteria. Como posso te ajudar?", "Digitando..."),
 * and the title of such a widget, which has nothing left under it ("Fale Conosco"): a title followed, after the widget,
 * by another title or by the end of the text, so that it does not head the next content. A "00:00" that closes a range
 * of hours ("18:00 às" / "00:00") is midnight, and kept.
 */
function widgetLines(lines: readonly string[]): Set<number> {
  const widgets = new Set<number>();
  const nonBlank = (from: number, step: 1 | -1) => {
    for (let j = from + step; j >= 0 && j < lines.length; j += step) if (lines[j]!.trim()) return j;
    return -1;
  };
  const clocks: number[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed.length > 60) return;
    if (PLACEHOLDER.test(trimmed)) {
      widgets.add(i);
      if (!TYPING.test(trimmed)) return;
      // The chat's greeting just before its typing indicator (a line or two).
      for (let j = nonBlank(i, -1), n = 0; j >= 0 && n < 2 && isGreeting(lines[j]!.trim()); j = nonBlank(j, -1), n++) widgets.add(j);
    } else if (ZERO_CLOCK.test(trimmed)) {
      clocks.push(i);
    }
  });
  for (const i of clocks) {
    const before = nonBlank(i, -1);
    const seconds = lines[i]!.includes(':00:');
    // "00:00" alone is a clock unless it closes a range of hours; next to a placeholder it is one anyway.
    const nearPlaceholder = [before, nonBlank(i, 1)].some((j) => j >= 0 && widgets.has(j));
    if (seconds || nearPlaceholder || before < 0 || !OPENS_RANGE.test(lines[before]!.trim())) widgets.add(i);
  }
  if (!widgets.size) return widgets;
  // The title of a widget left with nothing under it: the line before a run of widget lines, when after the run comes
  // another title or the end of the text.
  for (const i of [...widgets].sort((a, b) => a - b)) {
    const before = nonBlank(i, -1);
    if (before < 0 || widgets.has(before) || !TITLE.test(lines[before]!.trim())) continue;
    let after = nonBlank(i, 1);
    while (after >= 0 && widgets.has(after)) after = nonBlank(after, 1);
    if (after < 0 || TITLE.test(lines[after]!.trim())) widgets.add(before);
  }
  return widgets;
}
