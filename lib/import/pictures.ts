import type { Said } from "@/lib/errors";
import { imageSha256, type NormalisedImage, type StoredImage } from "@/lib/images/store";
import { decodeUploadedImage, type ImageKind } from "@/lib/images/upload";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import type { ImportSheet } from "@/shared/contracts/import";
import { text } from "@/shared/i18n/text";
import { decodedRecently, rememberDecoded } from "./decoded-recently";
import { letOthersRun } from "./event-loop";
import { type ImportProblem, ImportRefused } from "./problem";
import { readZipDirectory, unpackEntry, unpacksTooLarge, type ZipEntry } from "./zip-directory";

const MB = 1024 * 1024;
/** The archive as uploaded (server-behaviour.md: 50 MB). */
export const MAX_PICTURES_BYTES = 50 * MB;
/**
 * What its directory may say it unpacks to. Pictures are compressed already, so a real archive unpacks to
 * about its own size; twice the upload's cap is generous, and a bomb's gigabytes are far past it.
 */
const MAX_UNPACKED = { maxTotalBytes: 2 * MAX_PICTURES_BYTES, maxEntryBytes: 2 * MAX_PICTURES_BYTES };
const MAX_ENTRIES = 5000;
/**
 * Pictures decoded at once, on libuv's four threads: this machine class has two cores, and a picture's trip
 * through sharp leaves its thread idle part of the time (400 photos: 4.9-5.2 ms each two at a time, 4.1-4.4
 * three at a time, 3.6 four at a time). Three keep both cores busy and leave one thread for the server's
 * other work (files, hashing passwords).
 */
const DECODING_AT_ONCE = 3;
/** How long unpacking may keep the event loop before a visitor's request gets a turn. */
const BLOCKING_AT_MOST_MS = 10;

/**
 * A row's picture, named by the hash of its stored bytes: decoded now (stored with the import), or stored
 * before from the very same file (nothing to decode or store).
 */
export type Picture = { sha256: string } & ({ decoded: NormalisedImage } | { storedId: number });
/** The images stored before from these source bytes (by their hashes). */
type StoredFrom = (sourceSha256s: string[]) => Promise<Map<string, StoredImage>>;
/** A row's picture: the file its `image` cell names, and the limits of the kind of row it is for. */
export type PictureUse = { sheet: ImportSheet; row: number; name: string; kind: ImageKind };

const KIND_LIMIT_MB = (kind: ImageKind) => IMAGE_LIMITS[kind].maxBytes / MB;
const lookupName = (name: string) => name.normalize("NFC").toLowerCase();
const baseName = (name: string) => name.slice(name.lastIndexOf("/") + 1);

/**
 * The archive's entries by name, after its directory passed: at most 5,000 files that together unpack to no
 * more than 100 MB. Nothing is unpacked here. A cell names a file by its path in the archive or by its name
 * alone, in any case.
 */
function openArchive(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.byteLength > MAX_PICTURES_BYTES)
    throw ImportRefused.file("images", text("errors.import.imagesTooLarge", { mb: MAX_PICTURES_BYTES / MB }));
  const directory = readZipDirectory(bytes, MAX_ENTRIES);
  if (directory === null) throw ImportRefused.file("images", text("errors.import.imagesNotZip"));
  if (directory === "tooManyEntries") throw ImportRefused.file("images", text("errors.import.imagesTooManyFiles", { max: MAX_ENTRIES }));
  if (unpacksTooLarge(directory, MAX_UNPACKED)) {
    throw ImportRefused.file("images", text("errors.import.zipBomb", { mb: MAX_UNPACKED.maxTotalBytes / MB }));
  }
  const entries = new Map<string, ZipEntry>();
  for (const entry of directory) {
    if (entry.isDirectory || baseName(entry.name).startsWith(".") || entry.name.startsWith("__MACOSX/")) continue;
    entries.set(lookupName(entry.name), entry);
    if (!entries.has(lookupName(baseName(entry.name)))) entries.set(lookupName(baseName(entry.name)), entry);
  }
  return entries;
}

async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(DECODING_AT_ONCE, items.length) }, worker));
}

