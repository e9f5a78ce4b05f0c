import { beforeAll, describe, expect, inject, it } from "vitest";
import { awayFromDayTurn } from "../support/day-turn";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
let admin: TestClient;

type PrizeStat = {
  id: number;
  name: string;
  is_active: boolean;
  active_distributions: number;
  maintenance_status: string;
  total_winners: number;
  received_winners: number;
  unreceived_winners: number;
};
type ProductStat = {
  id: number;
  has_active_prize: boolean;
  active_prize_name: string | null;
  winners_count: number;
  received_count: number;
  unreceived_count: number;
};

async function dashboard() {
  const response = await admin.get("/api/admin/dashboard/");
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  admin = await signedInClient(baseUrl, TEST_ADMIN);
  // Other files share this server: compare differences, and find this file's own rows by id.
  await admin.request("PATCH", "/api/admin/settings/", { json: { maintenance_mode: false } });
});

describe("GET /api/admin/dashboard/", () => {
  it("answers 401 without a session", async () => {
    const response = await new TestClient(baseUrl).get("/api/admin/dashboard/");
    expect(response.status).toBe(401);
  });

  it("counts products, prizes and winners, and lists the recent ones newest first (10 at most)", async () => {
    const before = await dashboard();
    const prize = await createPrizeViaApi(admin, { name: "Dash cap", total: 30 });
    await createPrizeViaApi(admin, { name: "Dash off", active: false });
    const won: { product: { id: number } }[] = [];
    for (let index = 0; index < 11; index += 1) {
      won.push(await winViaApi(admin, baseUrl, { prizeId: prize.id, name: `dash${index}`, password: "8800" }));
    }
    const listed = await (await admin.get("/api/winners/?search=8800&page_size=20")).json();
    const newest = listed.results[0];
    expect((await admin.post(`/api/winners/${listed.results[3].id}/mark_received/`)).status).toBe(200);
    expect((await admin.post(`/api/winners/${newest.id}/mark_received/`)).status).toBe(200);

    const after = await dashboard();
    expect(after.total_products - before.total_products).toBe(11);
    expect(after.total_prizes - before.total_prizes).toBe(2);
    expect(after.active_prizes - before.active_prizes).toBe(1);
    expect(after.total_winners - before.total_winners).toBe(11);
    expect(after.received_winners - before.received_winners).toBe(2);
    // Waiting wins only: expired ones (a collection deadline passed, left by other files) are counted apart.
    expect(after.unreceived_winners).toBe(after.total_winners - after.received_winners - after.expired_winners);

    expect(after.recent_winners).toHaveLength(10);
    expect(after.recent_winners.map((winner: { name: string }) => winner.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `dash${10 - index}`),
    );
    // Newest hand-over first: the newest winner was marked last.
    expect(after.recent_received.slice(0, 2).map((winner: { id: number }) => winner.id)).toEqual([newest.id, listed.results[3].id]);
    expect(after.recent_received[0]).toMatchObject({ is_received: true, received_at: expect.any(String) });

    const cap: PrizeStat = after.prize_stats.find((stat: PrizeStat) => stat.id === prize.id);
    expect(cap).toMatchObject({
      name: "Dash cap",
      total_winners: 11,
      received_winners: 2,
      unreceived_winners: 9,
      expired_winners: 0,
      remaining_quantity: 19,
    });
    const page: ProductStat = after.product_stats.find((stat: ProductStat) => stat.id === won[0]!.product.id);
    expect(page).toMatchObject({
      has_active_prize: false,
      active_prize_name: null,
      winners_count: 1,
      received_count: 0,
      unreceived_count: 1,
      expired_count: 0,
    });
  });

  it("says for each prize whether its placements are sufficient, insufficient, exhausted or inactive", async () => {
    const status = async (id: number) => (await dashboard()).prize_stats.find((stat: PrizeStat) => stat.id === id) as PrizeStat;
    const prize = await createPrizeViaApi(admin, { name: "Dash status", total: 5, daily: 2, maintenance: 2 });
    // Maintenance mode is off: nothing placed yet, target 2.
    expect(await status(prize.id)).toMatchObject({ maintenance_status: "insufficient", active_distributions: 0 });

    const stands = [await createProduct(admin, { name: "Dash A" }), await createProduct(admin, { name: "Dash B" })];
    for (const stand of stands) {
      expect((await admin.post("/api/prize-distributions/", { prize: prize.id, product: stand.id, is_active: true })).status).toBe(201);
    }
    expect(await status(prize.id)).toMatchObject({ maintenance_status: "sufficient", active_distributions: 2 });
    const product = (await dashboard()).product_stats.find((stat: ProductStat) => stat.id === stands[0]!.id);
    expect(product).toMatchObject({ has_active_prize: true, active_prize_name: "Dash status" });

    // Two wins use up today's budget of 2: the target drops to 0 (both on one Seoul day, APP_TIMEZONE's).
    await awayFromDayTurn("Asia/Seoul", 10);
    for (const stand of stands) {
      const visitor = await newVisitor(baseUrl);
      expect((await visitor.post(claimPath(stand.url_path))).status).toBe(200);
      expect((await visitor.post(claimPath(stand.url_path), { name: "dashy", password: "8802" })).status).toBe(201);
    }
    expect((await status(prize.id)).maintenance_status).toBe("exhausted");

    const inactive = { name: "Dash status", total_quantity: "5", daily_distribution: "2", maintenance_count: "2", remaining_quantity: "3" };
    expect((await admin.form("PUT", `/api/prizes/${prize.id}/`, inactive)).status).toBe(200);
    expect((await status(prize.id)).maintenance_status).toBe("inactive");
  });
});
