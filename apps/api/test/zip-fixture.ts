import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFixtureEntry {
  name: string;
  data: Buffer;
  /** How many entries (named `<n>-<name>`) share this content; compressed once. */
  copies?: number;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: number;
}

/**
 * A ZIP written by hand (deflate, no data descriptors), so tests can build archives that expand to
 * hundreds of MB, or lie about their sizes, from a few MB of memory.
 */
export function makeZip(entries: ZipFixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const copies = entry.copies ?? 1;
    for (let copy = 0; copy < copies; copy++) {
      const name = Buffer.from(copies === 1 ? entry.name : `${copy}-${entry.name}`);
      const size = entry.declaredSize ?? entry.data.length;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(compressed.length, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      locals.push(local, name, compressed);
      central.push(header, name);
      offset += local.length + name.length + compressed.length;
      count += 1;
    }
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `bytes` of data that deflates about 50 to 1: every 128th byte pseudo-random (xorshift), zeros between. */
export function compressibleData(bytes: number, seed = 0x9e3779b9): Buffer {
  const data = Buffer.alloc(bytes);
  let x = seed >>> 0 || 1;
  for (let at = 0; at < bytes; at += 128) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    data[at] = x & 0xff;
  }
  return data;
}
