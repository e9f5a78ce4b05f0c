import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Db, openDatabase } from "@/db";
import { auditLog, placements, prizes, winners } from "@/db/schema";
import { expireDueWins } from "@/lib/services/winners/expire";
import { createAccount } from "../support/accounts";
import { type RunningServer, startServer } from "../support/app-server";
import { expiryAuditCounts, insertWins, stockMismatches } from "../support/deadline";
import { openServerDatabase } from "../support/direct-database";
import { signedInClient, type TestClient } from "../support/http-client";
import { prizeRow, seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

const baseUrl = inject("baseUrl");
const connection = openServerDatabase("collection-deadline");

/** HH:MM on the event's clock (the tests' APP_TIMEZONE), as the server's messages say a time. */
const clock = (at: Date | string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TEST_TIME_ZONE }).format(new Date(at));

/** The tables a reinstate writes, as one digest (the funnel's counts of the taps here move on their own). */
async function rowsDigest(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of ["winners", "prizes", "prize_placements", "audit_log"]) {
    const [row] = (await db.execute(
      sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`),
    )) as unknown as {
      digest: string | null;
    }[];
    parts.push(`${table}:${row?.digest}`);
  }
  return parts.join(",");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await sleep(everyMs);
  }
}

/**
 * The collection deadline (server-behaviour.md, "Collecting a prize: the deadline"), on Postgres:
 * deadlines are arranged in the database (tests/support/deadline.ts) rather than waited for.
 */
describe.runIf(connection)("the collection deadline", () => {
  const database = connection!;
  let admin: TestClient;
  let maintenanceBefore: boolean | undefined;

  beforeAll(async () => {
    admin = await signedInClient(baseUrl, TEST_ADMIN);
    // Nothing placed by itself while this file counts placements and stock.
    maintenanceBefore = await setMaintenanceMode(admin, false);
  });
  afterAll(async () => {
    try {
      await admin.patch("/api/admin/settings/", { collect_within_minutes: null, desk_location_en: null, desk_location_ko: null });
      if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
    } finally {
      await database.close();
    }
  });

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
      const [audit] = await database.db
        .select({ changes: auditLog.changes })
        .from(auditLog)
        .where(eq(auditLog.action, "settings.update"))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
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
      await winViaApi(admin, baseUrl, { prizeId: prize.id, name: "nodl", password: "6101" });
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
      const { product } = await winViaApi(admin, baseUrl, { prizeId: timed.id, name: "dl", password: "6102" });
      const win = (await (await admin.get(`/api/winners/?prize=${timed.id}`)).json()).results[0];
      expect(win.status).toBe("waiting");
      const window = new Date(win.collect_by).getTime() - new Date(win.created_at).getTime();
      expect(window).toBe(30 * 60_000);
      // A later change of the setting leaves the deadline already shown alone.
      await admin.patch("/api/admin/settings/", { collect_within_minutes: 60 });
      expect((await (await admin.get(`/api/winners/?prize=${timed.id}`)).json()).results[0].collect_by).toBe(win.collect_by);
      await admin.patch("/api/admin/settings/", { collect_within_minutes: 30 });

      // The state call: another phone sees no my_win; the page's state is otherwise the same for both.
      const stranger = await newVisitor(baseUrl);
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
      const product = (await winViaApi(admin, baseUrl, { prizeId: prize.id, name: "late", password: "6103" })).product;
      const visitorState = async (client: TestClient, language = "en") =>
        (await client.request("GET", `/api/p/${product.url_path}/prize/`, { headers: { "accept-language": language } })).json();
      // winViaApi's phone is gone; the win's cookie id is on the row: a phone with that cookie is arranged below.
      const [row] = await database.db.select().from(winners).where(eq(winners.prizeId, prize.id));
      expect(row!.collectBy).not.toBeNull();
      expect((await prizeRow(database.db, prize.id)).remainingQuantity).toBe(4);

      // The winner's own phone: a fresh visitor who wins here, so the cookie is theirs.
      await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true });
      const phone = await newVisitor(baseUrl);
      expect((await phone.post(claimPath(product.url_path))).status).toBe(200);
      expect((await phone.post(claimPath(product.url_path), { name: "mine", password: "6104" })).status).toBe(201);
      const [mine] = await database.db
        .select()
        .from(winners)
        .where(and(eq(winners.prizeId, prize.id), eq(winners.name, "mine")));
      const waiting = await visitorState(phone);
      expect(waiting.my_win).toEqual({
        status: "waiting",
        collect_by: new Date(mine!.collectBy!).toISOString(),
        expired_at: null,
        received_at: null,
        desk_location: "Hall B, next to the stage",
      });
      expect((await visitorState(phone, "ko")).my_win.desk_location).toBe("B홀 무대 옆");

      // Its deadline passes (arranged): the server's own sweep (every instance, every 10 s) expires it.
      await database.db.update(winners).set({ collectBy: sql`now() - interval '1 second'` }).where(eq(winners.id, mine!.id));
      const [deadline] = await database.db.select({ at: winners.collectBy }).from(winners).where(eq(winners.id, mine!.id));
      const started = Date.now();
      const expired = await until(
        async () => (await database.db.select().from(winners).where(eq(winners.id, mine!.id)))[0]!,
        (winner) => winner.expiredAt !== null,
        30_000,
      );
      expect(expired.expiredAt).not.toBeNull();
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await prizeRow(database.db, prize.id)).remainingQuantity).toBe(4);
      expect(await stockMismatches(database.db, [prize.id])).toEqual([]);
      expect((await expiryAuditCounts(database.db, [mine!.id])).get(mine!.id)).toBe(1);
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "winner.expired"), eq(auditLog.targetId, String(mine!.id))));
      expect(audit).toMatchObject({ accountName: "system", targetType: "winner", targetName: `#${mine!.id} (Sweep cap)` });

      // The visitor's card and the desk both see it; a late hand-over is refused with the time.
      expect((await visitorState(phone)).my_win).toMatchObject({ status: "expired", expired_at: expect.any(String) });
      const late = await admin.post(`/api/winners/${mine!.id}/mark_received/`);
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({ detail: `This prize expired at ${clock(deadline!.at!)} and went back to the stock.` });
      expect(
        (await (await admin.get(`/api/winners/?prize=${prize.id}&status=expired`)).json()).results.map((w: { id: number }) => w.id),
      ).toEqual([mine!.id]);
      const dashboard = await (await admin.get("/api/admin/dashboard/")).json();
      const stat = dashboard.prize_stats.find((p: { id: number }) => p.id === prize.id);
      expect(stat).toMatchObject({ total_winners: 2, received_winners: 0, unreceived_winners: 1, expired_winners: 1 });
      expect(dashboard.expired_winners).toBeGreaterThanOrEqual(1);

      // Reinstated at the desk: free stock (4 left, no placement promised), a fresh deadline, then handed over.
      // By the desk role, which never receives the code, not even in this answer.
      const desk = await signedInClient(baseUrl, await createAccount(admin, "desk", "dl-desk"));
      const reinstated = await desk.post(`/api/winners/${mine!.id}/reinstate/`);
      expect(reinstated.status).toBe(200);
      const back = await reinstated.json();
      expect(back).toMatchObject({ status: "waiting", expired_at: null, password: null });
      expect(new Date(back.collect_by).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      expect((await prizeRow(database.db, prize.id)).remainingQuantity).toBe(3);
      expect(await stockMismatches(database.db, [prize.id])).toEqual([]);
      expect((await admin.post(`/api/winners/${mine!.id}/reinstate/`)).status).toBe(409);
      expect((await admin.post(`/api/winners/${mine!.id}/mark_received/`)).status).toBe(200);
      expect((await visitorState(phone)).my_win).toMatchObject({ status: "received", received_at: expect.any(String) });

      // A received win never expires, and an undone hand-over whose deadline passed meanwhile gets 10 minutes.
      await database.db.update(winners).set({ collectBy: sql`now() - interval '1 hour'` }).where(eq(winners.id, mine!.id));
      await expireDueWins(database.db);
      const [still] = await database.db.select().from(winners).where(eq(winners.id, mine!.id));
      expect(still).toMatchObject({ isReceived: true, expiredAt: null });
      const undone = await (await admin.post(`/api/winners/${mine!.id}/cancel_received/`)).json();
      expect(new Date(undone.collect_by).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      expect(new Date(undone.collect_by).getTime()).toBeLessThan(Date.now() + 11 * 60_000);
      expect(undone.status).toBe("waiting");
    }, 60_000);
  });

  describe("a hand-over and an expiry racing at the deadline", () => {
    it("100 races: exactly one of them happens each time, and the stock is right", async () => {
      const prizeId = await seedPrize(database.db, { total: 200, name: "Race cap" });
      const outcomes = { handedOver: 0, expired: 0 };
      for (let round = 0; round < 10; round += 1) {
        // Ten wins whose deadlines fall around the moment the desk presses, by the database's clock; a sweep
        // runs over and over meanwhile, as the instances' sweeps would at the deadline.
        const [clockRow] = (await database.db.execute(sql`select now() as now`)) as unknown as { now: string }[];
        const skew = new Date(clockRow!.now).getTime() - Date.now();
        // How long a hand-over takes to reach the database on this machine now: the deadlines are centred on
        // the moment the presses arrive, not the moment they leave.
        const probeStarted = Date.now();
        await Promise.all(Array.from({ length: 10 }, () => admin.post("/api/winners/999999/mark_received/")));
        const latency = Date.now() - probeStarted;
        const spread = Math.max(300, latency);
        // The wins first, with a deadline an hour off; then their deadlines, in one statement, spread around
        // the presses' arrival on the database's clock. One statement lands in milliseconds, so the presses
        // can follow it closely, where ten inserts needed a second and a half of lead on a loaded machine.
        const ids = await insertWins(database.db, { prizeId, count: 10, collectIn: 3600, label: `race${round}-` });
        const pressAt = Date.now() + 250;
        const deadlines = ids.map((id, index) => ({
          id,
          at: new Date(pressAt + skew + latency - spread + (index * 2 * spread) / 9 + Math.random() * 20).toISOString(),
        }));
        await database.db.execute(sql`
          update winners set collect_by = deadline.at
          from jsonb_to_recordset(${JSON.stringify(deadlines)}::jsonb) as deadline(id int, at timestamptz)
          where winners.id = deadline.id`);
        await sleep(Math.max(0, pressAt - Date.now()));
        let pressing = true;
        const sweeping = (async () => {
          while (pressing) {
            await expireDueWins(database.db);
            await sleep(5);
          }
        })();
        const results = await Promise.all(
          ids.map((id) =>
            admin.post(`/api/winners/${id}/mark_received/`).then(async (r) => ({ id, status: r.status, body: await r.json() })),
          ),
        );
        pressing = false;
        await sweeping;
        // Those the sweep did not reach in this round go with the next sweep (the server's, or this one).
        await expireDueWins(database.db);
        const rows = await database.db.select().from(winners).where(inArray(winners.id, ids));
        for (const answer of results as { id: number; status: number; body: { detail?: string } }[]) {
          const row = rows.find((winner) => winner.id === answer.id)!;
          // Exactly one outcome: handed over (200, never expired) or expired (409 naming the time, not received).
          expect(row.isReceived && row.expiredAt !== null).toBe(false);
          if (answer.status === 200) {
            expect(row).toMatchObject({ isReceived: true, expiredAt: null });
            outcomes.handedOver += 1;
          } else {
            expect(answer.status).toBe(409);
            expect(answer.body.detail).toMatch(/^This prize expired at \d{2}:\d{2} and went back to the stock\.$/);
            expect(row.isReceived).toBe(false);
            expect(row.expiredAt).not.toBeNull();
            outcomes.expired += 1;
          }
        }
        const audits = await expiryAuditCounts(database.db, ids);
        for (const row of rows) expect(audits.get(row.id) ?? 0).toBe(row.expiredAt ? 1 : 0);
        expect(await stockMismatches(database.db, [prizeId])).toEqual([]);
      }
      console.info(`hand-over vs expiry at the deadline: ${JSON.stringify(outcomes)}`);
      expect(outcomes.handedOver + outcomes.expired).toBe(100);
      // Both sides won some: the deadlines fell among the presses, so these were races, not one-sided.
      expect(outcomes.handedOver).toBeGreaterThan(0);
      expect(outcomes.expired).toBeGreaterThan(0);
      const prize = await prizeRow(database.db, prizeId);
      expect(prize.remainingQuantity).toBe(200 - outcomes.handedOver);
    }, 120_000);
  });

  describe("several instances sweeping", () => {
    it("two instances sweeping the same 500 due wins give back exactly 500 units", async () => {
      const prizeIds = [
        await seedPrize(database.db, { total: 300, name: "Sweep A" }),
        await seedPrize(database.db, { total: 300, name: "Sweep B" }),
      ];
      const ids = [
        ...(await insertWins(database.db, { prizeId: prizeIds[0]!, count: 250, collectIn: -5, label: "twoA-" })),
        ...(await insertWins(database.db, { prizeId: prizeIds[1]!, count: 250, collectIn: -5, label: "twoB-" })),
      ];
      // Two pools, as two instances have (the server's own sweep may join in too).
      const pools = [0, 1].map(() => openDatabase({ kind: "postgres", url: inject("databaseUrl")! }, { timeZone: TEST_TIME_ZONE }));
      try {
        const swept = await Promise.all([...pools.map((pool) => expireDueWins(pool.db)), ...pools.map((pool) => expireDueWins(pool.db))]);
        expect(swept.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(500);
      } finally {
        await Promise.all(pools.map((pool) => pool.close()));
      }
      // A sweep stops when its batch was taken by another, which goes on. The server's own sweep may have
      // taken a batch from all four here, and be finishing the rest after they have returned.
      const stillWaiting = async () => {
        const [left] = await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(winners)
          .where(and(inArray(winners.id, ids), sql`${winners.expiredAt} is null`));
        return left!.count;
      };
      await expect.poll(stillWaiting, { timeout: 30_000 }).toBe(0);
      for (const prizeId of prizeIds) expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(300);
      const audits = await expiryAuditCounts(database.db, ids);
      expect(ids.filter((id) => audits.get(id) !== 1)).toEqual([]);
      expect(await stockMismatches(database.db, prizeIds)).toEqual([]);
    }, 60_000);
  });

  describe("POST /api/winners/{id}/reinstate/", () => {
    it("nothing free: 409 and nothing changes; a free placement is withdrawn; never more placements than stock", async () => {
      // Two units in stock, both promised to pages, and a win that expired (its unit among the two).
      const prizeId = await seedPrize(database.db, { total: 3, maintenance: 2, name: "Reinstate cap" });
      const pages = await seedPages(database.db, 2, "Reinstate", [prizeId, prizeId]);
      const [expiredId] = await insertWins(database.db, { prizeId, count: 1, collectIn: -60, expired: true, label: "gone-" });
      const [kept] = await insertWins(database.db, { prizeId, count: 1, collectIn: 600, label: "kept-" });
      expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(2);

      // Both placements held by phones: nobody's unit is free.
      const phones = await Promise.all(pages.map(() => newVisitor(baseUrl)));
      for (const [index, page] of pages.entries()) expect((await phones[index]!.post(claimPath(page.urlPath))).status).toBe(200);
      const before = await rowsDigest(database.db);
      const refused = await admin.post(`/api/winners/${expiredId}/reinstate/`);
      expect(refused.status).toBe(409);
      expect((await refused.json()).detail).toMatch(/^No unit of this prize is free/);
      expect(await rowsDigest(database.db)).toBe(before);

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
      const prize = await prizeRow(database.db, prizeId);
      const live = await database.db
        .select({ id: placements.id, productId: placements.productId })
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
      expect(prize.remainingQuantity).toBe(1);
      expect(live.map((placement) => placement.productId)).toEqual([pages[1]!.id]);
      expect(live.length).toBeLessThanOrEqual(prize.remainingQuantity);
      expect(await stockMismatches(database.db, [prizeId])).toEqual([]);
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "winner.reinstate"), eq(auditLog.targetId, String(expiredId))));
      expect(audit).toMatchObject({ accountName: TEST_ADMIN.name });
      expect(audit!.changes).toMatchObject({ status: { before: "expired", after: "waiting" } });
      // The held phone still wins its prize: the stock kept its unit for it.
      expect((await phones[1]!.post(claimPath(pages[1]!.urlPath), { name: "holder", password: "6105" })).status).toBe(201);
      expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(0);
      expect(await stockMismatches(database.db, [prizeId])).toEqual([]);
    }, 60_000);

    it("never leaves more live placements than stock, however many reinstates race", async () => {
      const prizeId = await seedPrize(database.db, { total: 8, maintenance: 3, name: "Reinstate storm" });
      await seedPages(database.db, 3, "Storm", [prizeId, prizeId, prizeId]);
      const expiredIds = await insertWins(database.db, { prizeId, count: 8, collectIn: -60, expired: true, label: "storm-" });
      // 8 in stock, 3 promised: 5 free units, then 3 withdrawals; 8 reinstates fit exactly, no more.
      const answers = await Promise.all(expiredIds.map((id) => admin.post(`/api/winners/${id}/reinstate/`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual(Array(8).fill(200));
      const prize = await prizeRow(database.db, prizeId);
      const [live] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
      expect(prize.remainingQuantity).toBe(0);
      expect(live!.count).toBe(0);
      // One more win expired, and the unit it gave back won by someone else since: nothing is left for it.
      await database.db
        .update(prizes)
        .set({ totalQuantity: sql`${prizes.totalQuantity} + 1`, remainingQuantity: sql`${prizes.remainingQuantity} + 1` })
        .where(eq(prizes.id, prizeId));
      const extra = await insertWins(database.db, { prizeId, count: 1, collectIn: -60, expired: true, label: "extra-" });
      await insertWins(database.db, { prizeId, count: 1, collectIn: 600, label: "since-" });
      const before = await rowsDigest(database.db);
      expect((await admin.post(`/api/winners/${extra[0]}/reinstate/`)).status).toBe(409);
      expect(await rowsDigest(database.db)).toBe(before);
      expect(await stockMismatches(database.db, [prizeId])).toEqual([]);
    }, 60_000);
  });

  describe("a crash mid-sweep", () => {
    let fresh: { url: string; drop: () => Promise<void> } | undefined;
    let own: Db | undefined;
    let close: (() => Promise<void>) | undefined;
    let server: RunningServer | undefined;
    afterAll(async () => {
      await server?.stop();
      await close?.();
      await fresh?.drop();
    });

    it("an instance killed (SIGKILL) while sweeping thousands loses nothing and gives nothing twice", async () => {
      fresh = await createFreshPostgresDatabase("deadlinekill");
      const env = {
        DATABASE_URL: fresh.url,
        AUTH_SECRET: TEST_AUTH_SECRET,
        DATA_DIR: tempDir("deadlinekill"),
        APP_TIMEZONE: TEST_TIME_ZONE,
      };
      server = await startServer(env);
      const handle = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
      own = handle.db;
      close = handle.close;
      const prizeIds = [await seedPrize(own, { total: 4000, name: "Kill A" }), await seedPrize(own, { total: 4000, name: "Kill B" })];
      for (const prizeId of prizeIds) await insertWins(own, { prizeId, count: 3000, collectIn: -5, label: "kill-" });
      const expiredCount = async () =>
        (await own!.select({ count: sql<number>`count(*)::int` }).from(winners).where(sql`${winners.expiredAt} is not null`))[0]!.count;
      // The instance's next sweep (within 10 s) starts on the 6000; kill it once some, not all, are done.
      const seen = await until(expiredCount, (count) => count > 0, 30_000, 5);
      expect(seen).toBeGreaterThan(0);
      server.process.kill("SIGKILL");
      await new Promise((resolve) => server!.process.once("exit", resolve));
      server = undefined;
      const atKill = await expiredCount();
      expect(atKill).toBeLessThan(6000);
      // Postgres rolled back the transaction that was open: every committed batch is whole, nothing half-done.
      expect(await stockMismatches(own, prizeIds)).toEqual([]);
      const [audits] = await own
        .select({ rows: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${auditLog.targetId})::int` })
        .from(auditLog)
        .where(eq(auditLog.action, "winner.expired"));
      expect(audits).toEqual({ rows: atKill, distinct: atKill });

      // A new instance finishes the sweep: every unit back, exactly once.
      server = await startServer(env);
      const all = await until(expiredCount, (count) => count === 6000, 60_000);
      expect(all).toBe(6000);
      for (const prizeId of prizeIds) expect((await prizeRow(own, prizeId)).remainingQuantity).toBe(4000);
      const [after] = await own
        .select({ rows: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${auditLog.targetId})::int` })
        .from(auditLog)
        .where(eq(auditLog.action, "winner.expired"));
      expect(after).toEqual({ rows: 6000, distinct: 6000 });
    }, 180_000);
  });
});
