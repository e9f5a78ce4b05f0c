import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrizeRow } from "@/shared/contracts/prizes";
import type { SystemSettings } from "@/shared/contracts/settings";
import { auditRows } from "../support/accounts";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_TIME_ZONE } from "../support/test-database";
import { newVisitor, tryToWin } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

// 25 hours apart: whatever the moment, their calendars show different dates.
const WEST = "Pacific/Pago_Pago"; // UTC-11
const EAST = "Pacific/Kiritimati"; // UTC+14

/**
 * The event's own clock: the time zone is a setting (default APP_TIMEZONE) that moves the day boundary and
 * the times said, with no restart, on a server and database of its own (the zone applies to everything: no
 * other file may share it). The same change reaching another instance is several-instances.test.ts's.
 */
describe("the event's time zone", () => {
  let own: FileServer;
  let admin: TestClient;
  /** A prize with a daily budget of one unit, placed on two pages; and a page with nothing on it. */
  let clock: { prizeId: number; pages: { urlPath: string }[]; hours: { urlPath: string } };

  beforeAll(async () => {
    own = await startOwnServer("clock");
    // Rows no API makes: a prize placed twice beyond today's budget (the API refuses a placement past it).
    clock = await own.withDatabase(async (db) => {
      const prizeId = await seedPrize(db, { total: 5, daily: 1, name: "Clock prize" });
      const pages = await seedPages(db, 2, "Clock", [prizeId, prizeId]);
      const [hours] = await seedPages(db, 1, "Hours");
      return { prizeId, pages, hours: hours! };
    });
    admin = await signedInClient(own.url, TEST_ADMIN);
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  async function setZone(zone: string | null): Promise<SystemSettings> {
    const response = await admin.patch("/api/admin/settings/", { time_zone: zone });
    expect(response.status).toBe(200);
    return (await response.json()) as SystemSettings;
  }

  /**
   * The settings as the instance reads them, once it is on `zone`'s clock (re-read at most a second old)
   * and says the opening day `startDate` (to_char in the session's zone: its connections moved too).
   */
  async function instanceOn(zone: string, startDate: string): Promise<SystemSettings> {
    let settings: SystemSettings | null = null;
    for (let attempt = 0; attempt < 60; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await admin.get("/api/admin/settings/");
      expect(response.status).toBe(200);
      settings = (await response.json()) as SystemSettings;
      if (settings.time_zone_in_use === zone && settings.event_start_date === startDate) return settings;
    }
    return settings!;
  }

  it("PATCH /api/admin/settings/: a time zone that is not an IANA name is a 400 on time_zone, and nothing changes", async () => {
    for (const bad of ["Mars/Olympus", "+09:00", "Asia/Seoul; drop table settings", "", 9]) {
      const response = await admin.patch("/api/admin/settings/", { time_zone: bad === "" ? " / " : bad });
      expect(response.status, String(bad)).toBe(400);
      const errors = (await response.json()) as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual(["time_zone"]);
      expect(errors.time_zone![0]).toBe("Enter a time zone name such as Asia/Seoul or Europe/London.");
    }
    const settings = (await (await admin.get("/api/admin/settings/")).json()) as SystemSettings;
    expect(settings.time_zone).toBeNull();
    // Unset, the event runs on APP_TIMEZONE.
    expect(settings.time_zone_in_use).toBe(TEST_TIME_ZONE);
  });

  it("PATCH /api/admin/settings/: a zone is saved, shown in use and audited; null goes back to APP_TIMEZONE", async () => {
    const saved = await setZone("Europe/London");
    expect(saved.time_zone).toBe("Europe/London");
    expect(saved.time_zone_in_use).toBe("Europe/London");
    const [row] = await auditRows(admin, { action: "settings.update" });
    expect(row!.changes).toEqual({ time_zone: { before: null, after: "Europe/London" } });
    const cleared = await setZone(null);
    expect(cleared.time_zone).toBeNull();
    expect(cleared.time_zone_in_use).toBe(TEST_TIME_ZONE);
  });

  it("the daily budget restarts at the event zone's midnight, at the instance's next request", async () => {
    await setZone(WEST);
    const [first, second] = clock.pages;
    const prize = async () => (await (await admin.get(`/api/prizes/${clock.prizeId}/`)).json()) as PrizeRow;
    const state = async () => (await (await fetch(`${own.url}/api/p/${second!.urlPath}/prize/`)).json()) as { has_prize: boolean };
    // Won on the first page: it counts for the event's date in WEST, today's one unit.
    expect(await tryToWin(await newVisitor(own.url), first!.urlPath)).toEqual({ reserve: 200, claim: 201 });
    expect((await prize()).today_distributed).toBe(1);
    // Today's one unit is given out: the prize on the second page cannot be won today.
    expect((await state()).has_prize).toBe(false);
    expect((await tryToWin(await newVisitor(own.url), second!.urlPath)).claim).toBeNull();

    // The organiser moves the event to EAST, where it is already tomorrow: the very next request counts
    // today afresh (the rules read the zone in their statement).
    await setZone(EAST);
    expect((await prize()).today_distributed).toBe(0);
    expect((await state()).has_prize).toBe(true);
    expect(await tryToWin(await newVisitor(own.url), second!.urlPath)).toEqual({ reserve: 200, claim: 201 });
    expect(await prize()).toMatchObject({ today_distributed: 1, remaining_quantity: 3 });
    await setZone(null);
  });

  it("opening hours are shown and said on the event's clock", async () => {
    // 01:00 UTC on 3 May 2099: 21:00 on 2 May in New York, 10:00 on 3 May in Seoul.
    const startsAt = "2099-05-03T01:00:00.000Z";
    let response = await admin.patch("/api/admin/settings/", { event_starts_at: startsAt, time_zone: "America/New_York" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SystemSettings).event_start_date).toBe("2099-05-02");
    const closed = async () =>
      (await (await fetch(`${own.url}/api/p/${clock.hours.urlPath}/prize/`, { headers: { "Accept-Language": "en" } })).json()) as {
        event_state: string;
        message: string;
      };
    let settings = await instanceOn("America/New_York", "2099-05-02");
    expect(settings.event_start_date).toBe("2099-05-02");
    expect(settings.event_starts_at).toBe(startsAt);
    expect(await closed()).toMatchObject({ event_state: "not_started", message: "Prizes can be won from 21:00 on 2 May." });

    // Back to APP_TIMEZONE (Seoul): the same instant, said on Seoul's clock.
    response = await admin.patch("/api/admin/settings/", { time_zone: null });
    expect(response.status).toBe(200);
    settings = await instanceOn(TEST_TIME_ZONE, "2099-05-03");
    expect(settings.event_start_date).toBe("2099-05-03");
    expect(settings.event_starts_at).toBe(startsAt);
    expect(await closed()).toMatchObject({ event_state: "not_started", message: "Prizes can be won from 10:00 on 3 May." });
    await admin.patch("/api/admin/settings/", { event_starts_at: null });
  });

  it("a zone change reaches the settings row once, leaving other rows alone", async () => {
    const [before] = await auditRows(admin, {});
    await setZone("Asia/Kolkata");
    await setZone("Asia/Kolkata");
    const rows = await auditRows(admin, { action: "settings.update" });
    // Saving the same zone again writes no second row.
    expect(rows.filter((row) => row.id > before!.id)).toHaveLength(1);
    await setZone(null);
  });
});
