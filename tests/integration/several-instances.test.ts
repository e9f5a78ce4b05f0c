import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db";
import { auditLog, placements, winners } from "@/db/schema";
import { expireDueWins } from "@/lib/services/winners/expire";
import type { DisplayAddress, DisplaySnapshot } from "@/shared/contracts/display";
import type { PrizeRow } from "@/shared/contracts/prizes";
import type { SystemSettings } from "@/shared/contracts/settings";
import { type RunningServer, startServer } from "../support/app-server";
import { expiryAuditCounts, insertWins, stockMismatches } from "../support/deadline";
import { EventStreamReader } from "../support/event-stream";
import { signedInClient, TestClient } from "../support/http-client";
import { place, prizeRow, seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor, newVisitors, tryToWin } from "../support/visitor";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WIN_REACHES_SCREEN_MS = 2_000;
/** The hold's length on these servers: a drop's holds are checked to begin at or after its time. */
const HOLD_SECONDS = 60;

/** Today's date (YYYY-MM-DD) on `timeZone`'s clock. */
const dateIn = (timeZone: string) => new Date().toLocaleDateString("en-CA", { timeZone });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await sleep(everyMs);
  }
}

/**
 * Several instances of the app on one Postgres database of their own, as a deployment runs them: what one
 * instance does reaches the other (the big screen, branding, the event's clock), storms across both
 * (a drop's taps), sweeps racing each other and the desk (SKIP LOCKED), and an instance killed mid-sweep
 * whose work another finishes. One embedded database is one process's, so none of this means anything on
 * PGlite; the same behaviours on one instance are in big-screen, branding, event-clock, prize-drops and
 * collection-deadline, which run on both backends.
 */