type SourceFile = { bytes: Buffer; sha256: string };

/**
 * The named files' bytes and their hashes: null for one that cannot be unpacked, none at all for one larger
 * than any row may have. Unpacking and hashing run on the event loop, so it is given back every few ms.
 */
async function unpackFiles(archive: Buffer, entries: Map<string, ZipEntry>, names: string[]): Promise<Map<string, SourceFile | null>> {
  const files = new Map<string, SourceFile | null>();
  let slice = performance.now();
  for (const name of names) {
    if (performance.now() - slice > BLOCKING_AT_MOST_MS) {
      await letOthersRun();
      slice = performance.now();
    }
    const entry = entries.get(name)!;
    if (entry.uncompressedSize > IMAGE_LIMITS.product.maxBytes) continue;
    const bytes = unpackEntry(archive, entry);
    files.set(name, bytes && { bytes, sha256: imageSha256(bytes) });
  }
  return files;
}

/** One file's picture by its source bytes: stored before, decoded for a recent preview, or decoded now. */
async function pictureOf(file: SourceFile, stored: Map<string, StoredImage>): Promise<Picture | "tooLarge" | "notImage"> {
  const before = stored.get(file.sha256);
  if (before) return { sha256: before.sha256, storedId: before.id };
  const decoded = decodedRecently(file.sha256) ?? (await decodeUploadedImage(file.bytes, "product", "bulk"));
  if (typeof decoded === "string") return decoded;
  rememberDecoded(decoded);
  return { sha256: imageSha256(decoded.data), decoded };
}

/**
 * Every picture the rows name, decoded and normalised as an upload is (type, size, pixels), each file once
 * however many rows name it; a problem on each row whose picture is missing or is not one. Nothing is stored.
 * A file whose very bytes were checked and stored before (`storedFrom` finds it by their hash) is not
 * decoded again: the same file imported twice decodes nothing the second time.
 */
export async function decodePictures(
  archive: Buffer,
  uses: readonly PictureUse[],
  storedFrom: StoredFrom,
): Promise<{ pictures: Map<string, Picture>; problems: ImportProblem[] }> {
  const entries = openArchive(archive);
  const problems: ImportProblem[] = [];
  const pictures = new Map<string, Picture>();
  const wanted = [...new Set(uses.map((use) => lookupName(use.name)))].filter((name) => entries.has(name));
  const files = await unpackFiles(archive, entries, wanted);
  const stored = await storedFrom([...new Set([...files.values()].flatMap((file) => (file ? [file.sha256] : [])))]);
  // Per file: its picture and unpacked size (each row's kind has its own limit), or why it is none.
  const decoded = new Map<string, { picture: Picture; bytes: number } | { refused: Said } | { tooLarge: true }>();
  await inTurns(wanted, async (name) => {
    const entry = entries.get(name)!;
    const file = files.get(name);
    if (file === undefined) return void decoded.set(name, { tooLarge: true });
    const picture = file ? await pictureOf(file, stored) : "notImage";
    if (picture === "tooLarge") decoded.set(name, { tooLarge: true });
    else if (picture === "notImage") decoded.set(name, { refused: text("errors.import.imageNotPicture", { name: baseName(entry.name) }) });
    else decoded.set(name, { picture, bytes: file!.bytes.byteLength });
  });
  for (const use of uses) {
    const name = lookupName(use.name);
    const found = decoded.get(name);
    const fail = (said: Said) => problems.push({ sheet: use.sheet, row: use.row, field: "image", said });
    if (found === undefined) fail(text("errors.import.imageMissing", { name: use.name }));
    else if ("refused" in found) fail(found.refused);
    else if ("tooLarge" in found || found.bytes > IMAGE_LIMITS[use.kind].maxBytes) {
      fail(text("errors.import.imageTooLarge", { name: use.name, mb: KIND_LIMIT_MB(use.kind) }));
    } else pictures.set(name, found.picture);
  }
  return { pictures, problems };
}

/** The key a row's `image` cell finds its picture under in `decodePictures`'s answer. */
export const pictureKey = lookupName;
