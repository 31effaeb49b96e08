/**
 * Text decoding for TXT and CSV: UTF-8 (BOM stripped), UTF-16 with a BOM (Notepad's "Unicode"), and
 * Windows-1252 for everything that is not valid UTF-8 (what Excel and Notepad write in Brazil).
 */

/** Windows-1252 0x80–0x9F (the rest of the byte range is Latin-1). Undefined bytes map to C1 controls (WHATWG). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const CHUNK = 8192;
  let out = '';
  const codes = new Array<number>(CHUNK);
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const n = Math.min(CHUNK, bytes.length - i);
    codes.length = n;
    for (let j = 0; j < n; j++) {
      const b = bytes[i + j]!;
      codes[j] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function bomEncoding(bytes: Uint8Array): { encoding: TextEncoding; bomLength: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return null;
}

/** Whether `bytes` is valid UTF-8; with `partial`, a sequence cut at the end is tolerated (a prefix of a file). */
export function isValidUtf8(bytes: Uint8Array, partial = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/** Decodes a whole text file; returns the text (BOM removed, line endings normalized to \n) and the encoding used. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const bom = bomEncoding(bytes);
  let text: string;
  let encoding: TextEncoding;
  if (bom && bom.encoding !== 'utf-8') {
    encoding = bom.encoding;
    text = new TextDecoder(bom.encoding).decode(bytes.subarray(bom.bomLength));
  } else {
    const body = bom ? bytes.subarray(bom.bomLength) : bytes;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
      encoding = 'utf-8';
    } catch {
      text = decodeWindows1252(body);
      encoding = 'windows-1252';
    }
  }
  return { text: text.replace(/\r\n?/g, '\n'), encoding };
}