describePostgresOnly(import.meta.filename, "several instances on one database", () => {
  let fresh: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  let first: RunningServer;
  let second: RunningServer;
  let database: DatabaseHandle;
  let admin: TestClient;
  let adminOnSecond: TestClient;

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase("instances");
    env = {
      DATABASE_URL: fresh.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_NAME: TEST_ADMIN.name,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      APP_TIMEZONE: TEST_TIME_ZONE,
      RESERVATION_SECONDS: String(HOLD_SECONDS),
    };
    [first, second] = await Promise.all([
      startServer({ ...env, DATA_DIR: tempDir("instances-1") }),
      startServer({ ...env, DATA_DIR: tempDir("instances-2") }),
    ]);
    // Few connections of its own: the test arranges and reads, the instances are what is under test.
    database = openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 }, { timeZone: TEST_TIME_ZONE });
    admin = await signedInClient(first.url, TEST_ADMIN);
    adminOnSecond = await signedInClient(second.url, TEST_ADMIN);
    // Nothing placed but what a test places: no top-up may take a page a test keeps empty, or count.
    await setMaintenanceMode(admin, false);
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.close();
    await fresh?.drop();
  });

  const displayToken = async () => ((await (await admin.get("/api/admin/display/")).json()) as DisplayAddress).token;

  it("a win on one instance reaches a big screen's stream open on the other within 2 s", async () => {
    const token = await displayToken();
    const reader = new EventStreamReader(`${second.url}/api/display/${token}/events/`);
    try {
      await reader.waitFor(() => true, 5_000);
      const since = reader.messages.length;
      const started = Date.now();
      const prize = await createPrizeViaApi(admin, { name: "Cross-instance cap", total: 3 });
      await winViaApi(admin, first.url, { prizeId: prize.id, name: "Crossover", password: "8642" });
      const seen = await reader.waitFor<DisplaySnapshot>(
        (snapshot) => snapshot.recent_winners.some((winner) => winner.prize_name === "Cross-instance cap"),
        WIN_REACHES_SCREEN_MS,
        since,
      );
      expect(Date.now() - started).toBeLessThan(WIN_REACHES_SCREEN_MS + 3_000);
      expect(seen.recent_winners[0]?.nickname_masked).toBe("C********");
    } finally {
      reader.close();
    }
  });

  it("rotating the big screen's token on one instance makes the old address a 404 on the other within moments, and ends its streams", async () => {
    const token = await displayToken();
    const reader = new EventStreamReader(`${second.url}/api/display/${token}/events/`);
    try {
      await reader.waitFor(() => true, 5_000);
      const rotated = await admin.post("/api/admin/display/rotate_token/");
      expect(rotated.status).toBe(200);
      const fresh = ((await rotated.json()) as { token: string }).token;
      const client = new TestClient(second.url);
      // The other instance hears of it through Postgres's notification, which may land just after the answer:
      // the old address goes within moments, never to come back.
      const goneBy = Date.now() + 2_000;
      while ((await client.get(`/api/display/${token}/`)).status !== 404 && Date.now() < goneBy) await sleep(50);
      expect((await client.get(`/api/display/${token}/`)).status).toBe(404);
      expect((await client.get(`/display/${token}`)).status).toBe(404);
      expect((await client.get(`/api/display/${token}/events/`)).status).toBe(404);
      expect((await client.get(`/api/display/${fresh}/`)).status).toBe(200);
      const deadline = Date.now() + 3_000;
      while (!reader.statuses.includes(404) && Date.now() < deadline) await sleep(100);
      expect(reader.statuses).toContain(404);
    } finally {
      reader.close();
    }
  });

  it("a branding change on one instance reaches the other's visitor page and big screen, with no restart", async () => {
    const [page] = await seedPages(database.db, 1, "Branded");
    const token = await displayToken();
    /** The visitor page on the second instance once its brand bar names `eventName` (state re-read every 0.5 s). */
    const visitShowing = async (eventName: string) => {
      const brandBar = `data-testid="event-name">${eventName}</span>`;
      let html = "";
      for (let attempt = 0; attempt < 30 && !html.includes(brandBar); attempt++) {
        if (attempt > 0) await sleep(100);
        const response = await fetch(`${second.url}/p/${page!.urlPath}`);
        expect(response.status).toBe(200);
        html = await response.text();
      }
      return html;
    };
    // The second instance has served (and cached) today's look first.
    expect(await visitShowing("Prize Giveaway")).not.toContain(":root{--brand-primary:");
    const stream = new EventStreamReader(`${second.url}/api/display/${token}/events/`);
    try {
      await stream.waitFor<DisplaySnapshot>((message) => message.branding.event_name === null, 10_000, 0);
      const saved = await admin.patch("/api/admin/settings/", { event_name: "Spring Fair 2027", primary_color: "#0f766e" });
      expect(saved.status).toBe(200);
      const html = await visitShowing("Spring Fair 2027");
      expect(html).toMatch(/<title>Branded [\w-]+ \| Spring Fair 2027<\/title>/);
      expect(html).toContain(":root{--brand-primary:#0f766e}");
      const display = await (await fetch(`${second.url}/display/${token}`)).text();
      expect(display).toContain("<title>Winners | Spring Fair 2027</title>");
      // A screen already open on the other instance is told at once (the branding trigger's NOTIFY).
      const live = await stream.waitFor<DisplaySnapshot>((message) => message.branding.event_name === "Spring Fair 2027", 10_000, 0);
      expect(live.branding.primary_color).toBe("#0f766e");
    } finally {
      stream.close();
      expect((await admin.patch("/api/admin/settings/", { event_name: null, primary_color: null })).status).toBe(200);
    }
    expect(await visitShowing("Prize Giveaway")).not.toContain(":root{--brand-primary:");
  });

  it("an announced drop under 300 taps on two instances: exactly N holds for N drops, none before its time", async () => {
    const N = 3;
    const prizeId = await seedPrize(database.db, { total: 50, daily: 50, maintenance: N, name: "Grand prize" });
    const pages = await seedPages(database.db, N, "Drop");
    const crowd = await newVisitors(300, (index) => (index % 2 === 0 ? first.url : second.url));
    const dbNow = async () => {
      const rows = (await database.db.execute(
        sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`,
      )) as unknown as { now: string }[];
      return Date.parse(rows[0]!.now);
    };
    const dropsAt = Math.ceil(((await dbNow()) + 6_000) / 1000) * 1000 + 500;
    for (const page of pages) {
      const response = await admin.post("/api/prize-distributions/", {
        prize: prizeId,
        product: page.id,
        drops_at: new Date(dropsAt).toISOString(),
        announce: true,
      });
      expect(response.status).toBe(201);
    }
    // The crowd taps from one second before the drop (visitor i on page i % N) until it has a hold or is
    // told someone else has it.
    while ((await dbNow()) < dropsAt - 1_000) await sleep(100);
    const outcomes = await Promise.all(
      crowd.map(async (visitor, index) => {
        const seen: number[] = [];
        for (let attempt = 0; attempt < 200; attempt += 1) {
          const response = await visitor.post(claimPath(pages[index % N]!.urlPath));
          seen.push(response.status);
          if (response.status === 200) return { granted: true, seen };
          const body = await response.json();
          if (body.code !== "not_yet") return { granted: false, code: body.code as string, seen };
          await sleep(20);
        }
        return { granted: false, code: "gave up", seen };
      }),
    );
    expect(outcomes.filter((outcome) => outcome.seen.some((status) => status >= 500))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.granted)).toHaveLength(N);
    expect(new Set(outcomes.filter((outcome) => !outcome.granted).map((outcome) => outcome.code))).toEqual(new Set(["taken"]));
    const holds = await database.db
      .select({ productId: placements.productId, reservedUntil: placements.reservedUntil })
      .from(placements)
      .where(and(eq(placements.prizeId, prizeId), sql`${placements.reservedUntil} is not null`));
    expect(holds).toHaveLength(N);
    expect(new Set(holds.map((hold) => hold.productId))).toEqual(new Set(pages.map((page) => page.id)));
    // Every hold began at or after the drop, on the database's clock: a hold lasts HOLD_SECONDS from its start.
    for (const hold of holds) expect(new Date(hold.reservedUntil!).getTime() - HOLD_SECONDS * 1000).toBeGreaterThanOrEqual(dropsAt);
  }, 180_000);

  it("a hand-over and an expiry racing at the deadline, 100 times: exactly one of them happens each time, and the stock is right", async () => {
    const prizeId = await seedPrize(database.db, { total: 200, name: "Race cap" });
    const outcomes = { handedOver: 0, expired: 0 };
    for (let round = 0; round < 10; round += 1) {
      // Ten wins whose deadlines fall around the moment the desk presses, by the database's clock; a sweep
      // on a connection of its own runs over and over meanwhile, as the other instances' sweeps would.
      const [clockRow] = (await database.db.execute(sql`select now() as now`)) as unknown as { now: string }[];
      const skew = new Date(clockRow!.now).getTime() - Date.now();
      // How long a hand-over takes to reach the database on this machine now: the deadlines are centred on
      // the moment the presses arrive, not the moment they leave.
      const probeStarted = Date.now();
      await Promise.all(Array.from({ length: 10 }, () => admin.post("/api/winners/999999/mark_received/")));
      const latency = Date.now() - probeStarted;
      const spread = Math.max(300, latency);
      // The wins first, with a deadline an hour off; then their deadlines, in one statement, spread around
      // the presses' arrival on the database's clock.
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
      // Those the sweep did not reach in this round go with the next sweep (the servers', or this one).
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
    expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(200 - outcomes.handedOver);
  }, 120_000);

  it("two instances sweeping the same 500 due wins give back exactly 500 units", async () => {
    const prizeIds = [
      await seedPrize(database.db, { total: 300, name: "Sweep A" }),
      await seedPrize(database.db, { total: 300, name: "Sweep B" }),
    ];
    const ids = [
      ...(await insertWins(database.db, { prizeId: prizeIds[0]!, count: 250, collectIn: -5, label: "twoA-" })),
      ...(await insertWins(database.db, { prizeId: prizeIds[1]!, count: 250, collectIn: -5, label: "twoB-" })),
    ];
    // Two pools, as two instances have (the servers' own sweeps may join in too).
    const pools = [0, 1].map(() => openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 }, { timeZone: TEST_TIME_ZONE }));
    try {
      const swept = await Promise.all([...pools.map((pool) => expireDueWins(pool.db)), ...pools.map((pool) => expireDueWins(pool.db))]);
      expect(swept.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(500);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
    // A sweep stops when its batch was taken by another, which goes on: a server's sweep may have taken a
    // batch from all four here, and be finishing the rest after they have returned.
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

  it("an instance killed (SIGKILL) while sweeping thousands loses nothing and gives nothing twice; another finishes the sweep", async () => {
    const killed = await createFreshPostgresDatabase("deadlinekill");
    const killEnv = { ...env, DATABASE_URL: killed.url, DATA_DIR: tempDir("deadlinekill") };
    const handle = openDatabase({ kind: "postgres", url: killed.url, poolSize: 2 }, { timeZone: TEST_TIME_ZONE });
    const own = handle.db;
    let server: RunningServer | undefined;
    try {
      server = await startServer(killEnv);
      const prizeIds = [await seedPrize(own, { total: 1500, name: "Kill A" }), await seedPrize(own, { total: 1500, name: "Kill B" })];
      for (const prizeId of prizeIds) await insertWins(own, { prizeId, count: 1000, collectIn: -5, label: "kill-" });
      const expiredCount = async () =>
        (await own.select({ count: sql<number>`count(*)::int` }).from(winners).where(sql`${winners.expiredAt} is not null`))[0]!.count;
      // The instance's next sweep (within 10 s) starts on the 2000, 200 a batch; kill it once some, not all, are done.
      expect(await until(expiredCount, (count) => count > 0, 30_000, 5)).toBeGreaterThan(0);
      const dying = server;
      dying.process.kill("SIGKILL");
      await new Promise((resolve) => dying.process.once("exit", resolve));
      server = undefined;
      const atKill = await expiredCount();
      expect(atKill).toBeLessThan(2000);
      // Postgres rolled back the transaction that was open: every committed batch is whole, nothing half-done.
      expect(await stockMismatches(own, prizeIds)).toEqual([]);
      const expiryAudits = async () =>
        (
          await own
            .select({ rows: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${auditLog.targetId})::int` })
            .from(auditLog)
            .where(eq(auditLog.action, "winner.expired"))
        )[0];
      expect(await expiryAudits()).toEqual({ rows: atKill, distinct: atKill });

      // A new instance finishes the sweep: every unit back, exactly once.
      server = await startServer(killEnv);
      expect(await until(expiredCount, (count) => count === 2000, 60_000)).toBe(2000);
      for (const prizeId of prizeIds) expect((await prizeRow(own, prizeId)).remainingQuantity).toBe(1500);
      expect(await expiryAudits()).toEqual({ rows: 2000, distinct: 2000 });
    } finally {
      await server?.stop();
      await handle.close();
      await killed.drop();
    }
  }, 180_000);
  // Last: a change of the time zone keeps each instance's old pools open for a minute, connections the tests
  // above would want (Postgres's 100 are shared by every server of a full run, docs/testing.md).
  it("the event's time zone set on one instance: the other counts today afresh at its very next request", async () => {
    // 25 hours apart: whatever the moment, their calendars show different dates.
    const WEST = "Pacific/Pago_Pago";
    const EAST = "Pacific/Kiritimati";
    const setZone = async (zone: string | null) =>
      expect((await admin.patch("/api/admin/settings/", { time_zone: zone })).status).toBe(200);
    await setZone(WEST);
    try {
      const prizeId = await seedPrize(database.db, { total: 5, daily: 1, name: "Clock prize" });
      const [page] = await seedPages(database.db, 1, "Clock", [prizeId]);
      expect(await tryToWin(await newVisitor(second.url), page!.urlPath)).toEqual({ reserve: 200, claim: 201 });
      expect((await prizeRow(database.db, prizeId)).distributedOn).toBe(dateIn(WEST));
      const prize = async () => (await (await adminOnSecond.get(`/api/prizes/${prizeId}/`)).json()) as PrizeRow;
      expect((await prize()).today_distributed).toBe(1);
      await place(database.db, prizeId, page!.id);
      const state = async () => (await (await fetch(`${second.url}/api/p/${page!.urlPath}/prize/`)).json()) as { has_prize: boolean };
      expect((await state()).has_prize).toBe(false);
      // Moved on the first instance to where it is already tomorrow: the second's very next request counts
      // today afresh (the rules read the zone in their statement).
      await setZone(EAST);
      expect((await prize()).today_distributed).toBe(0);
      expect((await state()).has_prize).toBe(true);
      expect(await tryToWin(await newVisitor(second.url), page!.urlPath)).toEqual({ reserve: 200, claim: 201 });
      expect((await prizeRow(database.db, prizeId)).distributedOn).toBe(dateIn(EAST));
    } finally {
      await setZone(null);
    }
  });

  it("opening hours set on one instance are shown and said on the event's clock on the other", async () => {
    // 01:00 UTC on 3 May 2099: 21:00 on 2 May in New York, 10:00 on 3 May in Seoul.
    const startsAt = "2099-05-03T01:00:00.000Z";
    const [page] = await seedPages(database.db, 1, "Hours");
    /** The settings as the second instance reads them, once on `zone`'s clock (re-read at most a second old). */
    const secondOn = async (zone: string, startDate: string) =>
      until(
        async () => (await (await adminOnSecond.get("/api/admin/settings/")).json()) as SystemSettings,
        (settings) => settings.time_zone_in_use === zone && settings.event_start_date === startDate,
        6_000,
      );
    const closed = async () =>
      (await (await fetch(`${second.url}/api/p/${page!.urlPath}/prize/`, { headers: { "Accept-Language": "en" } })).json()) as {
        message: string;
      };
    try {
      expect((await admin.patch("/api/admin/settings/", { event_starts_at: startsAt, time_zone: "America/New_York" })).status).toBe(200);
      expect(await secondOn("America/New_York", "2099-05-02")).toMatchObject({ event_start_date: "2099-05-02", event_starts_at: startsAt });
      expect((await closed()).message).toBe("Prizes can be won from 21:00 on 2 May.");
      expect((await admin.patch("/api/admin/settings/", { time_zone: null })).status).toBe(200);
      expect(await secondOn(TEST_TIME_ZONE, "2099-05-03")).toMatchObject({ event_start_date: "2099-05-03" });
      expect((await closed()).message).toBe("Prizes can be won from 10:00 on 3 May.");
    } finally {
      await admin.patch("/api/admin/settings/", { event_starts_at: null, time_zone: null });
    }
  });
});
