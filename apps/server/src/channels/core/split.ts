/** Where a cut may happen, best first: paragraph, line, sentence end, any space. */
const BREAKS: Array<{ pattern: RegExp; keep: boolean }> = [
  { pattern: /\n[ \t]*\n/g, keep: false },
  { pattern: /\n/g, keep: false },
  { pattern: /[.!?…:;](?=\s)/g, keep: true },
  { pattern: /\s/g, keep: false },
];

/**
 * Splits an answer into a channel's messages of at most `max` characters (UTF-16
 * units, so never more characters than allowed), on paragraph, then sentence,
 * then word boundaries; never inside a surrogate pair.
 */
export function splitMessage(text: string, max: number): string[] {
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
