import { inflateRawSync } from "node:zlib";

/**
 * A zip archive's central directory, read without unpacking anything: what each entry says it unpacks to.
 * The import checks these sizes before it inflates a byte, so a zip bomb (a few kB that unpack into
 * gigabytes) is refused from its directory; `unpackEntry` then holds each entry to its declared size, so an
 * entry that lies about its size gets no further either. Entries are inflated by Node's zlib straight from
 * the uploaded bytes: nothing else is unpacked, and nothing twice.
 */

export type ZipEntry = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  isDirectory: boolean;
  /** 0 stored, 8 deflated: the only two an archive tool writes for pictures. */
  method: number;
  encrypted: boolean;
  crc32: number;
  localHeaderOffset: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;

/** Does it start like a zip (a local file header)? An .xlsx is one. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error("zip: size out of range");
  return Number(value);
}

/** Where the directory starts and how many entries it lists, from the end record (zip64 when it says so). */
function directoryLocation(bytes: Buffer, end: number): { offset: number; count: number } {
  let count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new Error("zip: no zip64 locator");
    const record = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) throw new Error("zip: bad zip64 record");
    count = safeNumber(bytes.readBigUInt64LE(record + 32));
    offset = safeNumber(bytes.readBigUInt64LE(record + 48));
  }
  return { offset, count };
}

type Sizes = { uncompressed: number; compressed: number; offset: number };

/** The real sizes and offset of an entry whose 32-bit fields say 0xffffffff, from its zip64 extra field (in that order). */
function zip64Sizes(extra: Buffer, sizes: Sizes): Sizes {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      for (const which of ["uncompressed", "compressed", "offset"] as const) {
        if (sizes[which] !== 0xffffffff || field + 8 > at + 4 + length) continue;
        sizes[which] = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
      }
    }
    at += 4 + length;
  }
  return sizes;
}

/**
 * Every entry the archive's directory lists, or null when it is no zip archive we can read (no end record, a
 * directory outside the file, more entries than `maxEntries`: the walk stops there).
 */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] | "tooManyEntries" | null {
  try {
    const end = findEndOfDirectory(bytes);
    if (end < 0) return null;
    const { offset, count } = directoryLocation(bytes, end);
    if (count > maxEntries) return "tooManyEntries";
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let index = 0; index < count; index += 1) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const nameLength = bytes.readUInt16LE(at + 28);
      const extraLength = bytes.readUInt16LE(at + 30);
      const commentLength = bytes.readUInt16LE(at + 32);
      const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
      const extra = bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const sizes = zip64Sizes(extra, {
        compressed: bytes.readUInt32LE(at + 20),
        uncompressed: bytes.readUInt32LE(at + 24),
        offset: bytes.readUInt32LE(at + 42),
      });
      entries.push({
        name,
        compressedSize: sizes.compressed,
        uncompressedSize: sizes.uncompressed,
        isDirectory: name.endsWith("/"),
        method: bytes.readUInt16LE(at + 10),
        encrypted: (bytes.readUInt16LE(at + 8) & 1) === 1,
        crc32: bytes.readUInt32LE(at + 16),
        localHeaderOffset: sizes.offset,
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch {
    return null;
  }
}

/** The limits an archive's directory must keep before anything in it is unpacked. */
export type UnpackLimits = { maxTotalBytes: number; maxEntryBytes: number };

/** Would unpacking it all (or any one entry) go past the limits? Decided from the directory alone. */
export function unpacksTooLarge(entries: readonly ZipEntry[], limits: UnpackLimits): boolean {
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize > limits.maxEntryBytes) return true;
    total += entry.uncompressedSize;
  }
  return total > limits.maxTotalBytes;
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

/** The zip's checksum of unpacked bytes (zlib.crc32 would do, but only from Node 20.15; we promise 20.9). */
function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (let index = 0; index < bytes.length; index += 1) crc = CRC_TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/**
 * One entry's bytes, or null when it cannot be had as its directory describes it: a local header that is not
 * where the directory says, an encrypted entry or an unknown method, data that inflates past its declared
 * size (a lying zip bomb: inflating stops there) or to other bytes than its checksum says.
 */
export function unpackEntry(archive: Buffer, entry: ZipEntry): Buffer | null {
  const header = entry.localHeaderOffset;
  if (entry.encrypted || header + 30 > archive.length || archive.readUInt32LE(header) !== LOCAL_HEADER) return null;
  const start = header + 30 + archive.readUInt16LE(header + 26) + archive.readUInt16LE(header + 28);
  if (start + entry.compressedSize > archive.length) return null;
  const data = archive.subarray(start, start + entry.compressedSize);
  let unpacked: Buffer;
  if (entry.method === STORED) unpacked = data;
  else if (entry.method === DEFLATED) {
    try {
      // In one go: a picture inflates in well under a millisecond a megabyte, less than the round trips to a
      // thread would cost. zlib refuses a limit of 0; one byte more than declared is refused below all the same.
      const size = Math.max(1, entry.uncompressedSize);
      unpacked = inflateRawSync(data, { maxOutputLength: size, chunkSize: Math.max(64, Math.min(size, 1024 * 1024)) });
    } catch {
      return null;
    }
  } else return null;
  if (unpacked.byteLength !== entry.uncompressedSize || crc32(unpacked) !== entry.crc32) return null;
  return unpacked;
}
