/**
 * A bounded reader of a ZIP file's central directory (PKWARE APPNOTE 4.3.12 / 4.3.16, ZIP64 4.3.14–4.3.15).
 * It never inflates anything: detection and the zip-bomb guard only need names, sizes and attributes.
 */

export interface ZipEntry {
  name: string;
  /** Compression method (0 stored, 8 deflate, …). */
  method: number;
  /** General purpose flags (bit 0: encrypted, bit 11: UTF-8 name). */
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** High byte of "version made by": 3 = Unix, 0 = MS-DOS/FAT, … */
  hostSystem: number;
  externalAttributes: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

export class ZipTooManyEntriesError extends Error {
  constructor(readonly count: number) {
    super(`zip declares ${count} entries`);
    this.name = 'ZipTooManyEntriesError';
  }
}

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
export const SIG_LOCAL = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A 64-bit size as a number; sizes beyond 2^53 become Infinity (always over any cap). */
function u64(dv: DataView, offset: number): number {
  const v = dv.getBigUint64(offset, true);
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(v);
}

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

/**
 * Reads every central-directory entry. Throws ZipFormatError on a structure that does not add up,
 * ZipTooManyEntriesError when the directory declares more than `maxEntries` entries (checked before
 * reading any of them, so a directory of millions of entries costs nothing).
 */
export function readZipDirectory(bytes: Uint8Array, { maxEntries = 10_000 }: { maxEntries?: number } = {}): ZipEntry[] {
  const dv = view(bytes);
  const len = bytes.length;
  if (len < 22) throw new ZipFormatError('too short for an end of central directory record');

  // The EOCD record is the last 22 bytes, followed by a comment of up to 65,535 bytes.
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) === SIG_EOCD && i + 22 + dv.getUint16(i + 20, true) <= len) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory record');

  let total = dv.getUint16(eocd + 10, true);
  let cdSize = dv.getUint32(eocd + 12, true);
  let cdOffset = dv.getUint32(eocd + 16, true);

  if ((total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) && eocd >= 20) {
    const loc = eocd - 20;
    if (dv.getUint32(loc, true) === SIG_ZIP64_LOCATOR) {
      const z64 = u64(dv, loc + 8);
      if (!(z64 + 56 <= len) || dv.getUint32(z64, true) !== SIG_ZIP64_EOCD) {
        throw new ZipFormatError('bad zip64 end of central directory');
      }
      total = u64(dv, z64 + 32);
      cdSize = u64(dv, z64 + 40);
      cdOffset = u64(dv, z64 + 48);
    }
  }

  if (total > maxEntries) throw new ZipTooManyEntriesError(total);
  if (!(cdOffset + cdSize <= len)) throw new ZipFormatError('central directory out of bounds');
  // Every entry needs at least 46 bytes: a count that cannot fit is a lie.
  if (total * 46 > cdSize) throw new ZipFormatError('central directory smaller than its entry count');

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const end = cdOffset + cdSize;
  for (let n = 0; n < total; n++) {
    if (p + 46 > end || dv.getUint32(p, true) !== SIG_CENTRAL) throw new ZipFormatError(`bad central header #${n}`);
    const madeBy = dv.getUint16(p + 4, true);
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    let compressedSize = dv.getUint32(p + 20, true);
    let uncompressedSize = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const externalAttributes = dv.getUint32(p + 38, true);
    let localHeaderOffset = dv.getUint32(p + 42, true);
    const nameStart = p + 46;
    const extraStart = nameStart + nameLen;
    const next = extraStart + extraLen + commentLen;
    if (next > end) throw new ZipFormatError(`central header #${n} overruns the directory`);

    const rawName = bytes.subarray(nameStart, extraStart);
    const name = (flags & 0x0800 ? utf8 : isAscii(rawName) ? utf8 : latin1).decode(rawName);

    // ZIP64 extended information extra field (0x0001): only the fields saturated in the header follow.
    for (let x = extraStart; x + 4 <= extraStart + extraLen; ) {
      const id = dv.getUint16(x, true);
      const size = dv.getUint16(x + 2, true);
      const dataEnd = x + 4 + size;
      if (dataEnd > extraStart + extraLen) break;
      if (id === 0x0001) {
        let q = x + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= dataEnd) {
          uncompressedSize = u64(dv, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= dataEnd) {
          compressedSize = u64(dv, q);
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff && q + 8 <= dataEnd) localHeaderOffset = u64(dv, q);
      }
      x = dataEnd;
    }

    entries.push({
      name,
      method,
      flags,
      compressedSize,
      uncompressedSize,
      hostSystem: madeBy >>> 8,
      externalAttributes,
      localHeaderOffset,
    });
    p = next;
  }
  return entries;
}

function isAscii(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (b[i]! > 0x7f) return false;
  return true;
}

/** Offset of an entry's compressed data (after its local header), or throws ZipFormatError. */
export function entryDataOffset(bytes: Uint8Array, entry: ZipEntry): number {
  const dv = view(bytes);
  const p = entry.localHeaderOffset;
  if (!(p + 30 <= bytes.length) || dv.getUint32(p, true) !== SIG_LOCAL) {
    throw new ZipFormatError(`bad local header for ${entry.name}`);
  }
  const start = p + 30 + dv.getUint16(p + 26, true) + dv.getUint16(p + 28, true);
  if (!(start + entry.compressedSize <= bytes.length)) throw new ZipFormatError(`data of ${entry.name} out of bounds`);
  return start;
}
