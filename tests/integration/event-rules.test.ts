import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { placements, prizes, settings } from "@/db/schema";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import en from "@/messages/en.json";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { claimPath, newVisitor, newVisitors } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

// The English words the API answers a caller with no language of ours.
const { defaultPause: DEFAULT_PAUSE_MESSAGE, eventEnded: EVENT_ENDED, winLimitPerEvent: WIN_LIMIT_PER_EVENT } = en.visitor.api;

const HOUR = 3_600_000;
const NO_RULES = { event_starts_at: null, event_ends_at: null, paused: false, pause_message: null, wins_per_visitor: "unlimited" };

/**
 * Opening hours, the pause switch, the win limit and hourly pacing, through the real server on a
 * database of its own (these settings apply to every page, so no other file may share them).
 */
describe("the event's rules", () => {
  let file: FileServer;
  let server: { url: string };
  let admin: TestClient;
  type Seeded = { prizeId: number; pages: { id: number; urlPath: string }[] };
  let seeded: Record<"notStarted" | "ended" | "paused" | "onePerEvent" | "fifty" | "paced" | "storm", Seeded> & {
    tick: { prizeId: number };
  };

  beforeAll(async () => {
    // The default proxy hops (0), as these storms were written for: every visitor at one address.
    file = await startOwnServer("rules", { TRUSTED_PROXY_HOPS: "0" });
    server = { url: file.url };
    admin = await signedInClient(server.url, TEST_ADMIN);
    // Every test's pages at once: on PGlite each reach into the database stops and restarts the server.
    seeded = await file.withDatabase(async (db) => {
      async function pagesWithPrize(count: number, prize: { total?: number; daily?: number; hourly?: number } = {}) {
        const daily = prize.daily ?? 100;
        const prizeId = await seedPrize(db, { total: prize.total ?? 100, daily, maintenance: Math.min(count, daily) });
        if (prize.hourly) await db.update(prizes).set({ hourlyLimit: prize.hourly }).where(eq(prizes.id, prizeId));
        const pages = await seedPages(db, count, "Rules", Array(count).fill(prizeId));
        return { prizeId, pages };
      }
      const tickPrize = await seedPrize(db, { total: 10, daily: 10, maintenance: 3 });
      await seedPages(db, 3, "Tick");
      return {
        notStarted: await pagesWithPrize(1),
        ended: await pagesWithPrize(2),
        paused: await pagesWithPrize(2),
        onePerEvent: await pagesWithPrize(3),
        fifty: await pagesWithPrize(50),
        paced: await pagesWithPrize(10, { hourly: 3 }),
        storm: await pagesWithPrize(40, { total: 10_000, daily: 10_000 }),
        tick: { prizeId: tickPrize },
      };
    });
  }, 90_000);
  afterEach(async () => {
    expect((await admin.patch("/api/admin/settings/", NO_RULES)).status).toBe(200);
  });
  afterAll(async () => {
    await file?.stop();
  });

  async function setRules(rules: Record<string, unknown>) {
    const response = await admin.patch("/api/admin/settings/", rules);
    expect(response.status).toBe(200);
    return response.json();
  }

  /** The pages on which a live hold stands, of these. */
  function liveHoldsOn(pages: { id: number }[]) {
    return file.withDatabase((db) =>
      db
        .select({ id: placements.id })
        .from(placements)
        .where(
          and(
            inArray(
              placements.productId,
              pages.map((page) => page.id),
            ),
            eq(placements.isActive, true),
            sql`${placements.reservedUntil} > now()`,
          ),
        ),
    );
  }

  /** The prize's winners, through the API. */
  async function winnersOf(prizeId: number): Promise<{ created_at: string }[]> {
    const response = await admin.get(`/api/winners/?prize=${prizeId}&page_size=1000`);
    expect(response.status).toBe(200);
    return (await response.json()).results;
  }

  /**
   * Waits for the next clock hour when less than `ms` is left of this one, so what follows runs within one
   * hour. The tests' APP_TIMEZONE (Asia/Seoul) is whole hours off UTC, so its hours turn with UTC's.
   */
  async function pastAnHoursTurnWithin(ms: number) {
    const leftOfThisHour = HOUR - (Date.now() % HOUR);
    if (leftOfThisHour < ms) await new Promise((resolve) => setTimeout(resolve, leftOfThisHour + 1000));
  }

  /**
   * A refused tap: 409 with the rule's code and the server's words. That it took no hold is read once at the
   * test's end (liveHoldsOn): on PGlite each reach into the database restarts the server.
   */
  async function expectRefused(visitor: TestClient, page: { id: number; urlPath: string }, code: string, detail: string) {
    const refused = await visitor.post(claimPath(page.urlPath));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail, code });
  }

  it("before the opening hours: no ticket, the opening time said, every tap refused with event_not_started", async () => {
    const { pages } = seeded.notStarted;
    const urlPath = pages[0]!.urlPath;
    // 10:00 on 3 May 2099 in Seoul (the tests' APP_TIMEZONE).
    await setRules({ event_starts_at: "2099-05-03T10:00:00+09:00", event_ends_at: "2099-05-03T18:00:00+09:00" });
    const state = await (await fetch(`${server.url}/api/p/${urlPath}/prize/`)).json();
    expect(state).toEqual({
      has_prize: false,
      is_reserved: false,
      event_state: "not_started",
      drops_at: null,
      now: expect.any(String),
      opens_at: "2099-05-03T01:00:00.000Z",
      message: "Prizes can be won from 10:00 on 3 May.",
    });
    const visitor = await newVisitor(server.url);
    await expectRefused(visitor, pages[0]!, "event_not_started", "Prizes can be won from 10:00 on 3 May.");
    const page = await (await visitor.get(`/p/${urlPath}`)).text();
    expect(page).toContain("Prizes can be won from 10:00 on 3 May.");
    expect(page).not.toContain("data-ticket");
    expect(await liveHoldsOn(pages)).toEqual([]);
  });

  it("after the hours: refused with event_ended; a hold taken before the end may still be claimed", async () => {
    const { prizeId, pages } = seeded.ended;
    const early = await newVisitor(server.url);
    expect((await early.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
    // The event ends now: the hold was taken while it was open.
    await setRules({
      event_starts_at: new Date(Date.now() - HOUR).toISOString(),
      event_ends_at: new Date(Date.now() + 1500).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const late = await newVisitor(server.url);
    const refused = await late.post(claimPath(pages[1]!.urlPath));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail: EVENT_ENDED, code: "event_ended" });
    expect((await early.post(claimPath(pages[0]!.urlPath), { name: "Early", password: "1234" })).status).toBe(201);
    expect(await winnersOf(prizeId)).toHaveLength(1);
    expect((await (await fetch(`${server.url}/api/p/${pages[1]!.urlPath}/prize/`)).json()).event_state).toBe("ended");
  });

  it("paused: refused with the organiser's message (or the default); a hold taken before is still claimed", async () => {
    const { prizeId, pages } = seeded.paused;
    const holder = await newVisitor(server.url);
    expect((await holder.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
    const paused = await setRules({ paused: true, pause_message: "A short break: back at 14:30." });
    expect(paused).toMatchObject({ paused: true, event_state: "paused", pause_message: "A short break: back at 14:30." });
    const other = await newVisitor(server.url);
    await expectRefused(other, pages[1]!, "event_paused", "A short break: back at 14:30.");
    expect(await (await fetch(`${server.url}/api/p/${pages[1]!.urlPath}/prize/`)).json()).toEqual({
      has_prize: false,
      is_reserved: false,
      event_state: "paused",
      drops_at: null,
      now: expect.any(String),
      message: "A short break: back at 14:30.",
    });
    // A blank message: the default words, at once (the refusal's words follow the settings' version).
    await setRules({ pause_message: "" });
    await expectRefused(other, pages[1]!, "event_paused", DEFAULT_PAUSE_MESSAGE);
    // The holder asking again while paused keeps their hold, same expiry (a pause takes no prize from anyone).
    const again = await holder.post(claimPath(pages[0]!.urlPath));
    expect(again.status).toBe(200);
    expect((await again.json()).seconds_left).toBeGreaterThan(50);
    expect((await holder.post(claimPath(pages[0]!.urlPath), { name: "Holder", password: "1234" })).status).toBe(201);
    expect(await winnersOf(prizeId)).toHaveLength(1);
    expect(await liveHoldsOn([pages[1]!])).toEqual([]);
  });

  it("one win per event: a winner cannot reserve again (nothing held), and the rules are refused in their order", async () => {
    const { pages } = seeded.onePerEvent;
    await setRules({ wins_per_visitor: "one_per_event" });
    const visitor = await newVisitor(server.url);
    expect((await visitor.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
    expect((await visitor.post(claimPath(pages[0]!.urlPath), { name: "Once", password: "1111" })).status).toBe(201);
    await expectRefused(visitor, pages[1]!, "win_limit", WIN_LIMIT_PER_EVENT);
    // The visitor id is recorded for the limit, never shown: not in the winners list.
    const listed = await (await admin.get("/api/winners/?search=Once")).json();
    expect(listed.results.length).toBeGreaterThan(0);
    for (const winner of listed.results) expect(Object.keys(winner)).not.toContain("visitor_id");
    // Paused as well: the pause is said first (server-behaviour.md's order).
    await setRules({ paused: true });
    const body = await (await visitor.post(claimPath(pages[1]!.urlPath))).json();
    expect(body.code).toBe("event_paused");
    // Another visitor is not limited.
    await setRules({ paused: false });
    const other = await newVisitor(server.url);
    expect((await other.post(claimPath(pages[2]!.urlPath))).status).toBe(200);
    expect(await liveHoldsOn([pages[1]!])).toEqual([]);
  });

  it("50 claims at once by one visitor holding 50 pages, one win per event: exactly one win", async () => {
    const { prizeId, pages } = seeded.fifty;
    await setRules({ wins_per_visitor: "one_per_event" });
    const visitor = await newVisitor(server.url);
    expect((await visitor.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
    // One hold per visitor is the reserve's rule; holds made before the limit was set (or by hand) are what
    // the claim's own check is for: every page held by this visitor at once.
    await file.withDatabase(async (db) => {
      const [held] = await db
        .select({ me: placements.reservedBy })
        .from(placements)
        .where(and(eq(placements.productId, pages[0]!.id), isNotNull(placements.reservedBy)));
      await db
        .update(placements)
        .set({ reservedBy: held!.me!, reservedUntil: sql`now() + interval '60 seconds'` })
        .where(eq(placements.prizeId, prizeId));
    });
    const answers = await Promise.all(pages.map((page) => visitor.post(claimPath(page.urlPath), { name: "Greedy", password: "2222" })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const codes = await Promise.all(answers.filter((answer) => answer.status === 409).map(async (answer) => (await answer.json()).code));
    expect(new Set(codes)).toEqual(new Set(["win_limit"]));
    expect(await winnersOf(prizeId)).toHaveLength(1);
    expect((await (await admin.get(`/api/prizes/${prizeId}/`)).json()).remaining_quantity).toBe(99);
  }, 60_000);

  it("200 visitors against a prize paced at 3 an hour: exactly 3 win this hour, the rest told hour_budget", async () => {
    const { prizeId, pages } = seeded.paced;
    const visitors = await newVisitors(200, () => server.url);
    await pastAnHoursTurnWithin(30_000);
    const results = await Promise.all(
      visitors.map(async (visitor, index) => {
        const urlPath = pages[index % pages.length]!.urlPath;
        const reserve = await visitor.post(claimPath(urlPath));
        if (reserve.status !== 200) return { reserve: reserve.status, code: (await reserve.json()).code, claim: null };
        const claim = await visitor.post(claimPath(urlPath), { name: "Paced", password: "3333" });
        return { reserve: 200, code: null, claim: claim.status };
      }),
    );
    // All three in one clock hour (Seoul is whole hours off UTC, so its hours are UTC's).
    const hours = (await winnersOf(prizeId)).map((winner) => new Date(winner.created_at).toISOString().slice(0, 13));
    expect(hours).toHaveLength(3);
    expect(new Set(hours).size).toBe(1);
    // Holds counted against the hour too: never more holds granted than could be claimed.
    expect(results.filter((result) => result.reserve === 200)).toHaveLength(3);
    expect(results.filter((result) => result.claim === 201)).toHaveLength(3);
    expect(new Set(results.filter((result) => result.code).map((result) => result.code))).toContain("hour_budget");
    const listed = await (await admin.get(`/api/prizes/${prizeId}/`)).json();
    expect(listed).toMatchObject({ hourly_limit: 3, this_hour_distributed: 3 });
  }, 120_000);

  it("a pause during a storm: no hold granted to a tap sent after the pause answered; every hold taken before is claimed", async () => {
    const { prizeId, pages } = seeded.storm;
    const visitors = await newVisitors(100, () => server.url);
    let pausedAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const lateHolds: string[] = [];
    const claims: number[] = [];
    const storm = visitors.map(async (visitor) => {
      while (!stop) {
        const urlPath = pages[Math.floor(Math.random() * pages.length)]!.urlPath;
        const sentAt = performance.now();
        const reserve = await visitor.post(claimPath(urlPath));
        if (reserve.status !== 200) {
          await reserve.text();
          continue;
        }
        if (sentAt > pausedAt) lateHolds.push(urlPath);
        claims.push((await visitor.post(claimPath(urlPath), { name: "Storm", password: "4444" })).status);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const pause = await admin.patch("/api/admin/settings/", { paused: true });
    pausedAt = performance.now();
    expect(pause.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await Promise.all(storm);
    expect(lateHolds).toEqual([]);
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.filter((status) => status !== 201)).toEqual([]);
    expect(await winnersOf(prizeId)).toHaveLength(claims.length);
  }, 60_000);

  it("the maintenance tick and random placement place nothing outside the hours", async () => {
    const { prizeId } = seeded.tick;
    // The hours first: on PGlite the server restarts after each reach into the database, with maintenance on.
    await setRules({ event_starts_at: new Date(Date.now() + HOUR).toISOString() });
    const live = (db: Db) =>
      db
        .select({ id: placements.id })
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
    await file.withDatabase(async (db) => {
      await db.update(settings).set({ maintenanceMode: true });
      expect(await runMaintenanceTick(db)).toMatchObject({ placed: 0 });
      expect(await live(db)).toEqual([]);
    });
    const random = await admin.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true, prize_id: prizeId });
    expect(random.status).toBe(409);
    expect((await random.json()).code).toBe("event_not_started");
    expect(await file.withDatabase(live)).toEqual([]);
    await setRules({ event_starts_at: null });
    await file.withDatabase(async (db) => {
      expect((await runMaintenanceTick(db)).placed).toBeGreaterThan(0);
      expect((await live(db)).length).toBeGreaterThan(0);
      await db.update(settings).set({ maintenanceMode: false });
      await db.delete(placements).where(inArray(placements.prizeId, [prizeId]));
    });
  });

  it("refuses bad settings with the field and the reason, and changes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ event_starts_at: "2099-05-03 10:00" }, "event_starts_at"],
      [{ event_starts_at: "2099-05-03T10:00:00" }, "event_starts_at"],
      [{ event_starts_at: "2099-05-03T10:00:00+09:00", event_ends_at: "2099-05-03T09:00:00+09:00" }, "event_ends_at"],
      [{ pause_message: "x".repeat(201) }, "pause_message"],
      [{ wins_per_visitor: "two" }, "wins_per_visitor"],
      [{ paused: "yes" }, "paused"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.patch("/api/admin/settings/", body);
      expect(response.status).toBe(400);
      expect(Object.keys(await response.json())).toEqual([field]);
    }
    expect(await (await admin.get("/api/admin/settings/")).json()).toMatchObject({ ...NO_RULES, event_state: "open" });
  });
});
