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
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept = lines
    .filter((line) => {
      const trimmed = line.trim();
      return !trimmed || SEPARATOR_LINE.test(trimmed) || !CONTROL_LINE.test(trimmed);
    })
    // A toggle on the question's own line ("A academia tem estacionamento? +", "▸ Posso parcelar?").
    .map((line) => line.replace(QUESTION_TOGGLE, (_, indent?: string, mark?: string) => mark ?? indent ?? ''));
  if (kept.length === lines.length && kept.every((line, i) => line === lines[i])) return text;
  return kept.join('\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n');
}
