import { crc32, deflateRawSync } from "node:zlib";
import JSZip from "jszip";
import sharp from "sharp";
import * as XLSX from "xlsx";

/**
 * Files for the spreadsheet import's tests and bench: workbooks and CSVs as an organiser would send them,
 * archives of pictures, and the bad files the import must refuse.
 */

export type SheetRows = (string | number | boolean | null)[][];

/** An .xlsx with these tabs, each an array of rows (the header first). */
export function workbook(sheets: Record<string, SheetRows>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

const PRODUCT_HEADER = ["key", "name", "name_en", "name_ko", "description", "image"];
const PRIZE_HEADER = ["key", "name", "description", "total_quantity", "daily_distribution", "maintenance_count", "is_active", "image"];

/** `count` product pages keyed `<prefix>-<n>`, each with its own picture `<prefix>-<n>.png` when `pictures`. */
export function productRows(count: number, { prefix = "stand", pictures = true } = {}): SheetRows {
  return [
    PRODUCT_HEADER,
    ...Array.from({ length: count }, (_, index) => [
      `${prefix}-${index + 1}`,
      `Stand ${index + 1}`,
      `Stand ${index + 1}`,
      `부스 ${index + 1}`,
      `Hall A, stand ${index + 1}`,
      pictures ? `${prefix}-${index + 1}.png` : "",
    ]),
  ];
}

/** `count` prizes keyed `<prefix>-<n>`, with pictures `<prefix>-<n>.png` when `pictures`. */
export function prizeRows(count: number, { prefix = "prize", pictures = true, active = true } = {}): SheetRows {
  return [
    PRIZE_HEADER,
    ...Array.from({ length: count }, (_, index) => [
      `${prefix}-${index + 1}`,
      `Prize ${index + 1}`,
      "",
      50,
      10,
      2,
      active,
      pictures ? `${prefix}-${index + 1}.png` : "",
    ]),
  ];
}

/**
 * A small real PNG, one per seed: different seeds are different pictures, and stay different once stored
 * (normalised to WebP, two near colours can come out the same, two sizes never do).
 */
function png(seed: number): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 37) % 256 };
  const width = 16 + (seed % 48);
  const height = 16 + (Math.floor(seed / 48) % 48);
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

type ZipEntryInput = { name: string; data: Buffer; declaredSize?: number };

/**
 * A zip archive written here (deflated with Node's zlib: fast even for a bomb's 200 MB of zeros).
 * `declaredSize` writes another unpacked size into the directory than the data's: a lying archive.
 */
export function zipOf(entries: readonly ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const compressed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const size = declaredSize ?? data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    directory.push(central, nameBytes);
    offset += local.byteLength + nameBytes.byteLength + compressed.byteLength;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** An archive of the pictures `names` (each a different PNG; `seeds` gives some another picture). */
export async function picturesZip(names: readonly string[], seeds: Record<string, number> = {}): Promise<Buffer> {
  return zipOf(await Promise.all(names.map(async (name, index) => ({ name, data: await png(seeds[name] ?? index + 1) }))));
}

/** A zip bomb: two entries of zeros that unpack to 2 x 120 MB from a few hundred kB. */
export function zipBomb(): Buffer {
  const zeros = Buffer.alloc(120 * 1024 * 1024);
  return zipOf([
    { name: "stand-1.png", data: zeros },
    { name: "stand-2.png", data: zeros },
  ]);
}

/** An .xlsx whose parts include a VBA project, as Excel saves a macro-enabled workbook. */
export async function macroEnabledWorkbook(): Promise<Buffer> {
  const parts = await JSZip.loadAsync(workbook({ product_pages: productRows(1, { pictures: false }) }));
  parts.file("xl/vbaProject.bin", "not really VBA");
  return parts.generateAsync({ type: "nodebuffer" });
}

/** Upload parts for the test client's `form`: the spreadsheet and, when given, the pictures. */
export function importForm(file: Buffer, fileName: string, images?: Buffer) {
  return {
    file: { file: new Blob([new Uint8Array(file)]), name: fileName },
    ...(images && { images: { file: new Blob([new Uint8Array(images)], { type: "application/zip" }), name: "pictures.zip" } }),
  };
}
