import { crc32 } from "node:zlib";

export const zipSignatures = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50 };

export type ZipPart = {
  name: string;
  /** The entry's bytes as stored: as they are (method 0), or raw-deflated (method 8). */
  data: Uint8Array;
  /** 0 stored (the default), 8 deflated. */
  method?: 0 | 8;
  /** The unpacked size and CRC-32 (given for a deflated part; computed for a stored one). */
  size?: number;
  crc?: number;
};

/**
 * A ZIP of the given parts, without ZIP64 (sizes and offsets under 4 GiB). Stored parts make the
 * text-only DOCX handed to mammoth; deflated ones with given sizes make the tests' zip bombs.
 */
export function writeZip(parts: readonly ZipPart[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const method = part.method ?? 0;
    const size = part.size ?? part.data.length;
    const crc = part.crc ?? crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(zipSignatures.local, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // the name is UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(zipSignatures.central, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(zipSignatures.end, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}
