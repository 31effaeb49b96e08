import { WHATSAPP_TEXT_MAX } from '@atende/shared';

const BOLD = '\u0000';

/**
 * The agent writes Markdown (the web chat renders it); WhatsApp has its own
 * markup: *bold*, _italic_, ~strike~, no links or headings. Converts the
 * common cases so customers never see stray `**` or `[text](url)`.
 */
export function toWhatsAppText(markdown: string): string {
  return markdown
    .replace(/^(\s*)[*+]\s+/gm, '$1- ') // bullets first, so they are not read as emphasis
    .replace(/^#{1,6}\s+(.+?)\s*#*\s*$/gm, `${BOLD}$1${BOLD}`)
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__/g, (_m, a?: string, b?: string) => `${BOLD}${a ?? b}${BOLD}`)
    .replace(/(^|[^*\w])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![*\w])/g, '$1_$2_')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '~$1~')
    .replace(/!?\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_m, label: string, url: string) =>
      label.trim() === url || `mailto:${label.trim()}` === url ? url : `${label} (${url})`,
    )
    .replaceAll(BOLD, '*');
}

/** Where a cut may happen, best first: paragraph, line, sentence end, any space. */
const BREAKS: Array<{ pattern: RegExp; keep: boolean }> = [
  { pattern: /\n[ \t]*\n/g, keep: false },
  { pattern: /\n/g, keep: false },
  { pattern: /[.!?…:;](?=\s)/g, keep: true },
  { pattern: /\s/g, keep: false },
];

/**
 * Splits an answer into WhatsApp messages of at most `max` characters (UTF-16
 * units, so never more characters than allowed), on paragraph, then sentence,
 * then word boundaries; never inside a surrogate pair.
 */
export function splitMessage(text: string, max = WHATSAPP_TEXT_MAX): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const cut = cutPoint(rest, max);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

function cutPoint(text: string, max: number): number {
  const window = text.slice(0, max + 1);
  const floor = Math.floor(max / 2); // never produce tiny parts for the sake of a nicer break
  for (const { pattern, keep } of BREAKS) {
    let best = -1;
    for (const m of window.matchAll(pattern)) {
      const cut = keep ? m.index + m[0].length : m.index;
      if (cut <= max && cut >= floor) best = cut;
    }
    if (best > 0) return best;
  }
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}
