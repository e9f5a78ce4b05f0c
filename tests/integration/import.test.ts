import { and, asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { auditLog, images, prizes, products } from "@/db/schema";
import { imageSha256 } from "@/lib/images/store";
import { readZipDirectory, unpackEntry, type ZipEntry } from "@/lib/import/zip-directory";
import type { ImportAnswer } from "@/shared/contracts/import";
import { openServerDatabase, tableDigest } from "../support/direct-database";
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

const baseUrl = inject("baseUrl");
const token = `i${Date.now().toString(36)}`;
const connection = openServerDatabase("import");
afterAll(() => connection?.close());
const database = connection!;

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
const importRows = () => database.db.select().from(auditLog).where(eq(auditLog.action, "import.apply")).orderBy(asc(auditLog.id));
const ourProducts = () =>
  database.db
    .select({ id: products.id, key: products.key, name: products.name, imageId: products.imageId, updatedAt: products.updatedAt })
    .from(products)
    .where(ours(products.key))
    .orderBy(asc(products.id));
const ourPrizes = () =>
  database.db
    .select({ key: prizes.key, total: prizes.totalQuantity, remaining: prizes.remainingQuantity, imageId: prizes.imageId })
    .from(prizes)
    .where(ours(prizes.key))
    .orderBy(asc(prizes.id));
/** Every table but the funnel's counts, which the server flushes on its own clock. */
const digest = async () =>
  (await tableDigest(database.db))
    .split(",")
    .filter((part) => !part.startsWith("funnel_hourly_tallies:"))
    .join(",");

describe.runIf(connection)("POST /api/admin/import/", { timeout: 180_000 }, () => {
  let pictures: Buffer;
  let file: Buffer;

  it("previews 1,000 product pages and 100 prizes with pictures with ?dry_run=true, writing nothing", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    pictures = await picturesZip(pictureNames);
    file = workbook({ "Product pages": stands, 경품: gifts });
    const before = await digest();
    const { status, body } = await post(client, file, pictures, { dryRun: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      dry_run: true,
      product_pages: { created: 1000, updated: 0, unchanged: 0 },
      prizes: { created: 100, updated: 0, unchanged: 0 },
      errors: [],
    });
    expect(body.rows.filter((row) => row.status === "new")).toHaveLength(1100);
    expect(await digest()).toBe(before);
  });

  it("imports them all, each page and prize with its picture, with one audit row naming the counts", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const auditBefore = (await importRows()).length;
    const { status, body } = await post(client, file, pictures);
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: false, product_pages: { created: 1000 }, prizes: { created: 100 }, errors: [] });
    const pages = await ourProducts();
    expect(pages).toHaveLength(1000);
    expect(body.product_ids.toSorted((a, b) => a - b)).toEqual(pages.map((page) => page.id));
    expect(new Set(pages.map((page) => page.imageId)).size).toBe(1000);
    const stock = await ourPrizes();
    expect(stock).toHaveLength(100);
    expect(stock.every((prize) => prize.total === 50 && prize.remaining === 50 && prize.imageId !== null)).toBe(true);
    // Each picture names the file it was made from: importing that file again decodes none of them.
    const imageIds = [...pages, ...stock].map((row) => row.imageId!);
    const sources = await database.db.select({ source: images.sourceSha256 }).from(images).where(inArray(images.id, imageIds));
    const files = (readZipDirectory(pictures, 5000) as ZipEntry[]).map((entry) => imageSha256(unpackEntry(pictures, entry)!));
    expect(sources.map((row) => row.source).toSorted()).toEqual(files.toSorted());
    const audit = await importRows();
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
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const before = await digest();
    const { status, body } = await post(client, file, pictures);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      product_pages: { created: 0, updated: 0, unchanged: 1000 },
      prizes: { created: 0, updated: 0, unchanged: 100 },
    });
    expect(body.product_ids).toHaveLength(1000);
    expect(await digest()).toBe(before);
  });

  it("imports a corrected file: only the changed rows change, with one audit row", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const corrected: SheetRows = stands.map((row) => [...row]);
    corrected[1]![1] = "Stand one, renamed";
    corrected[2]![1] = "Stand two, renamed";
    const changedGifts: SheetRows = gifts.map((row) => [...row]);
    changedGifts[1]![3] = 60; // total 50 -> 60: the stock follows
    const newPicture = await picturesZip(pictureNames, { [`${token}-s-3.png`]: 2000 });
    const pagesBefore = await ourProducts();
    const auditBefore = (await importRows()).length;

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
    const pagesAfter = await ourProducts();
    const differing = pagesAfter.filter((page, index) => JSON.stringify(page) !== JSON.stringify(pagesBefore[index]));
    expect(differing.map((page) => page.key)).toEqual([`${token}-s-1`, `${token}-s-2`, `${token}-s-3`]);
    expect((await ourPrizes())[0]).toMatchObject({ total: 60, remaining: 60 });
    const audit = await importRows();
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)!.changes).toMatchObject({
      product_pages_updated: { after: 3 },
      prizes_updated: { after: 1 },
      product_pages_unchanged: { after: 997 },
    });
  });

  it("refuses each bad file with 400 naming it, and writes nothing", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
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
    for (const bad of cases) {
      const before = await digest();
      const { status, body } = await post(client, bad.file, bad.images, { fileName: bad.fileName });
      expect(status, bad.name).toBe(400);
      expect(body.detail, bad.name).toEqual(expect.any(String));
      expect(body.errors, bad.name).toContainEqual(
        expect.objectContaining({ field: bad.field, message: expect.stringMatching(bad.message) }),
      );
      expect(await digest(), bad.name).toBe(before);
    }
  });

  it("answers in the admin's language: Korean messages for a Korean admin", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
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

describe.runIf(connection)("GET /api/admin/import/template/", () => {
  it("gives an .xlsx with both sheets headed in the admin's language, which imports as it is", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
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
    expect(
      await database.db
        .select()
        .from(products)
        .where(and(eq(products.key, "stand-001"))),
    ).toEqual([]);
  });
});
