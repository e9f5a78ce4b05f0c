import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { placements, winners } from "@/db/schema";
import { insertPageWithPlacement, insertWinners, openServerDatabase } from "../support/direct-database";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct, type ProductJson } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
const token = `d${Date.now().toString(36)}`;
const connection = openServerDatabase("products-delete");
afterAll(() => connection?.close());
// Inside the describe blocks, which only run when there is a connection.
const database = connection!;

async function exists(client: TestClient, product: Pick<ProductJson, "id">): Promise<boolean> {
  const status = (await client.get(`/api/products/${product.id}/`)).status;
  expect([200, 404]).toContain(status);
  return status === 200;
}

describe.runIf(connection)("DELETE /api/products/{id}/", () => {
  it("deletes a product page with 204, and its placements with it", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const { productId, placementId } = await insertPageWithPlacement(database.db, `Gone ${token}`);
    const product = { id: productId };
    expect(await exists(client, product)).toBe(true);
    const response = await client.delete(`/api/products/${product.id}/`);
    expect(response.status).toBe(204);
    expect(await exists(client, product)).toBe(false);
    expect(await database.db.select().from(placements).where(eq(placements.id, placementId))).toEqual([]);
    expect((await client.delete(`/api/products/${product.id}/`)).status).toBe(404);
  });

  it("answers 400 {detail, winners_count} when winners are linked; force deletes and keeps the winners", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Won ${token}` });
    const inserted = await insertWinners(database.db, { productId: product.id, productName: product.name, count: 2 });
    expect((await (await client.get(`/api/products/${product.id}/`)).json()).winners_count).toBe(2);

    const refused = await client.delete(`/api/products/${product.id}/`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: expect.stringContaining("winner"), winners_count: 2 });
    expect(await exists(client, product)).toBe(true);

    expect((await client.delete(`/api/products/${product.id}/?force=true`)).status).toBe(204);
    expect(await exists(client, product)).toBe(false);
    const kept = await database.db
      .select()
      .from(winners)
      .where(
        inArray(
          winners.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(kept).toHaveLength(2);
    expect(kept.every((winner) => winner.productId === null && winner.productName === product.name)).toBe(true);
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

describe.runIf(connection)("POST /api/products/delete_selected/", () => {
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
    const won = await createProduct(client, { name: `Sel won ${token}` });
    await insertWinners(database.db, { productId: won.id, productName: won.name, count: 3 });
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
describe.runIf(connection)("DELETE /api/products/delete_all/", () => {
  it("needs confirm=true, 401/403 as usual, 400 with winners_count, then force deletes everything", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const won = await createProduct(client, { name: `All won ${token}` });
    await createProduct(client, { name: `All plain ${token}` });
    await insertWinners(database.db, { productId: won.id, productName: won.name, count: 1 });

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
    expect(await database.db.select().from(winners).where(eq(winners.productName, won.name))).toHaveLength(1);
  });
});
