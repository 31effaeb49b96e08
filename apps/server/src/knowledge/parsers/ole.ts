/**
 * A bounded reader of the directory of an OLE2 compound file ([MS-CFB]): enough to tell a Word 97
 * document (`WordDocument` stream) from an Excel workbook (`Workbook`/`Book`) or a password-protected
 * Office 2007+ file (`EncryptedPackage`) without reading any stream. Every chain is walked with a
 * visited set and hard caps, so a crafted file cannot loop or allocate.
 */

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MAX_REG_SECT = 0xfffffffa;
const MAX_ENTRIES = 100_000;

export function isOle(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

export interface OleEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root */
  type: number;
}

/** The directory entries of an OLE2 file, or null when its structure is broken. */
export function readOleDirectory(bytes: Uint8Array): OleEntry[] | null {
  if (!isOle(bytes) || bytes.length < 512) return null;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = dv.getUint16(30, true);
  if (shift !== 9 && shift !== 12) return null;
  const ss = 1 << shift;
  const perSector = ss / 4;
  const sectorCount = Math.floor((bytes.length - ss) / ss) + 1;
  const sectorOffset = (sid: number) => (sid + 1) * ss;
  const inFile = (sid: number) => sid < MAX_REG_SECT && sectorOffset(sid) + ss <= bytes.length + (ss - 1);
  const u32 = (off: number) => (off + 4 <= bytes.length ? dv.getUint32(off, true) : 0xffffffff);

  const numFat = dv.getUint32(44, true);
  const dirStart = dv.getUint32(48, true);
  if (numFat > sectorCount) return null;

  // FAT sector ids: 109 in the header, the rest along the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < numFat; i++) fatSectors.push(dv.getUint32(76 + i * 4, true));
  let difat = dv.getUint32(68, true);
  const seenDifat = new Set<number>();
  while (fatSectors.length < numFat && difat < MAX_REG_SECT) {
    if (seenDifat.has(difat) || !inFile(difat)) return null;
    seenDifat.add(difat);
    const base = sectorOffset(difat);
    for (let i = 0; i < perSector - 1 && fatSectors.length < numFat; i++) fatSectors.push(u32(base + i * 4));
    difat = u32(base + (perSector - 1) * 4);
  }

  const nextSector = (sid: number): number => {
    const fs = fatSectors[Math.floor(sid / perSector)];
    if (fs === undefined || !inFile(fs)) return 0xffffffff;
    return u32(sectorOffset(fs) + (sid % perSector) * 4);
  };

  const entries: OleEntry[] = [];
  const seen = new Set<number>();
  for (let sid = dirStart; sid < MAX_REG_SECT; sid = nextSector(sid)) {
    if (seen.has(sid) || !inFile(sid) || seen.size > sectorCount) return null;
    seen.add(sid);
    const base = sectorOffset(sid);
    for (let off = base; off + 128 <= Math.min(base + ss, bytes.length); off += 128) {
      const type = bytes[off + 66]!;
      if (type !== 1 && type !== 2 && type !== 5) continue;
      const nameLen = Math.min(dv.getUint16(off + 64, true), 64);
      let name = '';
      for (let i = 0; i + 1 < nameLen - 1; i += 2) name += String.fromCharCode(dv.getUint16(off + i, true));
      entries.push({ name, type });
      if (entries.length > MAX_ENTRIES) return null;
    }
  }
  return entries.length ? entries : null;
}

export function oleHasStream(entries: OleEntry[], ...names: string[]): boolean {
  const wanted = names.map((n) => n.toLowerCase());
  return entries.some((e) => e.type === 2 && wanted.includes(e.name.toLowerCase()));
}
