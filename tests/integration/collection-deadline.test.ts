import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prizes, winners } from "@/db/schema";
import { expireDueWins } from "@/lib/services/winners/expire";
import type { PlacementPage } from "@/shared/contracts/placements";
import type { WinnerRow } from "@/shared/contracts/winners";
import { auditRows, createAccount } from "../support/accounts";
import { insertWins } from "../support/deadline";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { TEST_TIME_ZONE } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

/** HH:MM on the event's clock (the tests' APP_TIMEZONE), as the server's messages say a time. */
const clock = (at: Date | string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TEST_TIME_ZONE }).format(new Date(at));

/**
 * The collection deadline (server-behaviour.md, "Collecting a prize: the deadline"): deadlines are arranged
 * in the database (tests/support/deadline.ts) rather than waited for, each in one reach, and what follows is
 * read through the API. Sweeps racing each other or the desk on connections of their own, and an instance
 * killed mid-sweep, are several-instances.test.ts's.
 */
describe("the collection deadline", () => {
  let server: FileServer;
  let admin: TestClient;
  let maintenanceBefore: boolean | undefined;

  beforeAll(async () => {
    server = await serverForFile("deadline");
    admin = await signedInClient(server.url, TEST_ADMIN);
    // Nothing placed by itself while this file counts placements and stock.
    maintenanceBefore = await setMaintenanceMode(admin, false);
  }, 120_000);
  afterAll(async () => {
    try {
      await admin.patch("/api/admin/settings/", { collect_within_minutes: null, desk_location_en: null, desk_location_ko: null });
      if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
    } finally {
      await server.stop();
    }
  });

  const winnersOf = async (prizeId: number, filter = "") =>
    ((await (await admin.get(`/api/winners/?prize=${prizeId}&page_size=1000${filter}`)).json()) as { results: WinnerRow[] }).results;
  const prizeOf = async (prizeId: number) =>
    (await (await admin.get(`/api/prizes/${prizeId}/`)).json()) as { total_quantity: number; remaining_quantity: number };
  const livePlacementsOf = async (prizeId: number) =>
    ((await (await admin.get("/api/prize-distributions/?page_size=1000")).json()) as PlacementPage).results.filter(
      (placement) => placement.prize === prizeId && placement.is_active,
    );
  /** The prize's invariant (server-behaviour.md), as the organiser reads it: winners not expired = total - remaining. */
  async function stockHolds(prizeId: number) {
    const prize = await prizeOf(prizeId);
    const notExpired = (await winnersOf(prizeId)).filter((winner) => winner.status !== "expired").length;
    return notExpired === prize.total_quantity - prize.remaining_quantity;
  }
  /** What a reinstate writes, as the organiser reads it: the prize, its winners, its live placements, the audit log's newest row. */
  async function shownState(prizeId: number) {
    const [newestAudit] = await auditRows(admin, {});
    return JSON.stringify([await prizeOf(prizeId), await winnersOf(prizeId), await livePlacementsOf(prizeId), newestAudit?.id]);
  }
  const expiryAudits = async (winnerId: number) =>
    (await auditRows(admin, { action: "winner.expired" })).filter((row) => row.target_id === String(winnerId));

  describe("the settings", () => {
    it("PATCH /api/admin/settings/ takes 5..1440 minutes or null, and a desk location of up to 80 characters", async () => {
      for (const bad of [4, 1441, 12.5, "30", -5]) {
        const response = await admin.patch("/api/admin/settings/", { collect_within_minutes: bad });
        expect(response.status, String(bad)).toBe(400);
        expect(Object.keys(await response.json())).toEqual(["collect_within_minutes"]);
      }
      const tooLong = await admin.patch("/api/admin/settings/", { desk_location_ko: "가".repeat(81) });
      expect(tooLong.status).toBe(400);
      expect(Object.keys(await tooLong.json())).toEqual(["desk_location_ko"]);

      const saved = await admin.patch("/api/admin/settings/", {
        collect_within_minutes: 30,
        desk_location_en: "  Hall B, next to the stage ",
        desk_location_ko: "",
      });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({
        collect_within_minutes: 30,
        desk_location_en: "Hall B, next to the stage",
        desk_location_ko: null,
      });
      expect(await (await admin.get("/api/admin/settings/")).json()).toMatchObject({ collect_within_minutes: 30 });
      const [audit] = await auditRows(admin, { action: "settings.update" });
      expect(audit?.changes).toMatchObject({
        collect_within_minutes: { after: 30 },
        desk_location_en: { after: "Hall B, next to the stage" },
      });
    });
  });

  describe("a win through the API", () => {
    it("keeps the deadline it was given; with none set, the spec's winner calls answer as before", async () => {
      await admin.patch("/api/admin/settings/", { collect_within_minutes: null });
      const prize = await createPrizeViaApi(admin, { name: "No-deadline cap", total: 5 });
      await winViaApi(admin, server.url, { prizeId: prize.id, name: "nodl", password: "6101" });
      const free = (await (await admin.get(`/api/winners/?prize=${prize.id}`)).json()).results[0];
      expect(free).toMatchObject({ is_received: false, received_at: null, collect_by: null, expired_at: null, status: "waiting" });
      const marked = await admin.post(`/api/winners/${free.id}/mark_received/`);
      expect(marked.status).toBe(200);
      expect(await marked.json()).toMatchObject({ is_received: true, status: "received", collect_by: null });
      expect((await admin.post(`/api/winners/${free.id}/mark_received/`)).status).toBe(409);
      const cancelled = await admin.post(`/api/winners/${free.id}/cancel_received/`);
      expect(await cancelled.json()).toMatchObject({ is_received: false, collect_by: null, status: "waiting" });

      await admin.patch("/api/admin/settings/", { collect_within_minutes: 30, desk_location_en: "Hall B, next to the stage" });
      const timed = await createPrizeViaApi(admin, { name: "Deadline cap", total: 5 });
      const { product } = await winViaApi(admin, server.url, { prizeId: timed.id, name: "dl", password: "6102" });
      const win = (await (await admin.get(`/api/winners/?prize=${timed.id}`)).json()).results[0];
      expect(win.status).toBe("waiting");
      const window = new Date(win.collect_by).getTime() - new Date(win.created_at).getTime();
      expect(window).toBe(30 * 60_000);
      // A later change of the setting leaves the deadline already shown alone.
      await admin.patch("/api/admin/settings/", { collect_within_minutes: 60 });
      expect((await (await admin.get(`/api/winners/?prize=${timed.id}`)).json()).results[0].collect_by).toBe(win.collect_by);
      await admin.patch("/api/admin/settings/", { collect_within_minutes: 30 });

      // The state call: another phone sees no my_win; the page's state is otherwise the same for both.
      const stranger = await newVisitor(server.url);
      const state = await (await stranger.get(`/api/p/${product.url_path}/prize/`)).json();
      expect(state.my_win).toBeUndefined();
      expect(Object.keys(state).sort()).toEqual(["drops_at", "event_state", "has_prize", "is_reserved", "now"]);
    });
  });

  describe("expiry, a late hand-over, reinstate, and the visitor's card", () => {
    it("the server's sweep expires a win past its deadline within 30 s, gives the unit back, once", async () => {
      await admin.patch("/api/admin/settings/", {
        collect_within_minutes: 30,
        desk_location_en: "Hall B, next to the stage",
        desk_location_ko: "B홀 무대 옆",
      });
      const prize = await createPrizeViaApi(admin, { name: "Sweep cap", total: 5 });
      const product = (await winViaApi(admin, server.url, { prizeId: prize.id, name: "late", password: "6103" })).product;
      const visitorState = async (client: TestClient, language = "en") =>
        (await client.request("GET", `/api/p/${product.url_path}/prize/`, { headers: { "accept-language": language } })).json();
      expect((await winnersOf(prize.id))[0]!.collect_by).not.toBeNull();
      expect((await prizeOf(prize.id)).remaining_quantity).toBe(4);

      // The winner's own phone: a fresh visitor who wins here, so the cookie is theirs.
      await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true });
      const phone = await newVisitor(server.url);
      expect((await phone.post(claimPath(product.url_path))).status).toBe(200);
      expect((await phone.post(claimPath(product.url_path), { name: "mine", password: "6104" })).status).toBe(201);
      const mine = (await winnersOf(prize.id)).find((winner) => winner.name === "mine")!;
      const waiting = await visitorState(phone);
      expect(waiting.my_win).toEqual({
        status: "waiting",
        collect_by: mine.collect_by,
        expired_at: null,
        received_at: null,
        desk_location: "Hall B, next to the stage",
      });
      expect((await visitorState(phone, "ko")).my_win.desk_location).toBe("B홀 무대 옆");

      // Its deadline passes (arranged): the server's own sweep (every instance, every 10 s) expires it.
      const deadline = await server.withDatabase(async (db) => {
        const [row] = await db
          .update(winners)
          .set({ collectBy: sql`now() - interval '1 second'` })
          .where(eq(winners.id, mine.id))
          .returning({ at: winners.collectBy });
        return row!.at!;
      });
      await expect
        .poll(async () => (await winnersOf(prize.id, "&status=expired")).map((winner) => winner.id), { interval: 200, timeout: 30_000 })
        .toEqual([mine.id]);
      expect((await prizeOf(prize.id)).remaining_quantity).toBe(4);
      expect(await stockHolds(prize.id)).toBe(true);
      const audits = await expiryAudits(mine.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ account_name: "system", target_type: "winner", target_name: `#${mine.id} (Sweep cap)` });

      // The visitor's card and the desk both see it; a late hand-over is refused with the time.
      expect((await visitorState(phone)).my_win).toMatchObject({ status: "expired", expired_at: expect.any(String) });
      const late = await admin.post(`/api/winners/${mine.id}/mark_received/`);
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({ detail: `This prize expired at ${clock(deadline)} and went back to the stock.` });
      const dashboard = await (await admin.get("/api/admin/dashboard/")).json();
      const stat = dashboard.prize_stats.find((p: { id: number }) => p.id === prize.id);
      expect(stat).toMatchObject({ total_winners: 2, received_winners: 0, unreceived_winners: 1, expired_winners: 1 });
      expect(dashboard.expired_winners).toBeGreaterThanOrEqual(1);

      // Reinstated at the desk: free stock (4 left, no placement promised), a fresh deadline, then handed over.
      // By the desk role, which never receives the code, not even in this answer.
      const desk = await signedInClient(server.url, await createAccount(admin, "desk", "dl-desk"));
      const reinstated = await desk.post(`/api/winners/${mine.id}/reinstate/`);
      expect(reinstated.status).toBe(200);
      const back = await reinstated.json();
      expect(back).toMatchObject({ status: "waiting", expired_at: null, password: null });
      expect(new Date(back.collect_by).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      expect((await prizeOf(prize.id)).remaining_quantity).toBe(3);
      expect(await stockHolds(prize.id)).toBe(true);
      expect((await admin.post(`/api/winners/${mine.id}/reinstate/`)).status).toBe(409);
      expect((await admin.post(`/api/winners/${mine.id}/mark_received/`)).status).toBe(200);
      expect((await visitorState(phone)).my_win).toMatchObject({ status: "received", received_at: expect.any(String) });

      // A received win never expires, and an undone hand-over whose deadline passed meanwhile gets 10 minutes.
      const still = await server.withDatabase(async (db) => {
        await db.update(winners).set({ collectBy: sql`now() - interval '1 hour'` }).where(eq(winners.id, mine.id));
        await expireDueWins(db);
        return (await db.select().from(winners).where(eq(winners.id, mine.id)))[0];
      });
      expect(still).toMatchObject({ isReceived: true, expiredAt: null });
      const undone = await (await admin.post(`/api/winners/${mine.id}/cancel_received/`)).json();
      expect(new Date(undone.collect_by).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      expect(new Date(undone.collect_by).getTime()).toBeLessThan(Date.now() + 11 * 60_000);
      expect(undone.status).toBe("waiting");
    }, 120_000);
  });

  describe("POST /api/winners/{id}/reinstate/", () => {
    it("nothing free: 409 and nothing changes; a free placement is withdrawn; never more placements than stock", async () => {
      // Two units in stock, both promised to pages, and a win that expired (its unit among the two).
      const { prizeId, pages, expiredId, kept } = await server.withDatabase(async (db) => {
        const prizeId = await seedPrize(db, { total: 3, maintenance: 2, name: "Reinstate cap" });
        const pages = await seedPages(db, 2, "Reinstate", [prizeId, prizeId]);
        const [expiredId] = await insertWins(db, { prizeId, count: 1, collectIn: -60, expired: true, label: "gone-" });
        const [kept] = await insertWins(db, { prizeId, count: 1, collectIn: 600, label: "kept-" });
        return { prizeId, pages, expiredId: expiredId!, kept: kept! };
      });
      expect((await prizeOf(prizeId)).remaining_quantity).toBe(2);

      // Both placements held by phones: nobody's unit is free.
      const phones = await Promise.all(pages.map(() => newVisitor(server.url)));
      for (const [index, page] of pages.entries()) expect((await phones[index]!.post(claimPath(page.urlPath))).status).toBe(200);
      const before = await shownState(prizeId);
      const refused = await admin.post(`/api/winners/${expiredId}/reinstate/`);
      expect(refused.status).toBe(409);
      expect((await refused.json()).detail).toMatch(/^No unit of this prize is free/);
      expect(await shownState(prizeId)).toBe(before);

      // Not expired: 409, nothing changes.
      const notExpired = await admin.post(`/api/winners/${kept}/reinstate/`);
      expect(notExpired.status).toBe(409);
      expect(await notExpired.json()).toEqual({ detail: "This prize has not expired: there is nothing to reinstate." });
      expect((await admin.post("/api/winners/999999/reinstate/")).status).toBe(404);

      // One phone lets go: its placement is nobody's, so it is withdrawn for the late winner.
      expect((await phones[0]!.patch(claimPath(pages[0]!.urlPath))).status).toBe(200);
      const reinstated = await admin.post(`/api/winners/${expiredId}/reinstate/`);
      expect(reinstated.status).toBe(200);
      expect(await reinstated.json()).toMatchObject({ status: "waiting", expired_at: null, collect_by: expect.any(String) });
      const prize = await prizeOf(prizeId);
      const live = await livePlacementsOf(prizeId);
      expect(prize.remaining_quantity).toBe(1);
      expect(live.map((placement) => placement.product)).toEqual([pages[1]!.id]);
      expect(live.length).toBeLessThanOrEqual(prize.remaining_quantity);
      expect(await stockHolds(prizeId)).toBe(true);
      const [audit] = (await auditRows(admin, { action: "winner.reinstate" })).filter((row) => row.target_id === String(expiredId));
      expect(audit).toMatchObject({ account_name: TEST_ADMIN.name });
      expect(audit!.changes).toMatchObject({ status: { before: "expired", after: "waiting" } });
      // The held phone still wins its prize: the stock kept its unit for it.
      expect((await phones[1]!.post(claimPath(pages[1]!.urlPath), { name: "holder", password: "6105" })).status).toBe(201);
      expect((await prizeOf(prizeId)).remaining_quantity).toBe(0);
      expect(await stockHolds(prizeId)).toBe(true);
    }, 120_000);

    it("never leaves more live placements than stock, however many reinstates race", async () => {
      const { prizeId, expiredIds } = await server.withDatabase(async (db) => {
        const prizeId = await seedPrize(db, { total: 8, maintenance: 3, name: "Reinstate storm" });
        await seedPages(db, 3, "Storm", [prizeId, prizeId, prizeId]);
        const expiredIds = await insertWins(db, { prizeId, count: 8, collectIn: -60, expired: true, label: "storm-" });
        return { prizeId, expiredIds };
      });
      // 8 in stock, 3 promised: 5 free units, then 3 withdrawals; 8 reinstates fit exactly, no more.
      const answers = await Promise.all(expiredIds.map((id) => admin.post(`/api/winners/${id}/reinstate/`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual(Array(8).fill(200));
      expect((await prizeOf(prizeId)).remaining_quantity).toBe(0);
      expect(await livePlacementsOf(prizeId)).toHaveLength(0);
      // One more win expired, and the unit it gave back won by someone else since: nothing is left for it.
      const extra = await server.withDatabase(async (db) => {
        await db
          .update(prizes)
          .set({ totalQuantity: sql`${prizes.totalQuantity} + 1`, remainingQuantity: sql`${prizes.remainingQuantity} + 1` })
          .where(eq(prizes.id, prizeId));
        const [extra] = await insertWins(db, { prizeId, count: 1, collectIn: -60, expired: true, label: "extra-" });
        await insertWins(db, { prizeId, count: 1, collectIn: 600, label: "since-" });
        return extra!;
      });
      const before = await shownState(prizeId);
      expect((await admin.post(`/api/winners/${extra}/reinstate/`)).status).toBe(409);
      expect(await shownState(prizeId)).toBe(before);
      expect(await stockHolds(prizeId)).toBe(true);
    }, 120_000);
  });
});
