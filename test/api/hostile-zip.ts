import { deflateSync, strToU8 } from 'fflate';

/**
 * Hand-made zip archives that lie: each entry says what its central directory record declares
 * (size, CRC-32) whatever its data is, and an entry may point at another entry's data. The test
 * writes them byte by byte because no honest zip library produces them.
 */
export interface HostileEntry {
  name: string;
  /** The entry's real content (deflated unless `stored`). */
  data?: Uint8Array;
  /** Re-use the data block (local header) of the entry with this name instead of writing one. */
  sharesDataOf?: string;
  /** Declared uncompressed size; the real size when left out. */
  declaredSize?: number;
  /** Declared CRC-32; the real one when left out. */
  declaredCrc?: number;
  stored?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

class Writer {
  private parts: Uint8Array[] = [];
  length = 0;
  bytes(b: Uint8Array) {
    this.parts.push(b);
    this.length += b.length;
  }
  u16(n: number) {
    this.bytes(new Uint8Array([n & 0xff, (n >>> 8) & 0xff]));
  }
  u32(n: number) {
    this.bytes(new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]));
  }
  done() {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

export function hostileZip(entries: HostileEntry[]): Uint8Array {
  const w = new Writer();
  const records: { name: Uint8Array; method: number; crc: number; csize: number; size: number; offset: number }[] = [];
  const blocks = new Map<string, { offset: number; method: number; csize: number }>();
  // Many entries may carry the same content: deflated once.
  const deflated = new Map<Uint8Array, Uint8Array>();
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const data = entry.data ?? new Uint8Array(0);
    const size = entry.declaredSize ?? data.length;
    const crc = entry.declaredCrc ?? crc32(data);
    const shared = entry.sharesDataOf ? blocks.get(entry.sharesDataOf) : undefined;
    if (shared) {
      records.push({ name, method: shared.method, crc, csize: shared.csize, size, offset: shared.offset });
      continue;
    }
    const method = entry.stored ? 0 : 8;
    const packed = entry.stored ? data : (deflated.get(data) ?? deflateSync(data));
    deflated.set(data, packed);
    const offset = w.length;
    w.u32(0x04034b50);
    w.u16(20);
    w.u16(0x800);
    w.u16(method);
    w.u32(0);
    w.u32(crc);
    w.u32(packed.length);
    w.u32(size);
    w.u16(name.length);
    w.u16(0);
    w.bytes(name);
    w.bytes(packed);
    blocks.set(entry.name, { offset, method, csize: packed.length });
    records.push({ name, method, crc, csize: packed.length, size, offset });
  }
  const dirOffset = w.length;
  for (const r of records) {
    w.u32(0x02014b50);
    w.u16(20);
    w.u16(20);
    w.u16(0x800);
    w.u16(r.method);
    w.u32(0);
    w.u32(r.crc);
    w.u32(r.csize);
    w.u32(r.size);
    w.u16(r.name.length);
    w.u16(0);
    w.u16(0);
    w.u16(0);
    w.u16(0);
    w.u32(0);
    w.u32(r.offset);
    w.bytes(r.name);
  }
  const dirSize = w.length - dirOffset;
  w.u32(0x06054b50);
  w.u16(0);
  w.u16(0);
  w.u16(records.length);
  w.u16(records.length);
  w.u32(dirSize);
  w.u32(dirOffset);
  w.u16(0);
  return w.done();
}
