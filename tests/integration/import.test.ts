import { asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { auditLog, images, prizes, products } from "@/db/schema";
import { imageSha256 } from "@/lib/images/store";
import { readZipDirectory, unpackEntry, type ZipEntry } from "@/lib/import/zip-directory";
import type { ImportAnswer } from "@/shared/contracts/import";
import { tableDigest } from "../support/direct-database";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import {
  importForm,
  macroEnabledWorkbook,
  picturesZip,
  prizeRows,
  productRows,
  type SheetRows,
  workbook,
  zipBomb,
  zipOf,
} from "../support/import-files";
import { TEST_ADMIN } from "./global-setup";

const token = `i${Date.now().toString(36)}`;
let server: FileServer;
let client: TestClient;
beforeAll(async () => {
  server = await serverForFile("import");
  // One session for the file: a sign-in writes rows, and the digests compare one test's end with the next one's.
  client = await signedInClient(server.url, TEST_ADMIN);
});
afterAll(() => server?.stop());

// Prizes come in switched off: an active one would be placed on pages by the server's own tick meanwhile,
// and the digests below would see those placements.
const stands = productRows(1000, { prefix: `${token}-s` });
const gifts = prizeRows(100, { prefix: `${token}-p`, active: false });
const pictureNames = [...stands.slice(1), ...gifts.slice(1)].map((row) => String(row.at(-1)));

async function post(client: TestClient, file: Buffer, images?: Buffer, { dryRun = false, fileName = "stands.xlsx" } = {}) {
  const response = await client.form("POST", `/api/admin/import/${dryRun ? "?dry_run=true" : ""}`, importForm(file, fileName, images));
  return { status: response.status, body: (await response.json()) as ImportAnswer & { detail?: string } };
}

const ours = (key: typeof products.key | typeof prizes.key) => like(key, `${token}-%`);

/**
 * What the imports wrote, read in one reach into the database (on PGlite each reach stops and restarts the
 * server): this file's pages and prizes, the import audit rows, and a digest of every table but the funnel's
 * counts, which the server flushes on its own clock.
 */
function snapshot() {
  return server.withDatabase(async (db) => {
    const ourProducts = await db
      .select({ id: products.id, key: products.key, name: products.name, imageId: products.imageId, updatedAt: products.updatedAt })
      .from(products)
      .where(ours(products.key))
      .orderBy(asc(products.id));
    const ourPrizes = await db
      .select({ key: prizes.key, total: prizes.totalQuantity, remaining: prizes.remainingQuantity, imageId: prizes.imageId })
      .from(prizes)
      .where(ours(prizes.key))
      .orderBy(asc(prizes.id));
    const imageIds = [...ourProducts, ...ourPrizes].flatMap((row) => (row.imageId === null ? [] : [row.imageId]));
    const sources = imageIds.length
      ? await db.select({ source: images.sourceSha256 }).from(images).where(inArray(images.id, imageIds))
      : [];
    return {
      digest: (await tableDigest(db))
        .split(",")
        .filter((part) => !part.startsWith("funnel_hourly_tallies:"))
        .join(","),
      importRows: await db.select().from(auditLog).where(eq(auditLog.action, "import.apply")).orderBy(asc(auditLog.id)),
      products: ourProducts,
      prizes: ourPrizes,
      /** The hash of the file each of this file's pictures was made from. */
      pictureSources: sources.map((row) => row.source),
    };
  });
}
/** The database as the previous test left it: each test compares its end with it. */
let last: Awaited<ReturnType<typeof snapshot>>;

describe("POST /api/admin/import/", { timeout: 180_000 }, () => {
  let pictures: Buffer;
  let file: Buffer;

  it("previews 1,000 product pages and 100 prizes with pictures with ?dry_run=true, writing nothing", async () => {
    pictures = await picturesZip(pictureNames);
    file = workbook({ "Product pages": stands, 경품: gifts });
    const before = await snapshot();
    const { status, body } = await post(client, file, pictures, { dryRun: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      dry_run: true,
      product_pages: { created: 1000, updated: 0, unchanged: 0 },
      prizes: { created: 100, updated: 0, unchanged: 0 },
      errors: [],
    });
    expect(body.rows.filter((row) => row.status === "new")).toHaveLength(1100);
    last = await snapshot();
    expect(last.digest).toBe(before.digest);
  });

  it("imports them all, each page and prize with its picture, with one audit row naming the counts", async () => {
    const auditBefore = last.importRows.length;
    const { status, body } = await post(client, file, pictures);
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: false, product_pages: { created: 1000 }, prizes: { created: 100 }, errors: [] });
    last = await snapshot();
    const pages = last.products;
    expect(pages).toHaveLength(1000);
    expect(body.product_ids.toSorted((a, b) => a - b)).toEqual(pages.map((page) => page.id));
    expect(new Set(pages.map((page) => page.imageId)).size).toBe(1000);
    const stock = last.prizes;
    expect(stock).toHaveLength(100);
    expect(stock.every((prize) => prize.total === 50 && prize.remaining === 50 && prize.imageId !== null)).toBe(true);
    // Each picture names the file it was made from: importing that file again decodes none of them.
    const files = (readZipDirectory(pictures, 5000) as ZipEntry[]).map((entry) => imageSha256(unpackEntry(pictures, entry)!));
    expect(last.pictureSources.toSorted()).toEqual(files.toSorted());
    const audit = last.importRows;
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({
      accountName: TEST_ADMIN.name,
      targetName: "stands.xlsx",
      changes: expect.objectContaining({
        product_pages_created: { before: null, after: 1000 },
        prizes_created: { before: null, after: 100 },
      }),
    });
  });

  it("imports the same file again and changes nothing: every row unchanged, no audit row", async () => {
    const before = last;
    const { status, body } = await post(client, file, pictures);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      product_pages: { created: 0, updated: 0, unchanged: 1000 },
      prizes: { created: 0, updated: 0, unchanged: 100 },
    });
    expect(body.product_ids).toHaveLength(1000);
    last = await snapshot();
    expect(last.digest).toBe(before.digest);
  });

  it("imports a corrected file: only the changed rows change, with one audit row", async () => {
    const corrected: SheetRows = stands.map((row) => [...row]);
    corrected[1]![1] = "Stand one, renamed";
    corrected[2]![1] = "Stand two, renamed";
    const changedGifts: SheetRows = gifts.map((row) => [...row]);
    changedGifts[1]![3] = 60; // total 50 -> 60: the stock follows
    const newPicture = await picturesZip(pictureNames, { [`${token}-s-3.png`]: 2000 });
    const pagesBefore = last.products;
    const auditBefore = last.importRows.length;

    const { status, body } = await post(client, workbook({ product_pages: corrected, prizes: changedGifts }), newPicture);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      product_pages: { created: 0, updated: 3, unchanged: 997 },
      prizes: { created: 0, updated: 1, unchanged: 99 },
    });
    expect(body.rows.filter((row) => row.status === "changed").map((row) => [row.key, row.changed])).toEqual([
      [`${token}-s-1`, ["name"]],
      [`${token}-s-2`, ["name"]],
      [`${token}-s-3`, ["image"]],
      [`${token}-p-1`, ["total_quantity"]],
    ]);
    last = await snapshot();
    const pagesAfter = last.products;
    const differing = pagesAfter.filter((page, index) => JSON.stringify(page) !== JSON.stringify(pagesBefore[index]));
    expect(differing.map((page) => page.key)).toEqual([`${token}-s-1`, `${token}-s-2`, `${token}-s-3`]);
    expect(last.prizes[0]).toMatchObject({ total: 60, remaining: 60 });
    const audit = last.importRows;
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)!.changes).toMatchObject({
      product_pages_updated: { after: 3 },
      prizes_updated: { after: 1 },
      product_pages_unchanged: { after: 997 },
    });
  });

  it("refuses each bad file with 400 naming it, and writes nothing", async () => {
    const newStand = (key: string, image = "") => [
      ["key", "name", "image"],
      [`${token}-${key}`, "A stand", image],
    ];
    const cases: { name: string; file: Buffer; fileName?: string; images?: Buffer; message: RegExp; field: string }[] = [
      { name: "macro-enabled", file: await macroEnabledWorkbook(), message: /macro-enabled/, field: "file" },
      {
        name: "a zip bomb",
        file: workbook({ product_pages: newStand("bomb", "stand-1.png") }),
        images: zipBomb(),
        message: /refused before unpacking/,
        field: "images",
      },
      {
        name: "a picture that is not one",
        file: workbook({ product_pages: newStand("fake", "fake.png") }),
        images: zipOf([{ name: "fake.png", data: Buffer.from("<svg onload=alert(1)>") }]),
        message: /“fake.png” is not a picture/,
        field: "image",
      },
      {
        name: "more than 2,000 rows",
        file: workbook({ product_pages: productRows(2001, { prefix: `${token}-many`, pictures: false }) }),
        message: /more than 2000 rows/,
        field: "file",
      },
      {
        name: "a duplicate key",
        file: workbook({ product_pages: [...newStand("twice"), [`${token}-twice`, "Again", ""]] }),
        message: /already used on row 2/,
        field: "key",
      },
      {
        name: "a daily limit above the stock",
        file: workbook({ prizes: [prizeRows(0)[0]!, [`${token}-greedy`, "Greedy", "", 5, 10, 1, false, ""]] }),
        message: /daily/i,
        field: "daily_distribution",
      },
    ];
    const before = last;
    for (const bad of cases) {
      const { status, body } = await post(client, bad.file, bad.images, { fileName: bad.fileName });
      expect(status, bad.name).toBe(400);
      expect(body.detail, bad.name).toEqual(expect.any(String));
      expect(body.errors, bad.name).toContainEqual(
        expect.objectContaining({ field: bad.field, message: expect.stringMatching(bad.message) }),
      );
    }
    // One read after them all: any of them writing anything would show.
    last = await snapshot();
    expect(last.digest).toBe(before.digest);
  });

  it("answers in the admin's language: Korean messages for a Korean admin", async () => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([
        new Uint8Array(
          workbook({
            경품: [
              ["키", "이름"],
              ["", "x"],
            ],
          }),
        ),
      ]),
      "a.xlsx",
    );
    const response = await client.request("POST", "/api/admin/import/?dry_run=true", { body: form, headers: { "accept-language": "ko" } });
    const body = (await response.json()) as ImportAnswer;
    expect(body.errors.map((error) => error.message)).toContain("모든 행에 키가 있어야 합니다.");
  });
});

describe("GET /api/admin/import/template/", () => {
  it("gives an .xlsx with both sheets headed in the admin's language, which imports as it is", async () => {
    const response = await client.get("/api/admin/import/template/");
    expect(response.status).toBe(200);
    const template = Buffer.from(await response.arrayBuffer());
    const book = XLSX.read(template, { type: "buffer" });
    expect(book.SheetNames).toEqual(["Product pages", "Prizes"]);
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets.Prizes!, { header: 1 })[0]).toContain("Total quantity");
    const { status, body } = await post(client, template, undefined, { dryRun: true, fileName: "template.xlsx" });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body.rows.map((row) => [row.sheet, row.key])).toEqual([
      ["product_pages", "stand-001"],
      ["prizes", "coffee-voucher"],
    ]);
    expect(await server.withDatabase((db) => db.select().from(products).where(eq(products.key, "stand-001")))).toEqual([]);
  });
});
