/**
 * Reads the free-text 'links' field of the knowledge base. Merchants type links one per line, separated by spaces or
 * commas, with or without the scheme ("www.loja.com.br" or "loja.com.br/faq" → https://…), sometimes in a sentence
 * ("Veja https://loja.com.br/faq."). Only http/https URLs are read, normalised, deduplicated, in order; every line
 * (or piece of a line) that is not read is named with a pt-BR reason, so nothing the merchant typed is dropped
 * silently. This only picks candidates: each link is still vetted before any connection (vet.ts, ssrf.ts).
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { domainToUnicode } from 'node:url';
import { linkErrorMessage } from './errors';

/** How many links one knowledge base reads. */
export const MAX_LINKS = 20;
const MAX_URL_LENGTH = 2048;
/** What the report shows of a long line or link. */
const MAX_SHOWN = 200;
/** How many lines not read the report names; the rest are only counted (the field takes 10,000 characters). */
export const MAX_SKIPPED_SHOWN = 50;

/** Why a line, or a piece of it, is not read (pt-BR: shown to the merchant). */
export const SKIP_REASONS = {
  notWebAddress: 'Não é um endereço de site: escreva o endereço da página, como www.suaempresa.com.br/cardapio.',
  onlyHttp: 'Apenas links http:// e https:// são lidos.',
  blocked: linkErrorMessage('BLOCKED_ADDRESS'),
  invalid: 'Link inválido: verifique o endereço, como https://www.suaempresa.com.br/cardapio.',
  tooLong: 'Link longo demais: use no máximo 2.048 caracteres.',
  overLimit: `Só os primeiros ${MAX_LINKS} links são lidos: este ficou de fora.`,
} as const;

export type LinkEntry =
  | { kind: 'link'; url: string }
  | { kind: 'skipped'; text: string; reason: string }
  /** Lines not read beyond MAX_SKIPPED_SHOWN: only their number (always the last entry). */
  | { kind: 'more'; count: number };

/** The IANA top-level domains: a bare "name.tld" is a link only when its last label is one of them. */
const TOP_LEVEL_DOMAINS: ReadonlySet<string> = new Set(createRequire(import.meta.url)('tlds') as string[]);

/** "br", "com", and the internationalised ones the list spells in Unicode ("рф" for xn--p1ai). */
const isTopLevelDomain = (label: string) => TOP_LEVEL_DOMAINS.has(label.toLowerCase()) || TOP_LEVEL_DOMAINS.has(domainToUnicode(label));

const NOT_IN_URL = String.raw`[^\s<>"'\x60]`;
/** A host label (letters of any script, digits, inner hyphens). */
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
/**
 * A host without scheme ("loja.com.br", "café.com.br/menu"): labels, then a top-level-domain-like last label, not
 * followed by more of a word, an e-mail's "@" or another label; then an optional port and path.
 */
const BARE_DOMAIN = String.raw`(?:${LABEL}\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])(?::\d{1,5})?(?:[/?#]${NOT_IN_URL}*)?`;
/** A dotted-quad IPv4 address without scheme: read like a bare domain, so the SSRF guard judges it (vet.ts). */
const BARE_IPV4 = String.raw`(?:\d{1,3}\.){3}\d{1,3}(?![\p{L}\p{N}_@-]|\.[\p{L}\p{N}])(?::\d{1,5})?(?:[/?#]${NOT_IN_URL}*)?`;
/**
 * Candidates, not glued to a preceding word, e-mail or path: any "scheme://…", the scheme-only forms that are not
 * web pages (mailto:, javascript:…), "www.…", bare IPv4 addresses and bare domains.
 */
const CANDIDATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@./+-])(?:[a-z][a-z0-9+.-]*:\/\/${NOT_IN_URL}*|(?:mailto|javascript|vbscript|file):${NOT_IN_URL}+|www\.${NOT_IN_URL}+|${BARE_IPV4}|${BARE_DOMAIN})`,
  'giu',
);
/** Schemes written without "//" that are never web pages. */
const PSEUDO_SCHEME = /^(?:mailto|javascript|vbscript|file):/i;
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

type Normalized = { url: string } | { reason: string } | null;

/**
 * One candidate → its normalised URL, or why it is not read; null for a bare word that only looks like a domain
 * ("cardapio.pdf": no such top-level domain), which is then not a link at all.
 */
function normalize(candidate: string): Normalized {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(candidate)?.[1]?.toLowerCase();
  if (scheme ? scheme !== 'http' && scheme !== 'https' : PSEUDO_SCHEME.test(candidate)) return { reason: SKIP_REASONS.onlyHttp };
  const bare = !scheme && !/^www\./i.test(candidate);
  const withScheme = scheme ? candidate : `https://${candidate}`;
  if (withScheme.length > MAX_URL_LENGTH) return { reason: SKIP_REASONS.tooLong };
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return bare ? null : { reason: SKIP_REASONS.invalid };
  }
  const host = url.hostname;
  if (!host) return { reason: SKIP_REASONS.invalid };
  if (!host.startsWith('[')) {
    const labels = host.replace(/\.$/, '').split('.');
    if (labels.some((label) => label === '')) return { reason: SKIP_REASONS.invalid };
    // "localhost", "intranet": a name without a dot only means something inside a private network.
    if (labels.length < 2) return { reason: SKIP_REASONS.blocked };
    if (bare && isIP(host) === 0 && !isTopLevelDomain(labels.at(-1)!)) return null;
  }
  url.hash = '';
  return { url: url.href };
}

const shown = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

/**
 * Every non-empty line of the links field, in order, as the links it gives and what it holds that is not read.
 * A line with no link at all is reported whole (not a web address). Past `max` links, the next ones are reported
 * instead of read. Duplicates (after normalisation) are read once and not reported; the same problem is named once.
 * After MAX_SKIPPED_SHOWN problems, the others are only counted, in a last `more` entry.
 */
export function analyseLinks(text: string, max = MAX_LINKS): LinkEntry[] {
  const out: LinkEntry[] = [];
  const seen = new Set<string>();
  const reported = new Set<string>();
  let links = 0;
  let hidden = 0;
  const skip = (what: string, reason: string) => {
    const line = `${shown(what)}\u0000${reason}`;
    if (reported.has(line)) return;
    reported.add(line);
    if (reported.size > MAX_SKIPPED_SHOWN) hidden += 1;
    else out.push({ kind: 'skipped', text: shown(what), reason });
  };
  for (const raw of (text ?? '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    let found = false;
    for (const match of line.matchAll(CANDIDATE)) {
      for (const piece of match[0].split(GLUED_SEPARATOR)) {
        const candidate = trimCandidate(piece);
        if (!candidate) continue;
        const result = normalize(candidate);
        if (!result) continue;
        found = true;
        if ('reason' in result) {
          skip(candidate, result.reason);
        } else if (!seen.has(result.url)) {
          seen.add(result.url);
          if (links >= max) {
            skip(result.url, SKIP_REASONS.overLimit);
          } else {
            links += 1;
            out.push({ kind: 'link', url: result.url });
          }
        }
      }
    }
    if (!found) skip(line, SKIP_REASONS.notWebAddress);
  }
  if (hidden > 0) out.push({ kind: 'more', count: hidden });
  return out;
}

/** The links the field gives, normalised, deduplicated, in order, at most `max`. */
export function extractLinks(text: string, max = MAX_LINKS): string[] {
  if (!text || max <= 0) return [];
  return analyseLinks(text, max).flatMap((entry) => (entry.kind === 'link' ? [entry.url] : []));
}
