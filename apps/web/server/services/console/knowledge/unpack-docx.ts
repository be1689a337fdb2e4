import { inflateRawSync } from "node:zlib";
import { consoleLimits } from "@jai/contracts/console";
import { IngestionError } from "./ingestion-error";
import { writeZip, zipSignatures } from "./write-zip";

export type UnpackLimits = {
  /** What the text parts may inflate to, all together. */
  maxUnpackedBytes: number;
  /** Unpacked ÷ packed size of one part over `ratioFloorBytes`. */
  maxCompressionRatio: number;
};

const defaultLimits: UnpackLimits = {
  maxUnpackedBytes: consoleLimits.knowledgeUnpackedBytes,
  maxCompressionRatio: consoleLimits.knowledgeCompressionRatio,
};

// Small parts may pack very well (a styles.xml of repeated defaults): only big ones are judged.
const ratioFloorBytes = 1024 * 1024;
const maxParts = 2_000;

/**
 * A DOCX's text parts (every `.xml` and `.rels` entry) as a new, uncompressed ZIP for mammoth,
 * unpacked under limits: the central directory is read here, the declared sizes and compression
 * ratios are checked before anything is inflated, and each part is inflated with zlib's
 * `maxOutputLength` set to its declared size, so a ZIP that lies about a size stops there.
 * Pictures and other media are dropped without being inflated (text extraction never reads
 * them). Mammoth itself (through JSZip) would inflate any part it reads whatever its size.
 * Throws IngestionError: "too_large_unpacked" past a limit, "corrupt_file" for a broken ZIP,
 * "unsupported" for an encrypted one.
 */
export function unpackDocx(bytes: Uint8Array, limits: UnpackLimits = defaultLimits): Uint8Array {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const entries = readCentralDirectory(zip).filter((entry) => /\.(xml|rels)$/i.test(entry.name));
  // Word writes a few dozen parts; tens of thousands of tiny ones is a way to make work.
  if (entries.length > maxParts) throw new IngestionError("too_large_unpacked");
  let declared = 0;
  for (const entry of entries) {
    declared += entry.size;
    const isBomb =
      entry.size > ratioFloorBytes && entry.size > entry.packedSize * limits.maxCompressionRatio;
    if (declared > limits.maxUnpackedBytes || isBomb)
      throw new IngestionError("too_large_unpacked");
  }
  const parts = entries.map((entry) => ({ name: entry.name, data: inflateEntry(zip, entry) }));
  // Stored, not packed again: JSZip opens it without inflating anything.
  return writeZip(parts);
}

type Entry = {
  name: string;
  flags: number;
  method: number;
  packedSize: number;
  size: number;
  localOffset: number;
};

const signatures = { ...zipSignatures, zip64Locator: 0x07064b50, zip64End: 0x06064b50 };
const u32Max = 0xffffffff;

function corrupt(): never {
  throw new IngestionError("corrupt_file");
}

function readCentralDirectory(zip: Buffer): Entry[] {
  // The end record is last, after a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === signatures.end) {
      end = at;
      break;
    }
  }
  if (end < 0) corrupt();
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === u32Max) {
    // ZIP64: the real figures are in the ZIP64 end record the locator points to.
    const locator = end - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== signatures.zip64Locator) corrupt();
    const end64 = safeNumber(zip.readBigUInt64LE(locator + 8));
    if (end64 + 56 > zip.length || zip.readUInt32LE(end64) !== signatures.zip64End) corrupt();
    count = safeNumber(zip.readBigUInt64LE(end64 + 32));
    offset = safeNumber(zip.readBigUInt64LE(end64 + 48));
  }
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== signatures.central) corrupt();
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const nameStart = offset + 46;
    if (nameStart + nameLength + extraLength > zip.length) corrupt();
    const entry: Entry = {
      name: zip.toString("utf8", nameStart, nameStart + nameLength),
      flags: zip.readUInt16LE(offset + 8),
      method: zip.readUInt16LE(offset + 10),
      packedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
    };
    readZip64Extra(
      zip.subarray(nameStart + nameLength, nameStart + nameLength + extraLength),
      entry,
    );
    // JSZip (and so mammoth) keeps the first of two entries with one name.
    if (!seen.has(entry.name)) {
      seen.add(entry.name);
      entries.push(entry);
    }
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offset that did not fit in 32 bits are in the ZIP64 extra field (id 1), in order. */
function readZip64Extra(extra: Buffer, entry: Entry): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) corrupt();
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === u32Max) entry.size = next();
      if (entry.packedSize === u32Max) entry.packedSize = next();
      if (entry.localOffset === u32Max) entry.localOffset = next();
      return;
    }
    at += 4 + length;
  }
}

function safeNumber(value: bigint): number {
  // No file we accept (10 MB) has offsets or sizes near 2^53: such a figure is a lie.
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new IngestionError("too_large_unpacked");
  return Number(value);
}

function inflateEntry(zip: Buffer, entry: Entry): Buffer {
  if (entry.flags & 1) throw new IngestionError("unsupported");
  const local = entry.localOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== signatures.local) corrupt();
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + entry.packedSize > zip.length) corrupt();
  const packed = zip.subarray(start, start + entry.packedSize);
  if (entry.method === 0) {
    if (entry.packedSize !== entry.size) corrupt();
    return packed;
  }
  if (entry.method !== 8) corrupt();
  try {
    // Inflating stops at the declared size: more than that is a ZIP lying about its content.
    return inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_BUFFER_TOO_LARGE") {
      throw new IngestionError("too_large_unpacked", { cause: error });
    }
    throw new IngestionError("corrupt_file", { cause: error });
  }
}
