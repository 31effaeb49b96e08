/**
 * Finds the links in the free-text 'links' field of the knowledge base. Merchants type them one per line, separated
 * by spaces or commas, with or without the scheme ("www.loja.com.br" → https://www.loja.com.br/), sometimes in a
 * sentence ("Veja https://loja.com.br/faq."). Only http/https URLs are returned, normalised, deduplicated, in order.
 */

const MAX_URL_LENGTH = 2048;
/** Candidates start at a scheme or at "www."; must not be glued to a preceding word, e-mail or path. */
const CANDIDATE = /(?<![\w@./-])(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** A comma directly followed by another link separates two links ("a.com,https://b.com"). */
const GLUED_SEPARATOR = /,(?=(?:https?:\/\/|www\.))/i;
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’…]+$/;

function trimCandidate(raw: string): string {
  let s = raw;
  for (;;) {
    const before = s;
    s = s.replace(TRAILING_PUNCTUATION, '');
    // Closing brackets are kept only when they balance an opening one inside the URL (Wikipedia-style paths).
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (s.endsWith(close) && s.split(open).length <= s.split(close).length - 1) s = s.slice(0, -1);
    }
    if (s === before) return s;
  }
}

function normalize(candidate: string): string | null {
  const withScheme = /^https?:\/\//i.test(candidate) ? candidate : `https://${candidate}`;
  if (withScheme.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A real host: has a dot (or is an IP literal) and no empty labels.
  const host = url.hostname;
  if (!host) return null;
  if (!host.startsWith('[')) {
    const labels = host.replace(/\.$/, '').split('.');
    if (labels.length < 2 || labels.some((label) => label === '')) return null;
  }
  url.hash = '';
  return url.href;
}

export function extractLinks(text: string, max = 20): string[] {
  if (!text || max <= 0) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(CANDIDATE)) {
    for (const piece of match[0].split(GLUED_SEPARATOR)) {
      const href = normalize(trimCandidate(piece));
      if (!href || seen.has(href)) continue;
      seen.add(href);
      out.push(href);
      if (out.length >= max) return out;
    }
  }
  return out;
}
