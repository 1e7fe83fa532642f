import { Inflate } from 'fflate';

/*
 * A zip reader that trusts nothing the archive says about itself: the central directory is read by
 * hand (names, declared sizes, CRC-32, where each entry's data lies), entries whose bytes overlap
 * are refused (the "many entries, one data block" bomb), and each entry is inflated as a stream
 * (fflate's Inflate, in small input chunks) that stops the moment it passes the entry's declared
 * size or the archive's expanded-size budget, then checks the size and CRC-32 it actually got. The
 * caller's `pause` runs between chunks so the Worker keeps answering other requests while a large
 * package is checked.
 */

export type ZipProblem = 'broken' | 'overlap' | 'sizeMismatch' | 'badCrc' | 'tooLarge' | 'tooMany';

/** Why an archive was refused, and the entry it concerns (when there is one). */
export class ZipRefusal extends Error {
  constructor(
    readonly problem: ZipProblem,
    readonly entry = '',
  ) {
    super(`zip ${problem}${entry ? `: ${entry}` : ''}`);
  }
}

export interface ZipEntry {
  /** As written in the archive (UTF-8 when flagged, else byte per character, as fflate reads it). */
  name: string;
  /** The declared (uncompressed) size, from the central directory. */
  size: number;
  compressedSize: number;
  crc: number;
  method: number;
  /** Where the entry's compressed bytes start and end (end exclusive). */
  dataStart: number;
  dataEnd: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
/** A 64-bit field, refused past 2^53 (no archive we accept is anywhere near). */
const u64 = (b: Uint8Array, at: number) => {
  const high = u32(b, at + 4);
  if (high > 0x1fffff) throw new ZipRefusal('broken');
  return high * 0x100000000 + u32(b, at);
};

function findEnd(zip: Uint8Array): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(zip, at) === EOCD) return at;
  }
  throw new ZipRefusal('broken');
}

const utf8 = new TextDecoder('utf-8');
const decodeName = (bytes: Uint8Array, flags: number) =>
  flags & 0x800 ? utf8.decode(bytes) : Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/**
 * The archive's entries as the central directory declares them, each checked against the bytes:
 * its local header is where it says, its data lies before the directory, and no two entries' bytes
 * overlap. More than `maxEntries` entries is refused before any is read.
 */
export function readDirectory(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  if (zip.length < 22) throw new ZipRefusal('broken');
  const end = findEnd(zip);
  let count = u16(zip, end + 10);
  let dirSize = u32(zip, end + 12);
  let dirOffset = u32(zip, end + 16);
  if (count === 0xffff || dirSize === MAX32 || dirOffset === MAX32) {
    const locator = end - 20;
    if (locator < 0 || u32(zip, locator) !== ZIP64_LOCATOR) throw new ZipRefusal('broken');
    const record = u64(zip, locator + 8);
    if (record + 56 > zip.length || u32(zip, record) !== ZIP64_EOCD) throw new ZipRefusal('broken');
    count = u64(zip, record + 32);
    dirSize = u64(zip, record + 40);
    dirOffset = u64(zip, record + 48);
  }
  if (count > maxEntries) throw new ZipRefusal('tooMany');
  if (dirOffset + dirSize > zip.length) throw new ZipRefusal('broken');

  const entries: (ZipEntry & { headerStart: number })[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== CENTRAL) throw new ZipRefusal('broken');
    const flags = u16(zip, at + 8);
    const nameLength = u16(zip, at + 28);
    const extraLength = u16(zip, at + 30);
    const next = at + 46 + nameLength + extraLength + u16(zip, at + 32);
    if (next > zip.length) throw new ZipRefusal('broken');
    const name = decodeName(zip.subarray(at + 46, at + 46 + nameLength), flags);
    let size = u32(zip, at + 24);
    let compressedSize = u32(zip, at + 20);
    let headerStart = u32(zip, at + 42);
    if (size === MAX32 || compressedSize === MAX32 || headerStart === MAX32) {
      // The zip64 extra field holds, in this order, only the values the fixed fields could not.
      const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      let field = 0;
      while (field + 4 <= extra.length && u16(extra, field) !== 1) field += 4 + u16(extra, field + 2);
      if (field + 4 > extra.length) throw new ZipRefusal('broken', name);
      let value = field + 4;
      const take = () => {
        if (value + 8 > extra.length) throw new ZipRefusal('broken', name);
        value += 8;
        return u64(extra, value - 8);
      };
      if (size === MAX32) size = take();
      if (compressedSize === MAX32) compressedSize = take();
      if (headerStart === MAX32) headerStart = take();
    }
    // Encrypted entries cannot be checked, nor played.
    if (flags & 1) throw new ZipRefusal('broken', name);
    if (headerStart + 30 > zip.length || u32(zip, headerStart) !== LOCAL) throw new ZipRefusal('broken', name);
    const dataStart = headerStart + 30 + u16(zip, headerStart + 26) + u16(zip, headerStart + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > dirOffset) throw new ZipRefusal('broken', name);
    entries.push({
      name,
      size,
      compressedSize,
      crc: u32(zip, at + 16),
      method: u16(zip, at + 10),
      dataStart,
      dataEnd,
      headerStart,
    });
    at = next;
  }
  // Each entry's header and data must end before the next entry's header begins: two entries
  // reading one block of data is how a small archive claims many large files.
  const byPlace = [...entries].sort((a, b) => a.headerStart - b.headerStart);
  for (let i = 1; i < byPlace.length; i++) {
    if (byPlace[i].headerStart < byPlace[i - 1].dataEnd) throw new ZipRefusal('overlap', byPlace[i].name);
  }
  return entries.map(({ headerStart: _, ...entry }) => entry);
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** Expanded bytes the whole archive may still produce; shared by every entry read. */
export interface ZipBudget {
  left: number;
}

