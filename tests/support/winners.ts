import { expect } from "vitest";
import type { TestClient } from "./http-client";
import { createProduct } from "./products";
import { claimPath, newVisitor } from "./visitor";

export type PrizeFields = { name?: string; total?: number; daily?: number; maintenance?: number; active?: boolean };

/** A prize made through the admin API (as the prize screen makes one). */
export async function createPrizeViaApi(admin: TestClient, fields: PrizeFields = {}): Promise<{ id: number; name: string }> {
  const total = fields.total ?? 10;
  const daily = fields.daily ?? total;
  const response = await admin.form("POST", "/api/prizes/", {
    name: fields.name ?? `Prize ${Math.random().toString(36).slice(2, 8)}`,
    description: "",
    total_quantity: String(total),
    daily_distribution: String(daily),
    maintenance_count: String(fields.maintenance ?? 1),
    is_active: String(fields.active ?? true),
  });
  expect(response.status).toBe(201);
  return response.json();
}

/**
 * A visitor wins `prizeId` on a new product page, all through the API: the admin places the prize by hand,
 * a phone taps the ticket and claims with this nickname and password.
 */
export async function winViaApi(
  admin: TestClient,
  baseUrl: string,
  { prizeId, name, password, productName }: { prizeId: number; name: string; password: string; productName?: string },
) {
  const product = await createProduct(admin, { name: productName ?? `Stand ${Math.random().toString(36).slice(2, 8)}` });
  const placed = await admin.post("/api/prize-distributions/", { prize: prizeId, product: product.id, is_active: true });
  expect(placed.status).toBe(201);
  const visitor = await newVisitor(baseUrl);
  expect((await visitor.post(claimPath(product.url_path))).status).toBe(200);
  const claim = await visitor.post(claimPath(product.url_path), { name, password });
  expect(claim.status).toBe(201);
  return { product };
}
