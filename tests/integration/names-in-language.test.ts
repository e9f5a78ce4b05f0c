import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { placements, prizes } from "@/db/schema";
import type { PrizeRow } from "@/shared/contracts/prizes";
import { auditRows } from "../support/accounts";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct, type ProductJson } from "../support/products";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const stamp = Date.now().toString(36);

/**
 * Names in the visitor's language: products and prizes take an optional name (and
 * description) in English and in Korean beside `name`; a visitor reads their language's, else `name`.
 */
describe("names in the visitor's language", () => {
  let file: FileServer;
  let baseUrl: string;
  let admin: TestClient;
  beforeAll(async () => {
    file = await serverForFile("names-in-language");
    baseUrl = file.url;
    admin = await signedInClient(baseUrl, TEST_ADMIN);
  });
  afterAll(() => file?.stop());

  /** A phone in `locale` (the language switch's cookie). */
  async function visitorIn(locale: "en" | "ko") {
    const visitor = await newVisitor(baseUrl);
    visitor.cookies.set("NEXT_LOCALE", locale);
    return visitor;
  }

  /** A prize made through the API, switched on and placed on `productId` in one transaction (no top-up races it). */
  async function placedPrize(fields: Record<string, string>, productId: number): Promise<number> {
    const response = await admin.form("POST", "/api/prizes/", {
      description: "",
      total_quantity: "3",
      daily_distribution: "3",
      maintenance_count: "1",
      is_active: "false",
      ...fields,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await placeAgain(id, productId);
    return id;
  }

  /** On PGlite each call stops and restarts the file's server, so it also takes any other change of rows. */
  function placeAgain(prizeId: number, productId: number, alsoBefore: (db: Db) => Promise<unknown> = async () => {}) {
    return file.withDatabase(async (db) => {
      await alsoBefore(db);
      await db.transaction(async (tx) => {
        await tx.update(prizes).set({ isActive: true }).where(eq(prizes.id, prizeId));
        await tx.insert(placements).values({ prizeId, productId });
      });
    });
  }

  async function win(visitor: TestClient, urlPath: string): Promise<{ detail: string; prize_name: string }> {
    expect((await visitor.post(claimPath(urlPath))).status).toBe(200);
    const claim = await visitor.post(claimPath(urlPath), { name: "Reader", password: "2468" });
    expect(claim.status).toBe(201);
    return (await claim.json()) as { detail: string; prize_name: string };
  }

  it("POST and PUT keep the optional names and descriptions (blank is none), audited; name stays the main one", async () => {
    const product = await createProduct(admin, { name: `에코백 ${stamp}`, description: "친환경 가방" });
    expect(product).toMatchObject({ name_en: null, name_ko: null, description_en: null, description_ko: null });
    let response = await admin.form("PUT", `/api/products/${product.id}/`, {
      name: `에코백 ${stamp}`,
      name_en: "  Eco bag  ",
      description_en: "A bag made of recycled cotton",
      name_ko: " ",
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as ProductJson;
    expect(updated).toMatchObject({
      name: `에코백 ${stamp}`,
      description: "친환경 가방",
      name_en: "Eco bag",
      name_ko: null,
      description_en: "A bag made of recycled cotton",
      description_ko: null,
    });
    const audits = await auditRows(admin, { target: `product:${product.id}` });
    expect(audits.find((entry) => entry.action === "product.update")?.changes).toMatchObject({
      nameEn: { before: null, after: "Eco bag" },
      descriptionEn: { before: null, after: "A bag made of recycled cotton" },
    });
    // An edit that leaves the fields out leaves them as they are.
    response = await admin.form("PUT", `/api/products/${product.id}/`, { name: `에코백 ${stamp}` });
    expect(((await response.json()) as ProductJson).name_en).toBe("Eco bag");
    // Too long is a 400 on the field.
    response = await admin.form("PUT", `/api/products/${product.id}/`, { name: `에코백 ${stamp}`, name_ko: "가".repeat(201) });
    expect(response.status).toBe(400);
    expect(Object.keys(await response.json())).toEqual(["name_ko"]);

    response = await admin.form("POST", "/api/prizes/", {
      name: `텀블러 ${stamp}`,
      name_en: "Tumbler",
      total_quantity: "2",
      daily_distribution: "1",
      maintenance_count: "1",
      is_active: "false",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const prize = (await (await admin.get(`/api/prizes/${id}/`)).json()) as PrizeRow;
    expect(prize).toMatchObject({ name: `텀블러 ${stamp}`, name_en: "Tumbler", name_ko: null, description_en: null });
  });

  it("an English visitor reads the English names, a Korean visitor the Korean ones, and either the main name when none was given", async () => {
    const product = await createProduct(admin, { name: `Main page ${stamp}`, description: "Main description" });
    await admin.form("PUT", `/api/products/${product.id}/`, {
      name: product.name,
      name_en: `Eco bag ${stamp}`,
      name_ko: `에코백 ${stamp}`,
      description_ko: "재활용 면으로 만든 가방",
    });
    const prizeId = await placedPrize({ name: `친환경 에코백 ${stamp}`, name_en: "Eco tote", name_ko: "" }, product.id);

    // The page's data, by the visitor's language.
    const pageIn = async (locale: "en" | "ko") =>
      (await (await (await visitorIn(locale)).get(`/api/p/${product.url_path}/`)).json()) as { name: string; description: string };
    expect(await pageIn("en")).toMatchObject({ name: `Eco bag ${stamp}`, description: "Main description" });
    expect(await pageIn("ko")).toMatchObject({ name: `에코백 ${stamp}`, description: "재활용 면으로 만든 가방" });
    // The page itself (its cached copy is per language).
    const html = async (locale: "en" | "ko") => (await (await visitorIn(locale)).get(`/p/${product.url_path}`)).text();
    expect(await html("en")).toContain(`Eco bag ${stamp}`);
    expect(await html("ko")).toContain(`에코백 ${stamp}`);

    // The claim's answer: English given, so the English visitor reads it.
    const english = await win(await visitorIn("en"), product.url_path);
    expect(english).toEqual({ detail: "Congratulations! You won Eco tote.", prize_name: "Eco tote" });
    // No Korean name: the Korean visitor reads the main one.
    await placeAgain(prizeId, product.id);
    const korean = await win(await visitorIn("ko"), product.url_path);
    expect(korean.prize_name).toBe(`친환경 에코백 ${stamp}`);

    // A Korean name given later reaches the next Korean winner; the winners list keeps the main name.
    await placeAgain(prizeId, product.id, (db) =>
      db
        .update(prizes)
        .set({ nameKo: `에코 토트 ${stamp}` })
        .where(eq(prizes.id, prizeId)),
    );
    expect((await win(await visitorIn("ko"), product.url_path)).prize_name).toBe(`에코 토트 ${stamp}`);
    const winners = (await (await admin.get(`/api/winners/?product=${product.id}`)).json()) as { results: { prize_name: string }[] };
    expect(winners.results.map((winner) => winner.prize_name)).toEqual(Array(3).fill(`친환경 에코백 ${stamp}`));
  });
});
