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
 * The text without the lines that are only a page's controls (CONTROL_LINE), and without the blank lines they leave. A
 * separator line ("-----") is content: it is kept.
 */
export function withoutControls(text: string): string {
  // (Lines end in '\n': runningTextPassages, ingest/prepare.ts.)
  const lines = text.split('\n');
  const crumbs = breadcrumbLines(lines);
  const kept = lines
    .filter((line, i) => {
      const trimmed = line.trim();
      return !crumbs.has(i) && (!trimmed || SEPARATOR_LINE.test(trimmed) || !CONTROL_LINE.test(trimmed));
    })
    // A toggle on the question's own line ("A academia tem estacionamento? +", "▸ Posso parcelar?").
    .map((line) => line.replace(QUESTION_TOGGLE, (_, indent?: string, mark?: string) => mark ?? indent ?? ''));
  if (kept.length === lines.length && kept.every((line, i) => line === lines[i])) return text;
  return kept.join('\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
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
