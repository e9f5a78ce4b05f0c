import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { Funnel, FunnelProduct } from "@/shared/contracts/funnel";
import { type RunningServer, startServer } from "../support/app-server";
import { openSharedPostgresDatabase } from "../support/direct-database";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");

/** The flush runs every 5 s (lib/funnel/flusher.ts); the promise is "within 10 s". */
const FLUSHED_WITHIN_MS = 10_000;

async function funnelOf(admin: TestClient, query: string): Promise<Funnel> {
  const response = await admin.get(`/api/admin/funnel/?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** Polls until the page's counts are `expected` (or the flush deadline passes), then returns them. */
async function pageCountsOnceFlushed(
  admin: TestClient,
  productId: number,
  expected: Omit<FunnelProduct, "product_id" | "product_name" | "conversion">,
) {
  const deadline = Date.now() + FLUSHED_WITHIN_MS;
  let funnel: Funnel;
  do {
    funnel = await funnelOf(admin, `product=${productId}`);
    const { scans, taps, holds, wins, handed_over } = funnel.totals;
    if (JSON.stringify({ scans, taps, holds, wins, handed_over }) === JSON.stringify(expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  return funnel;
}

describePostgresOnly(import.meta.filename, "the scan-to-win funnel on two instances sharing one database", () => {
  let database: ReturnType<typeof openSharedPostgresDatabase>;
  let second: RunningServer;
  let admin: TestClient;

  beforeAll(async () => {
    database = openSharedPostgresDatabase();
    second = await startServer({
      DATABASE_URL: databaseUrl!,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: tempDir("funnel-second"),
      APP_TIMEZONE: "Asia/Seoul",
      TRUSTED_PROXY_HOPS: "1",
    });
    admin = await signedInClient(baseUrl, TEST_ADMIN);
  });
  afterAll(async () => {
    await second?.stop();
    await database?.close();
  });

  it("counts scans, taps, holds, wins and hand-overs exactly from a scripted visit mix", async () => {
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 1 });
    const [pageA, pageB, pageC] = await seedPages(database.db, 3, "Funnel", [prizeId, prizeId]);
    const instances = [baseUrl, second.url];

    // Scans: 3 on A and 1 on C on each instance, each a page and its first state call (`?view=1`); none for
    // the page alone (a prefetch, a cache's copy), the state call's later polls, or an unknown page.
    for (const url of instances) {
      const phone = await newVisitor(url);
      for (let scan = 0; scan < 3; scan += 1) {
        expect((await phone.get(`/p/${pageA!.urlPath}`)).status).toBe(200);
        expect((await phone.get(`/api/p/${pageA!.urlPath}/prize/?view=1`)).status).toBe(200);
        expect((await phone.get(`/api/p/${pageA!.urlPath}/prize/`)).status).toBe(200);
      }
      expect((await phone.get(`/p/${pageC!.urlPath}`)).status).toBe(200);
      expect((await phone.get(`/api/p/${pageC!.urlPath}/prize/?view=1`)).status).toBe(200);
      expect((await phone.request("GET", `/p/${pageA!.urlPath}`, { headers: { "next-router-prefetch": "1" } })).status).toBeLessThan(500);
      expect((await phone.request("GET", `/p/${pageA!.urlPath}`, { headers: { purpose: "prefetch" } })).status).toBe(200);
      expect((await phone.request("HEAD", `/p/${pageA!.urlPath}`)).status).toBe(200);
      expect((await phone.get("/p/NoSuchPage123")).status).toBe(404);
      expect((await phone.get("/api/p/NoSuchPage123/prize/?view=1")).status).toBe(404);
    }

    // Taps and holds on A: a hold (instance 1), the same visitor asking again (a tap, no new hold, instance 2),
    // another visitor refused (instance 2); the first one wins (instance 1).
    const first = await newVisitor(baseUrl);
    expect((await first.post(claimPath(pageA!.urlPath))).status).toBe(200);
    const firstOnSecond = await newVisitor(second.url);
    for (const [name, value] of first.cookies) firstOnSecond.cookies.set(name, value);
    expect((await firstOnSecond.post(claimPath(pageA!.urlPath))).status).toBe(200);
    expect((await (await newVisitor(second.url)).post(claimPath(pageA!.urlPath))).status).toBe(409);
    const won = await first.post(claimPath(pageA!.urlPath), { name: "Funnel", password: "1357" });
    expect(won.status).toBe(201);
    // B: one hold and a win, all on instance 2.
    const other = await newVisitor(second.url);
    expect((await other.post(claimPath(pageB!.urlPath))).status).toBe(200);
    expect((await other.post(claimPath(pageB!.urlPath), { name: "Other", password: "2468" })).status).toBe(201);

    // Hand-overs: A's winner once (a second desk's 409 and a cancel change nothing); B's not at all.
    const winners = (await (await admin.get(`/api/winners/?product=${pageA!.id}`)).json()) as { results: { id: number }[] };
    const winnerId = winners.results[0]!.id;
    const secondDesk = await signedInClient(second.url, TEST_ADMIN);
    expect((await secondDesk.post(`/api/winners/${winnerId}/mark_received/`)).status).toBe(200);
    expect((await admin.post(`/api/winners/${winnerId}/mark_received/`)).status).toBe(409);
    expect((await admin.post(`/api/winners/${winnerId}/cancel_received/`)).status).toBe(200);

    const a = await pageCountsOnceFlushed(admin, pageA!.id, { scans: 6, taps: 3, holds: 1, wins: 1, handed_over: 1 });
    expect(a.totals).toEqual({ scans: 6, taps: 3, holds: 1, wins: 1, handed_over: 1, conversion: 1 / 6 });
    expect(a.by_product).toEqual([
      { product_id: pageA!.id, product_name: expect.any(String), scans: 6, taps: 3, holds: 1, wins: 1, handed_over: 1, conversion: 1 / 6 },
    ]);
    // One clock hour (unless the test ran across one), written in APP_TIMEZONE (Asia/Seoul, +09:00).
    expect(a.by_hour.length).toBeGreaterThanOrEqual(1);
    for (const hour of a.by_hour) expect(hour.hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+09:00$/);
    expect(a.by_hour.reduce((sum, hour) => sum + hour.scans, 0)).toBe(6);

    const b = await pageCountsOnceFlushed(admin, pageB!.id, { scans: 0, taps: 1, holds: 1, wins: 1, handed_over: 0 });
    expect(b.totals).toMatchObject({ scans: 0, taps: 1, holds: 1, wins: 1, handed_over: 0, conversion: null });
    const c = await pageCountsOnceFlushed(admin, pageC!.id, { scans: 2, taps: 0, holds: 0, wins: 0, handed_over: 0 });
    expect(c.totals).toMatchObject({ scans: 2, taps: 0, holds: 0, wins: 0, handed_over: 0 });
  });

  it("GET /api/admin/funnel/ filters by date; bad filters are a 400 naming the field", async () => {
    const past = await funnelOf(admin, "start_date=2001-01-01&end_date=2001-01-02");
    expect(past).toEqual({
      totals: { scans: 0, taps: 0, holds: 0, wins: 0, handed_over: 0, conversion: null },
      by_hour: [],
      by_product: [],
    });
    const bad = await admin.get("/api/admin/funnel/?start_date=2026-02-30&product=abc");
    expect(bad.status).toBe(400);
    expect(Object.keys(await bad.json()).sort()).toEqual(["product", "start_date"]);
    const reversed = await admin.get("/api/admin/funnel/?start_date=2026-03-02&end_date=2026-03-01");
    expect(await reversed.json()).toEqual({ start_date: ["The start date must not be after the end date."] });
  });

  it("GET /api/admin/funnel/download_excel/ answers a workbook; both need a session", async () => {
    const file = await admin.get("/api/admin/funnel/download_excel/");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="funnel-\d{8}\.xlsx"$/);
    expect(new Uint8Array(await file.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const visitor = await newVisitor(baseUrl);
    expect((await visitor.get("/api/admin/funnel/")).status).toBe(401);
    expect((await visitor.get("/api/admin/funnel/download_excel/")).status).toBe(401);
  });
});
