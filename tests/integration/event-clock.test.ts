import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db";
import { auditLog } from "@/db/schema";
import type { PrizeRow } from "@/shared/contracts/prizes";
import type { SystemSettings } from "@/shared/contracts/settings";
import { type RunningServer, startServer } from "../support/app-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { place, prizeRow, seedPages, seedPrize } from "../support/seed";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { newVisitor, tryToWin } from "../support/visitor";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

// 25 hours apart: whatever the moment, their calendars show different dates.
const WEST = "Pacific/Pago_Pago"; // UTC-11
const EAST = "Pacific/Kiritimati"; // UTC+14

/** Today's date (YYYY-MM-DD) on `timeZone`'s clock. */
const dateIn = (timeZone: string) => new Date().toLocaleDateString("en-CA", { timeZone });

/**
 * The event's own clock: the time zone is a setting (default APP_TIMEZONE) that moves the
 * day boundary and the times said, on two instances of the app over one Postgres database of their own
 * (the zone applies to everything: no other file may share it), with no restart.
 */
describe.runIf(inject("databaseUrl"))("the event's time zone", () => {
  let first: RunningServer;
  let second: RunningServer;
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  let admin: TestClient;
  let adminOnSecond: TestClient;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase("clock");
    dropDatabase = fresh.drop;
    const env = {
      DATABASE_URL: fresh.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_NAME: TEST_ADMIN.name,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      APP_TIMEZONE: TEST_TIME_ZONE,
    };
    first = await startServer({ ...env, DATA_DIR: tempDir("clock-1") });
    second = await startServer({ ...env, DATA_DIR: tempDir("clock-2") });
    database = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
    admin = await signedInClient(first.url, TEST_ADMIN);
    adminOnSecond = await signedInClient(second.url, TEST_ADMIN);
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.close();
    await dropDatabase?.();
  });

  async function setZone(zone: string | null): Promise<SystemSettings> {
    const response = await admin.patch("/api/admin/settings/", { time_zone: zone });
    expect(response.status).toBe(200);
    return (await response.json()) as SystemSettings;
  }

  /**
   * The settings as the second instance reads them, once it is on `zone`'s clock (re-read at most a second
   * old) and says the opening day `startDate` (to_char in the session's zone: its connections moved too).
   */
  async function secondInstanceOn(zone: string, startDate: string): Promise<SystemSettings> {
    let settings: SystemSettings | null = null;
    for (let attempt = 0; attempt < 60; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await adminOnSecond.get("/api/admin/settings/");
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
    const [row] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.action).toBe("settings.update");
    expect(row!.changes).toEqual({ time_zone: { before: null, after: "Europe/London" } });
    const cleared = await setZone(null);
    expect(cleared.time_zone).toBeNull();
    expect(cleared.time_zone_in_use).toBe(TEST_TIME_ZONE);
  });

  it("the daily budget restarts at the event zone's midnight, on the other instance at its next request", async () => {
    await setZone(WEST);
    const prizeId = await seedPrize(database.db, { total: 5, daily: 1, name: "Clock prize" });
    const [page] = await seedPages(database.db, 1, "Clock", [prizeId]);
    // Won through the second instance: the day it counts for is the event's date in WEST.
    expect(await tryToWin(await newVisitor(second.url), page!.urlPath)).toEqual({ reserve: 200, claim: 201 });
    expect((await prizeRow(database.db, prizeId)).distributedOn).toBe(dateIn(WEST));
    const prize = async () => (await (await adminOnSecond.get(`/api/prizes/${prizeId}/`)).json()) as PrizeRow;
    expect((await prize()).today_distributed).toBe(1);
    // Today's one unit is given out: a prize placed again cannot be won today.
    await place(database.db, prizeId, page!.id);
    const state = async () => (await (await fetch(`${second.url}/api/p/${page!.urlPath}/prize/`)).json()) as { has_prize: boolean };
    expect((await state()).has_prize).toBe(false);
    expect((await tryToWin(await newVisitor(second.url), page!.urlPath)).claim).toBeNull();

    // The organiser moves the event to EAST on the first instance, where it is already tomorrow: the
    // second instance's very next request counts today afresh (the rules read the zone in their statement).
    await setZone(EAST);
    expect((await prize()).today_distributed).toBe(0);
    expect((await state()).has_prize).toBe(true);
    expect(await tryToWin(await newVisitor(second.url), page!.urlPath)).toEqual({ reserve: 200, claim: 201 });
    const after = await prizeRow(database.db, prizeId);
    expect(after.distributedOn).toBe(dateIn(EAST));
    expect(after.todayDistributed).toBe(1);
    // Stored instants never move: the first win keeps its moment.
    await setZone(null);
  });

  it("opening hours are shown and said on the event's clock on the other instance", async () => {
    // 01:00 UTC on 3 May 2099: 21:00 on 2 May in New York, 10:00 on 3 May in Seoul.
    const startsAt = "2099-05-03T01:00:00.000Z";
    let response = await admin.patch("/api/admin/settings/", { event_starts_at: startsAt, time_zone: "America/New_York" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SystemSettings).event_start_date).toBe("2099-05-02");
    const [page] = await seedPages(database.db, 1, "Hours");
    const closed = async () =>
      (await (await fetch(`${second.url}/api/p/${page!.urlPath}/prize/`, { headers: { "Accept-Language": "en" } })).json()) as {
        event_state: string;
        message: string;
      };
    let settings = await secondInstanceOn("America/New_York", "2099-05-02");
    expect(settings.event_start_date).toBe("2099-05-02");
    expect(settings.event_starts_at).toBe(startsAt);
    expect(await closed()).toMatchObject({ event_state: "not_started", message: "Prizes can be won from 21:00 on 2 May." });

    // Back to APP_TIMEZONE (Seoul): the same instant, said on Seoul's clock.
    response = await admin.patch("/api/admin/settings/", { time_zone: null });
    expect(response.status).toBe(200);
    settings = await secondInstanceOn(TEST_TIME_ZONE, "2099-05-03");
    expect(settings.event_start_date).toBe("2099-05-03");
    expect(settings.event_starts_at).toBe(startsAt);
    expect(await closed()).toMatchObject({ event_state: "not_started", message: "Prizes can be won from 10:00 on 3 May." });
    await admin.patch("/api/admin/settings/", { event_starts_at: null });
  });

  it("a zone change reaches the settings row once, leaving other rows alone", async () => {
    const [before] = await database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    await setZone("Asia/Kolkata");
    await setZone("Asia/Kolkata");
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id));
    // Saving the same zone again writes no second row.
    expect(rows.filter((row) => row.id > before!.id)).toHaveLength(1);
    await setZone(null);
  });
});
