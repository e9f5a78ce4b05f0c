import { asc, eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { type DatabaseHandle, openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { eventResetSince } from "@/db/queries/event-resets";
import { funnelHourlyTallies, placements, prizes, products, settings, winners } from "@/db/schema";
import { buildEventArchive } from "@/lib/export/event-archive";
import { FunnelCounter } from "@/lib/funnel/counter";
import { EVENT_RESET_DETAIL } from "@/lib/services/claims/finalise";
import { type NewEventStep, startNewEvent } from "@/lib/services/event/start-new";
import { NEW_EVENT_PHRASE } from "@/lib/validation/new-event";
import { english } from "@/tests/support/english";
import { createAccount } from "../support/accounts";
import type { RunningServer } from "../support/app-server";
import { insertWinners, tableDigest } from "../support/direct-database";
import { signedInClient, type TestClient } from "../support/http-client";
import { startServerWithOwnDatabase } from "../support/own-server";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const START_NEW = "/api/admin/event/start_new/";
const ARCHIVE = "/api/admin/event/archive/";
const STEPS: NewEventStep[] = ["locked", "winners", "placements", "counters", "prizes"];

/**
 * Issue 23, "A clean start for the next event": the archive and the reset, through the real server on a
 * database of its own (the reset wipes every winner, so no other file may share it).
 */
describe.runIf(inject("databaseUrl"))("starting a new event", () => {
  let server: RunningServer;
  let database: DatabaseHandle;
  let stopServer: () => Promise<void>;
  let owner: TestClient;

  beforeAll(async () => {
    ({ server, database, stop: stopServer } = await startServerWithOwnDatabase("newevent"));
    owner = await signedInClient(server.url, TEST_ADMIN);
  }, 90_000);
  afterAll(async () => {
    await stopServer?.();
  });

  /** An event under way: two prizes placed on three of four pages, 25 winners, counters, tallies. */
  async function eventUnderWay() {
    const mug = await seedPrize(database.db, { total: 40, daily: 40, maintenance: 2, name: "Mug" });
    const cap = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 1, name: "Cap" });
    const pages = await seedPages(database.db, 4, "Stand", [mug, mug, cap]);
    await insertWinners(database.db, { productId: pages[3]!.id, productName: "Stand 4", count: 25 });
    await database.db
      .update(prizes)
      .set({
        remainingQuantity: sql`${prizes.totalQuantity} - 3`,
        todayDistributed: 3,
        distributedOn: sql`current_date`,
        hourDistributed: 2,
      })
      .where(eq(prizes.id, mug));
    await database.db
      .insert(funnelHourlyTallies)
      .values({ hourStart: new Date("2026-11-20T01:00:00Z"), productId: pages[0]!.id, scans: 9, taps: 4 });
    return { mug, cap, pages };
  }

  const count = async (table: typeof winners | typeof placements | typeof prizes | typeof funnelHourlyTallies) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const pageRows = () =>
    database.db.select({ id: products.id, name: products.name, urlPath: products.urlPath }).from(products).orderBy(asc(products.id));
  async function settingsKept() {
    const [row] = await database.db.select().from(settings);
    const { maintenanceMode: _mode, updatedAt: _updated, ...kept } = row!;
    return kept;
  }

  it("a failure injected after any step leaves every table as it was", async () => {
    // Arranged straight in the database: no visitor call, so no funnel count is flushed between the digests.
    const { pages } = await eventUnderWay();
    await database.db
      .update(placements)
      .set({ reservedBy: "visitor-mid-hold", reservedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(placements.productId, pages[0]!.id));
    const before = await tableDigest(database.db);
    for (const failAt of STEPS) {
      for (const prizeHandling of ["restore", "remove"] as const) {
        const failing = startNewEvent({
          ctx: { db: database.db },
          input: { prizes: prizeHandling, confirm: NEW_EVENT_PHRASE },
          afterStep: (step) => {
            if (step === failAt) throw new Error(`injected after ${step}`);
          },
        });
        await expect(failing).rejects.toThrow(`injected after ${failAt}`);
        expect(await tableDigest(database.db), `failed after ${failAt} (${prizeHandling})`).toBe(before);
      }
    }
  });

  it("the archive opens and holds every winner, the audit log, the funnel and the event's records", async () => {
    const { pages } = await eventUnderWay();
    const response = await owner.get(ARCHIVE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="event-\d{8}\.zip"$/);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(zip.files).sort()).toEqual(["audit-log.xlsx", "event.json", "funnel.xlsx", "winners.xlsx"]);

    const sheetRows = async (file: string) => {
      const book = XLSX.read(await zip.file(file)!.async("nodebuffer"));
      return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    };
    const [header, ...winnerRows] = await sheetRows("winners.xlsx");
    expect(header).toEqual(["Nickname", "Password", "Prize", "Product", "Won at", "Received", "Received at", "Collect by", "Expired at"]);
    const stored = await database.db.select({ name: winners.name, password: winners.password }).from(winners);
    expect(stored.length).toBeGreaterThanOrEqual(25);
    const inFile = winnerRows.map(([name, password]) => `${name}/${password}`).sort();
    expect(inFile).toEqual(stored.map((winner) => `${winner.name}/${winner.password}`).sort());
    expect((await sheetRows("audit-log.xlsx")).flat()).toContain("auth.sign_in");

    const event = JSON.parse(await zip.file("event.json")!.async("string"));
    expect(event.time_zone).toBe(TEST_TIME_ZONE);
    const urlPaths = event.products.map((product: { url_path: string }) => product.url_path);
    expect(urlPaths).toEqual(expect.arrayContaining(pages.map((page) => page.urlPath)));
    expect(event.prizes.map((prize: { name: string }) => prize.name)).toEqual(expect.arrayContaining(["Mug", "Cap"]));
    expect(event.placements).toHaveLength(await count(placements));
    expect(JSON.stringify(event)).not.toContain("reserved_by");
  });

  it("restore: winners, placements, holds, counters and tallies go; pages, their QR codes, settings and the audit log stay", async () => {
    const { mug, pages } = await eventUnderWay();
    expect(
      (await owner.patch("/api/admin/settings/", { maintenance_mode: true, pause_message: "Back soon", wins_per_visitor: "one_per_day" }))
        .status,
    ).toBe(200);
    const visitor = await newVisitor(server.url);
    expect((await visitor.post(claimPath(pages[1]!.urlPath))).status).toBe(200);
    const qrBefore = await Promise.all(
      pages.map(async (page) => Buffer.from(await (await owner.get(`/api/products/${page.id}/qr/`)).arrayBuffer())),
    );
    const pagesBefore = await pageRows();
    const settingsBefore = await settingsKept();
    const auditBefore = (await database.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { n: number }[];

    const response = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ detail: "A new event has started.", prizes_removed: 0 });

    expect({ winners: await count(winners), placements: await count(placements), funnel: await count(funnelHourlyTallies) }).toEqual({
      winners: 0,
      placements: 0,
      funnel: 0,
    });
    const tallies = (await database.db.execute(
      sql`select (select count(*) from winner_tallies)::int as per_prize, (select count(*) from winner_hourly_tallies)::int as per_hour`,
    )) as unknown as { per_prize: number; per_hour: number }[];
    expect(tallies[0]).toEqual({ per_prize: 0, per_hour: 0 });
    const [mugAfter] = await database.db.select().from(prizes).where(eq(prizes.id, mug));
    expect(mugAfter).toMatchObject({
      remainingQuantity: 40,
      totalQuantity: 40,
      todayDistributed: 0,
      hourDistributed: 0,
      distributedOn: null,
    });
    expect(await pageRows()).toEqual(pagesBefore);
    for (const [index, page] of pages.entries())
      expect(Buffer.from(await (await owner.get(`/api/products/${page.id}/qr/`)).arrayBuffer()).equals(qrBefore[index]!)).toBe(true);
    expect(await settingsKept()).toEqual(settingsBefore);
    expect((await (await owner.get("/api/admin/settings/")).json()).maintenance_mode).toBe(false);

    const audit = (await database.db.execute(
      sql`select count(*)::int as n, count(*) filter (where action = 'event.reset')::int as resets from audit_log`,
    )) as unknown as { n: number; resets: number }[];
    // Every row written before stays; the reset adds its own (and the settings change above one more).
    expect(audit[0]!.n).toBeGreaterThan(auditBefore[0]!.n);
    expect(audit[0]!.resets).toBeGreaterThanOrEqual(1);

    // The visitor who was holding a prize: a clear 409, never a 500; their page still opens, with no ticket.
    const claim = await visitor.post(claimPath(pages[1]!.urlPath), { name: "Mina", password: "0420" });
    expect(claim.status).toBe(409);
    expect(await claim.json()).toEqual({ detail: english(EVENT_RESET_DETAIL), code: "event_ended" });
    expect((await visitor.patch(claimPath(pages[1]!.urlPath))).status).toBe(200);
    expect((await visitor.get(`/p/${pages[1]!.urlPath}`)).status).toBe(200);
    expect(await (await visitor.get(`/api/p/${pages[1]!.urlPath}/prize/`)).json()).toMatchObject({ has_prize: false, is_reserved: false });
  });

  it("remove: the prizes go too, the pages stay", async () => {
    await eventUnderWay();
    const pagesBefore = await pageRows();
    const response = await owner.post(START_NEW, { prizes: "remove", confirm: NEW_EVENT_PHRASE });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ prizes_restored: 0, placements_removed: 3 });
    expect({ prizes: await count(prizes), winners: await count(winners) }).toEqual({ prizes: 0, winners: 0 });
    expect(await pageRows()).toEqual(pagesBefore);
  });

  it("reserves and claims racing the reset: no hold or winner outlives it, the stock is whole, nothing answers 500", async () => {
    const mug = await seedPrize(database.db, { total: 30, daily: 30, maintenance: 10, name: "Race mug" });
    const pages = await seedPages(database.db, 10, "Race", Array(10).fill(mug));
    const visitors = await Promise.all(pages.map(() => newVisitor(server.url)));
    // Half hold their prize and claim it while the reset runs; the other half tap their ticket meanwhile.
    for (const [index, visitor] of visitors.slice(0, 5).entries())
      expect((await visitor.post(claimPath(pages[index]!.urlPath))).status).toBe(200);
    const [reset, ...answers] = await Promise.all([
      owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE }),
      ...visitors.map((visitor, index) =>
        visitor.post(claimPath(pages[index]!.urlPath), index < 5 ? { name: "Racer", password: "1234" } : undefined),
      ),
    ]);
    expect(reset!.status).toBe(200);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    expect({ winners: await count(winners), placements: await count(placements) }).toEqual({ winners: 0, placements: 0 });
    const [stock] = await database.db.select({ remaining: prizes.remainingQuantity }).from(prizes).where(eq(prizes.id, mug));
    expect(stock).toEqual({ remaining: 30 });
  });

  it("counts an instance made before the reset are not flushed into the new event; counts made after are", async () => {
    const [page] = await seedPages(database.db, 1, "Funnel");
    const before = new FunnelCounter(TEST_TIME_ZONE);
    before.count("scans", { urlPath: page!.urlPath }, Date.now() - 60_000);
    expect((await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE })).status).toBe(200);
    before.count("taps", { urlPath: page!.urlPath });
    await before.flush(database.db);
    expect(await count(funnelHourlyTallies)).toBe(0);

    const after = new FunnelCounter(TEST_TIME_ZONE);
    after.count("scans", { urlPath: page!.urlPath });
    await after.flush(database.db);
    expect(await database.db.select({ scans: funnelHourlyTallies.scans }).from(funnelHourlyTallies)).toEqual([{ scans: 1 }]);
  });

  it("only an owner may download the archive or start a new event; a bad body is a 400 naming the field", async () => {
    await eventUnderWay();
    const manager = await signedInClient(server.url, await createAccount(owner, "manager"));
    const before = await tableDigest(database.db);
    expect((await manager.get(ARCHIVE)).status).toBe(403);
    const refused = await manager.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "Your role (manager) cannot do this." });

    const badHandling = await owner.post(START_NEW, { prizes: "keep", confirm: NEW_EVENT_PHRASE });
    expect(badHandling.status).toBe(400);
    expect(await badHandling.json()).toEqual({ prizes: ["Choose one of: restore, remove."] });
    const badPhrase = await owner.post(START_NEW, { prizes: "restore", confirm: "yes" });
    expect(badPhrase.status).toBe(400);
    expect(await badPhrase.json()).toEqual({ confirm: [`Type "${NEW_EVENT_PHRASE}" to confirm.`] });
    expect(Object.keys(await (await owner.post(START_NEW, {})).json()).sort()).toEqual(["confirm", "prizes"]);
    expect(await tableDigest(database.db)).toBe(before);
  });
});

