import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { imageSha256 } from "@/lib/images/store";
import { decodePictures, type PictureUse, pictureKey } from "@/lib/import/pictures";
import { ImportRefused } from "@/lib/import/problem";
import { readRows } from "@/lib/import/rows";
import { readSpreadsheet } from "@/lib/import/workbook";
import { readZipDirectory, unpackEntry, unpacksTooLarge, type ZipEntry } from "@/lib/import/zip-directory";
import { productCardsUrl, productIdsOfCards } from "@/shared/urls/products";
import { english } from "../support/english";
import { macroEnabledWorkbook, picturesZip, productRows, workbook, zipBomb, zipOf } from "../support/import-files";

/** The refusal a whole file gets, in English. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportRefused) return english(error.problem.said);
    throw error;
  }
  throw new Error("the file was not refused");
}

describe("the import's reading of files", () => {
  it("reads a zip bomb's sizes from its directory and finds them too large, unpacking nothing", () => {
    const entries = readZipDirectory(zipBomb(), 100);
    expect(Array.isArray(entries) && entries.map((entry) => entry.uncompressedSize)).toEqual([120 * 1024 * 1024, 120 * 1024 * 1024]);
    expect(unpacksTooLarge(entries as never, { maxTotalBytes: 100 * 1024 * 1024, maxEntryBytes: 200 * 1024 * 1024 })).toBe(true);
    expect(readZipDirectory(Buffer.from("not a zip at all"), 100)).toBeNull();
    expect(
      readZipDirectory(
        zipOf([
          { name: "a", data: Buffer.from("1") },
          { name: "b", data: Buffer.from("2") },
        ]),
        1,
      ),
    ).toBe("tooManyEntries");
  });

  it("unpacks each entry from the archive's bytes, and none that lies about its size or fails its checksum", () => {
    const picture = Buffer.from("pretend these are a picture's bytes ".repeat(50));
    const unpack = (archive: Buffer) => (readZipDirectory(archive, 10) as ZipEntry[]).map((entry) => unpackEntry(archive, entry));
    const good = zipOf([
      { name: "a.png", data: picture },
      { name: "b.png", data: Buffer.from("another") },
    ]);
    expect(unpack(good)).toEqual([picture, Buffer.from("another")]);
    expect(unpack(zipOf([{ name: "bomb.png", data: picture, declaredSize: 100 }]))).toEqual([null]);
    expect(unpack(zipOf([{ name: "short.png", data: picture, declaredSize: picture.byteLength + 1 }]))).toEqual([null]);
    const corrupted = Buffer.from(good);
    const directoryCrc = corrupted.lastIndexOf(Buffer.from("a.png")) - 46 + 16; // a.png's checksum in the directory
    corrupted.writeUInt32LE((corrupted.readUInt32LE(directoryCrc) ^ 1) >>> 0, directoryCrc);
    expect(unpack(corrupted)).toEqual([null, Buffer.from("another")]);
  });

  it("takes a picture stored before from the very same bytes as it is, and one decoded minutes ago from memory", async () => {
    const archive = await picturesZip(["a.png", "b.png"]);
    const [a, b] = (readZipDirectory(archive, 10) as ZipEntry[]).map((entry) => unpackEntry(archive, entry)!);
    const uses: PictureUse[] = ["a.png", "b.png"].map((name, index) => ({ sheet: "product_pages", row: index + 2, name, kind: "product" }));
    const asked: string[][] = [];
    const storedA = { id: 7, sha256: "f".repeat(64), width: 1, height: 1 };
    const storedFrom = async (sources: string[]) => {
      asked.push(sources);
      return new Map([[imageSha256(a!), storedA]]);
    };
    const first = await decodePictures(archive, uses, storedFrom);
    const again = await decodePictures(archive, uses, storedFrom);
    expect(asked[0]!.toSorted()).toEqual([imageSha256(a!), imageSha256(b!)].toSorted());
    expect(first.problems).toEqual([]);
    expect(first.pictures.get(pictureKey("a.png"))).toEqual({ sha256: storedA.sha256, storedId: 7 });
    const decodedB = first.pictures.get(pictureKey("b.png"));
    expect(decodedB).toMatchObject({ decoded: { sourceSha256: imageSha256(b!), width: expect.any(Number) } });
    // The very object decoded the first time: not decoded again.
    expect(again.pictures.get(pictureKey("b.png"))).toEqual(decodedB);
    expect((again.pictures.get(pictureKey("b.png")) as { decoded: unknown }).decoded).toBe((decodedB as { decoded: unknown }).decoded);
  });

  it("refuses a macro-enabled workbook, and an .xlsm by its name", async () => {
    const macros = await macroEnabledWorkbook();
    expect(refusal(() => readSpreadsheet(macros, "stands.xlsx"))).toMatch(/macro-enabled/);
    expect(refusal(() => readSpreadsheet(workbook({ product_pages: productRows(1) }), "stands.xlsm"))).toMatch(/macro-enabled/);
  });

  it("gives a formula cell's saved value, and says when a formula's value is an error", () => {
    const sheet: XLSX.WorkSheet = {
      "!data": [
        [
          { t: "s", v: "key" },
          { t: "s", v: "name" },
        ],
        [
          { t: "s", v: "a", f: 'LOWER("A")' },
          { t: "n", v: 3, f: "1+2" },
        ],
        [
          { t: "s", v: "b" },
          { t: "e", v: 7, f: "1/0", w: "#DIV/0!" },
        ],
      ],
      "!ref": "A1:B3",
    };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Product pages");
    const parsed = readSpreadsheet(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer, "stands.xlsx");
    const cells = parsed.sheets[0]!.rows.map((row) => row.cells.map((cell) => ("text" in cell ? cell.text : english(cell.problem))));
    expect(cells).toEqual([
      ["a", "3"],
      ["b", "The formula in this cell gives an error (#DIV/0!)."],
    ]);
  });

  it("reads a CSV saved by Korean Excel (CP949) with Korean headers as the sheet its header names", () => {
    const csv = Buffer.from(new Uint8Array([...new TextEncoder().encode("key,")]));
    const korean = Buffer.concat([
      csv,
      Buffer.from([0xc0, 0xcc, 0xb8, 0xa7, 0x0a]),
      Buffer.from("k1,"),
      Buffer.from([0xb8, 0xd3, 0xb1, 0xd7, 0xc4, 0xc5]),
    ]);
    const parsed = readSpreadsheet(korean, "stands.csv");
    expect(parsed.sheets.map((sheet) => [sheet.sheet, sheet.header])).toEqual([["product_pages", ["key", "이름"]]]);
    expect(parsed.sheets[0]!.rows[0]!.cells).toEqual([{ text: "k1" }, { text: "머그컵" }]);
  });

  it("refuses more than 2,000 rows a sheet, and names the sheet", () => {
    const error = (() => {
      try {
        readSpreadsheet(workbook({ prizes: [["key"], ...Array.from({ length: 2001 }, (_, index) => [`k${index}`])] }), "big.xlsx");
      } catch (caught) {
        return caught as ImportRefused;
      }
    })();
    expect(error?.problem).toMatchObject({ sheet: "prizes", field: "file" });
    expect(english(error!.problem.said)).toMatch(/more than 2000 rows/);
  });

  it("matches headers in either language, and places each problem on its sheet, row and column", () => {
    const file = workbook({
      경품: [
        ["키", "이름", "총수량", "하루 당첨 한도", "동시 배치", "colour"],
        ["p1", "Mug", 10, 20, 1, ""],
        ["p1", "", 10, 5, 1, ""],
      ],
    });
    const { sheets } = readSpreadsheet(file, "prizes.xlsx");
    const rows = readRows(sheets);
    expect(rows.problems.map((problem) => [problem.sheet, problem.row, problem.field, english(problem.said)])).toEqual([
      ["prizes", 1, "colour", "Unknown column “colour”."],
      ["prizes", 2, "daily_distribution", expect.stringMatching(/daily/i)],
      ["prizes", 3, "key", "The key “p1” is already used on row 2."],
      ["prizes", 3, "name", expect.any(String)],
    ]);
  });
});

describe("the QR cards' address of some product pages", () => {
  it("names consecutive ids as ranges and reads them back", () => {
    const ids = [...Array.from({ length: 1000 }, (_, index) => 12 + index), 2000, 2002];
    const url = productCardsUrl(ids);
    expect(url).toBe("/admin/products/print?ids=12-1011,2000,2002");
    expect(productIdsOfCards(new URL(url, "http://x").searchParams.get("ids") ?? undefined)).toEqual(ids);
    expect(productIdsOfCards(undefined)).toBeNull();
  });
});