/** How much work (input plus output bytes) runs between two pauses. */
const WORK_BETWEEN_PAUSES = 1024 * 1024;

/**
 * Inflates one entry, checked: refused the moment its output passes its declared size or the
 * budget, and at the end unless the size and CRC-32 match what the directory declared. Returns the
 * bytes when `keep`, else an empty array (a checking pass need not hold the files).
 */
export async function readEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: ZipBudget,
  pause: () => Promise<void>,
  keep: boolean,
): Promise<Uint8Array> {
  if (entry.size > budget.left) throw new ZipRefusal('tooLarge', entry.name);
  const out = keep ? new Uint8Array(entry.size) : new Uint8Array(0);
  let produced = 0;
  let crc = 0;
  let sincePause = 0;
  const take = (chunk: Uint8Array) => {
    if (produced + chunk.length > entry.size) throw new ZipRefusal('sizeMismatch', entry.name);
    if (chunk.length > budget.left) throw new ZipRefusal('tooLarge', entry.name);
    budget.left -= chunk.length;
    crc = crc32(crc, chunk);
    if (keep) out.set(chunk, produced);
    produced += chunk.length;
    sincePause += chunk.length;
  };
  const data = zip.subarray(entry.dataStart, entry.dataEnd);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipRefusal('sizeMismatch', entry.name);
    for (let at = 0; at < data.length; at += WORK_BETWEEN_PAUSES / 4) {
      take(data.subarray(at, at + WORK_BETWEEN_PAUSES / 4));
      await pause();
    }
  } else if (entry.method === 8) {
    const inflate = new Inflate((chunk) => take(chunk));
    // Deflate expands at most about 1,032 to 1: small input chunks bound what one push can produce
    // (1 KB in can give 1 MB out) before the size check sees it; larger ones only for entries
    // declared large, where the output is allowed anyway.
    const step = entry.size < 4 * 1024 * 1024 ? 1024 : 4096;
    for (let at = 0; at < data.length; at += step) {
      const chunk = data.subarray(at, at + step);
      try {
        inflate.push(chunk, at + step >= data.length);
      } catch (error) {
        if (error instanceof ZipRefusal) throw error;
        throw new ZipRefusal('broken', entry.name);
      }
      sincePause += chunk.length;
      if (sincePause >= WORK_BETWEEN_PAUSES) {
        sincePause = 0;
        await pause();
      }
    }
    if (data.length === 0) throw new ZipRefusal('broken', entry.name);
  } else {
    throw new ZipRefusal('broken', entry.name);
  }
  if (produced !== entry.size) throw new ZipRefusal('sizeMismatch', entry.name);
  if (crc !== entry.crc) throw new ZipRefusal('badCrc', entry.name);
  return out;
}
