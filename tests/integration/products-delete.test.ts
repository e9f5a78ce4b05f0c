import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WinnerRow } from "@/shared/contracts/winners";
import { insertPageWithPlacement, insertWinners } from "../support/direct-database";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct, type ProductJson } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

const token = `d${Date.now().toString(36)}`;
let file: FileServer;
let baseUrl: string;
/** Rows no API makes, made before the tests at once: on PGlite each reach into the database restarts the server. */
let gone: { productId: number; placementId: number };
let won: ProductJson;
let selectedWon: ProductJson;
let allWon: ProductJson;

beforeAll(async () => {
  file = await serverForFile("products-delete");
  baseUrl = file.url;
  const client = await signedInClient(baseUrl, TEST_ADMIN);
  won = await createProduct(client, { name: `Won ${token}` });
  selectedWon = await createProduct(client, { name: `Sel won ${token}` });
  allWon = await createProduct(client, { name: `All won ${token}` });
  gone = await file.withDatabase(async (db) => {
    for (const [product, count, name] of [
      [won, 2, `w1${token}`],
      [selectedWon, 3, `w2${token}`],
      [allWon, 1, `w3${token}`],
    ] as const) {
      await insertWinners(db, { productId: product.id, productName: product.name, count, name });
    }
    return insertPageWithPlacement(db, `Gone ${token}`);
  });
});
afterAll(() => file?.stop());

/** Winners whose nicknames start with `name`, through the API. */
async function winnersNamed(client: TestClient, name: string): Promise<WinnerRow[]> {
  const response = await client.get(`/api/winners/?page_size=100&search=${name}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: WinnerRow[] }).results;
}

async function exists(client: TestClient, product: Pick<ProductJson, "id">): Promise<boolean> {
  const status = (await client.get(`/api/products/${product.id}/`)).status;
  expect([200, 404]).toContain(status);
  return status === 200;
}

describe("DELETE /api/products/{id}/", () => {
  it("deletes a product page with 204, and its placements with it", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const { productId, placementId } = gone;
    const product = { id: productId };
    expect(await exists(client, product)).toBe(true);
    const response = await client.delete(`/api/products/${product.id}/`);
    expect(response.status).toBe(204);
    expect(await exists(client, product)).toBe(false);
    // Its placement went with it: nothing by that id is left to delete.
    expect((await client.delete(`/api/prize-distributions/${placementId}/`)).status).toBe(404);
    expect((await client.delete(`/api/products/${product.id}/`)).status).toBe(404);
  });

  it("answers 400 {detail, winners_count} when winners are linked; force deletes and keeps the winners", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = won;
    expect((await (await client.get(`/api/products/${product.id}/`)).json()).winners_count).toBe(2);

    const refused = await client.delete(`/api/products/${product.id}/`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: expect.stringContaining("winner"), winners_count: 2 });
    expect(await exists(client, product)).toBe(true);

    expect((await client.delete(`/api/products/${product.id}/?force=true`)).status).toBe(204);
    expect(await exists(client, product)).toBe(false);
    const kept = await winnersNamed(client, `w1${token}`);
    expect(kept).toHaveLength(2);
    expect(kept.every((winner) => winner.product === null && winner.product_name === product.name)).toBe(true);
  });

  it("answers 404 for unknown and non-numeric ids, 400 for a bad force flag, 401 and 403", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    expect((await client.delete("/api/products/999999/")).status).toBe(404);
    expect((await client.delete("/api/products/abc/")).status).toBe(404);
    const product = await createProduct(client, { name: `Kept ${token}` });
    const badFlag = await client.delete(`/api/products/${product.id}/?force=yes`);
    expect(badFlag.status).toBe(400);
    expect(await badFlag.json()).toEqual({ force: ["Must be true or false."] });
    expect((await client.delete(`/api/products/${product.id}/`, { csrf: false })).status).toBe(403);
    const anonymous = await new TestClient(baseUrl).init();
    expect((await anonymous.delete(`/api/products/${product.id}/`)).status).toBe(401);
    expect(await exists(client, product)).toBe(true);
  });
});

describe("POST /api/products/delete_selected/", () => {
  it("deletes the listed pages and answers {deleted_count}, skipping ids that are gone", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const [a, b, c] = [
      await createProduct(client, { name: `Sel A ${token}` }),
      await createProduct(client, { name: `Sel B ${token}` }),
      await createProduct(client, { name: `Sel C ${token}` }),
    ];
    const response = await client.post("/api/products/delete_selected/", { product_ids: [a!.id, b!.id, 999999] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted_count: 2 });
    expect(await exists(client, a!)).toBe(false);
    expect(await exists(client, b!)).toBe(false);
    expect(await exists(client, c!)).toBe(true);
  });

  it("deletes nothing and answers 400 {detail, winners_count} when any has winners; force deletes all", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const plain = await createProduct(client, { name: `Sel plain ${token}` });
    const won = selectedWon;
    const refused = await client.post("/api/products/delete_selected/", { product_ids: [plain.id, won.id] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: expect.stringContaining("winner"), winners_count: 3 });
    expect(await exists(client, plain)).toBe(true);

    const forced = await client.post("/api/products/delete_selected/", { product_ids: [plain.id, won.id], force: true });
    expect(await forced.json()).toEqual({ deleted_count: 2 });
    expect(await exists(client, won)).toBe(false);
  });

  it("answers 400 per field for an empty or malformed list", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const empty = await client.post("/api/products/delete_selected/", { product_ids: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ product_ids: ["Select at least one product to delete."] });
    const missing = await client.post("/api/products/delete_selected/", {});
    expect(Object.keys(await missing.json())).toEqual(["product_ids"]);
    const strings = await client.post("/api/products/delete_selected/", { product_ids: ["1"] });
    expect(await strings.json()).toEqual({ "product_ids.0": ["Each product id must be a number."] });
    const badForce = await client.post("/api/products/delete_selected/", { product_ids: [1], force: "yes" });
    expect(await badForce.json()).toEqual({ force: ["Must be true or false."] });
  });

  it("answers 401 without a session and 403 without CSRF", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Sel guarded ${token}` });
    expect((await client.post("/api/products/delete_selected/", { product_ids: [product.id] }, { csrf: false })).status).toBe(403);
    const anonymous = await new TestClient(baseUrl).init();
    expect((await anonymous.post("/api/products/delete_selected/", { product_ids: [product.id] })).status).toBe(401);
    expect(await exists(client, product)).toBe(true);
  });
});

