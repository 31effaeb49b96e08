/**
 * docs/product.md §5 link rule for markdown in chat: http, https, mailto, tel, relative
 * paths starting with / or #, or a colon only after ? or #. Anything else
 * (javascript:, data:, vbscript:, obfuscated schemes) becomes null: rendered
 * as a harmless link with no target.
 */
const SAFE_PROTOCOL = /^(https?|mailto|tel)$/i;

export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  // Browsers ignore ASCII control characters and whitespace inside schemes ("java\tscript:").
  const value = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!value) return null;
  const colon = value.indexOf(':');
  const question = value.indexOf('?');
  const hash = value.indexOf('#');
  const slash = value.indexOf('/');
  if (
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (question !== -1 && colon > question) ||
    (hash !== -1 && colon > hash)
  ) {
    // No scheme: a relative reference. Only paths from the root or fragments are allowed.
    if (value.startsWith('//')) return null; // protocol-relative: another host
    if (value.startsWith('/') || value.startsWith('#') || value.startsWith('?')) return url.trim();
    return null;
  }
  return SAFE_PROTOCOL.test(value.slice(0, colon)) ? url.trim() : null;
}
