/** Decoding a page's bytes into text: Content-Type, BOM, charset labels and <meta charset>. */
import { TextDecoder } from 'node:util';
import { bomEncoding, decodeWindows1252 } from '../parsers';

export function parseContentType(header: string | undefined): { mime: string; charset: string | null } {
  if (!header) return { mime: '', charset: null };
  const [type, ...params] = header.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
    if (m) charset = m[1].toLowerCase();
  }
  return { mime: type.trim().toLowerCase(), charset };
}

function decoderLabel(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

// 'windows-1252' (which WHATWG maps latin1, iso-8859-1 and ascii to) goes through the parsers' table-based
// decoder, as uploaded text files do: TextDecoder's result depends on the Node build's ICU (Node 20, and builds
// without full ICU, decode it as plain ISO-8859-1: 0x93 becomes U+0093 instead of “).
function decodeWith(decoder: TextDecoder, body: Buffer): string {
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
}

/** Decodes the body: BOM, then Content-Type charset, then <meta charset> (HTML), then UTF-8. */
export function decodeBody(body: Buffer, contentTypeCharset: string | null, isHtml: boolean): string {
  const bom = bomEncoding(body);
  if (bom) return new TextDecoder(bom.encoding).decode(body.subarray(bom.bomLength));

  let decoder = decoderLabel(contentTypeCharset);
  if (!decoder && isHtml) {
    // <meta charset="x"> or <meta http-equiv="Content-Type" content="text/html; charset=x"> in the prescan window.
    const head = body.subarray(0, 4096).toString('latin1');
    const m = /<meta\b[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.()-]+)/i.exec(head);
    decoder = decoderLabel(m ? m[1] : null);
    // HTML spec: a meta-declared UTF-16 on an ASCII-compatible prescan means UTF-8.
    if (decoder && decoder.encoding.startsWith('utf-16')) decoder = null;
  }
  return decodeWith(decoder ?? new TextDecoder('utf-8'), body);
}