// Last: it empties the shared database's product table.
describe("DELETE /api/products/delete_all/", () => {
  it("needs confirm=true, 401/403 as usual, 400 with winners_count, then force deletes everything", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const won = allWon;
    await createProduct(client, { name: `All plain ${token}` });

    const unconfirmed = await client.delete("/api/products/delete_all/");
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toEqual({ detail: "Deleting every product page needs confirm=true." });
    expect((await client.delete("/api/products/delete_all/?confirm=true", { csrf: false })).status).toBe(403);
    const anonymous = await new TestClient(baseUrl).init();
    expect((await anonymous.delete("/api/products/delete_all/?confirm=true")).status).toBe(401);

    const refused = await client.delete("/api/products/delete_all/?confirm=true");
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body).toEqual({ detail: expect.stringContaining("winner"), winners_count: expect.any(Number) });
    expect(body.winners_count).toBeGreaterThanOrEqual(1);
    expect(await exists(client, won)).toBe(true);

    const before = (await (await client.get("/api/products/")).json()).count;
    const forced = await client.delete("/api/products/delete_all/?confirm=true&force=true");
    expect(forced.status).toBe(200);
    // The message counts as people read numbers ("1,201"); `deleted_count` is the number.
    expect(await forced.json()).toEqual({
      detail: `Deleted ${before.toLocaleString("en")} product page${before === 1 ? "" : "s"}.`,
      deleted_count: before,
    });
    expect((await (await client.get("/api/products/")).json()).count).toBe(0);
    expect((await winnersNamed(client, `w3${token}`)).map((winner) => [winner.product, winner.product_name])).toEqual([[null, won.name]]);
  });
});
