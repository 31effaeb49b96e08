import { Inflate } from 'fflate';
import { messages, ParseError } from './errors';
import {
  entryDataOffset,
  readZipDirectory,
  ZipFormatError,
  ZipTooManyEntriesError,
  type ZipEntry,
} from './zip';

export interface ZipGuardOptions {
  /** Sum of the declared uncompressed sizes of every entry. */
  maxTotalUncompressed?: number;
  maxEntries?: number;
  /** Largest uncompressed/compressed ratio allowed for one entry… */
  maxRatio?: number;
  /** …once that entry is bigger than this (tiny XML parts legitimately compress 300:1). */
  ratioMinBytes?: number;
}

const MB = 1024 * 1024;
const DEFAULTS: Required<ZipGuardOptions> = {
  maxTotalUncompressed: 200 * MB,
  maxEntries: 10_000,
  maxRatio: 200,
  ratioMinBytes: 1 * MB,
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const HOST_UNIX = 3;

/** True for names that could escape an extraction directory: `../`, `/abs`, `C:\`, `\\server`, NUL. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\0')) return true;
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[a-zA-Z]:/.test(n)) return true;
  return n.split('/').some((seg) => seg === '..');
}

export function isSymlinkEntry(e: Pick<ZipEntry, 'hostSystem' | 'externalAttributes'>): boolean {
  return e.hostSystem === HOST_UNIX && ((e.externalAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/**
 * Checks a DOCX/XLSX (or any ZIP) from its central directory alone, before any parser inflates it:
 * entry count, declared uncompressed total, per-entry compression ratio, path traversal, symlinks.
 * Throws ParseError (pt-BR) on the first violation; returns the entries otherwise.
 */
export function checkZipBomb(bytes: Uint8Array, options: ZipGuardOptions = {}): ZipEntry[] {
  const o = { ...DEFAULTS, ...options };
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, { maxEntries: o.maxEntries });
  } catch (e) {
    if (e instanceof ZipTooManyEntriesError) {
      throw new ParseError(messages.zipTooManyEntries, { detail: e.message });
    }
    if (e instanceof ZipFormatError) throw new ParseError(messages.zipCorrupt, { detail: e.message });
    throw e;
  }
  let total = 0;
  for (const e of entries) {
    if (isUnsafeEntryName(e.name)) throw new ParseError(messages.zipUnsafePath, { detail: `entry name ${JSON.stringify(e.name)}` });
    if (isSymlinkEntry(e)) throw new ParseError(messages.zipSymlink, { detail: `symlink entry ${JSON.stringify(e.name)}` });
    if (e.flags & 0x0001) throw new ParseError(messages.encrypted, { detail: `encrypted entry ${JSON.stringify(e.name)}` });
    total += e.uncompressedSize;
    if (!(total <= o.maxTotalUncompressed)) {
      throw new ParseError(messages.zipBomb, { detail: `declared uncompressed total ${total} > ${o.maxTotalUncompressed}` });
    }
    if (e.uncompressedSize > o.ratioMinBytes) {
      const ratio = e.compressedSize > 0 ? e.uncompressedSize / e.compressedSize : Number.POSITIVE_INFINITY;
      if (ratio > o.maxRatio) {
        throw new ParseError(messages.zipBomb, {
          detail: `entry ${JSON.stringify(e.name)} ratio ${ratio.toFixed(0)} > ${o.maxRatio}`,
        });
      }
    }
  }
  return entries;
}

/**
 * Declared sizes can lie: parsers (JSZip inside mammoth, SheetJS) inflate until the DEFLATE stream ends,
 * whatever the directory says. This inflates every entry once, in small slices, keeping nothing but a
 * byte count, and stops as soon as an entry produces more than it declared. Memory stays bounded by one
 * slice's output (≤ ~1,032 × the slice); time by the declared total the guard already capped.
 */
export function verifyZipEntrySizes(bytes: Uint8Array, entries: ZipEntry[]): void {
  const SLICE = 4096;
  for (const e of entries) {
    let start: number;
    try {
      start = entryDataOffset(bytes, e);
    } catch (err) {
      throw new ParseError(messages.zipCorrupt, { detail: (err as Error).message });
    }
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize) {
        throw new ParseError(messages.zipCorrupt, { detail: `stored entry ${e.name} sizes differ` });
      }
      continue;
    }
    if (e.method !== 8) continue; // the parser will refuse methods it cannot read
    let produced = 0;
    let overflow = false;
    const inflater = new Inflate((chunk) => {
      produced += chunk.length;
      if (produced > e.uncompressedSize) overflow = true;
    });
    const data = bytes.subarray(start, start + e.compressedSize);
    try {
      for (let i = 0; i < data.length && !overflow; i += SLICE) {
        const end = Math.min(i + SLICE, data.length);
        inflater.push(data.subarray(i, end), end === data.length);
      }
    } catch (err) {
      throw new ParseError(messages.zipCorrupt, { detail: `inflating ${e.name}: ${(err as Error).message}` });
    }
    if (overflow) {
      throw new ParseError(messages.zipBomb, {
        detail: `entry ${JSON.stringify(e.name)} inflates past its declared ${e.uncompressedSize} bytes`,
      });
    }
  }
}