// The embedded database answers raw statements in another shape than postgres.js: the reset, the archive,
// the flush and the claim's check of a recent reset must work on it too.
describe("starting a new event on the embedded database", () => {
  it("archives, resets, drops a batch counted before the reset, and knows the reset happened", async () => {
    const target = { kind: "embedded" as const, dataDir: tempDir("newevent-pglite") };
    const handle = openDatabase(target, { timeZone: TEST_TIME_ZONE });
    await migrateDatabase(target, handle);
    const db = handle.db;
    try {
      const prize = await seedPrize(db, { total: 5, name: "Pin" });
      const pages = await seedPages(db, 2, "Embedded", [prize]);
      await db
        .insert(winners)
        .values({ name: "Mina", password: "0420", prizeId: prize, productId: pages[0]!.id, prizeName: "Pin", productName: "Embedded" });
      const zip = await JSZip.loadAsync(await buildEventArchive({ db, timeZone: TEST_TIME_ZONE, locale: "en" }));
      expect(Object.keys(zip.files)).toContain("winners.xlsx");
      const counter = new FunnelCounter(TEST_TIME_ZONE);
      counter.count("scans", { urlPath: pages[0]!.urlPath }, Date.now() - 5_000);

      const summary = await startNewEvent({ ctx: { db }, input: { prizes: "remove", confirm: NEW_EVENT_PHRASE } });
      expect(summary).toEqual({ winners_removed: 1, placements_removed: 1, prizes_restored: 0, prizes_removed: 1 });
      await counter.flush(db);
      expect(await db.select().from(funnelHourlyTallies)).toEqual([]);
      const since = new Date(Date.now() - 60_000);
      expect(await db.select({ happened: eventResetSince(since) }).from(settings)).toEqual([{ happened: true }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
