import { asc, eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { type Db, openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { eventResetSince } from "@/db/queries/event-resets";
import { funnelHourlyTallies, placements, prizes, products, settings, winners } from "@/db/schema";
import { buildEventArchive } from "@/lib/export/event-archive";
import { FunnelCounter } from "@/lib/funnel/counter";
import { translate } from "@/lib/i18n/translate";
import { EVENT_RESET_DETAIL } from "@/lib/services/claims/finalise";
import { type NewEventStep, startNewEvent } from "@/lib/services/event/start-new";
import { NEW_EVENT_PHRASE } from "@/lib/validation/new-event";
import { ARCHIVE_CUTOFF_HEADER } from "@/shared/contracts/new-event";
import { text } from "@/shared/i18n/text";
import { english } from "@/tests/support/english";
import { createAccount } from "../support/accounts";
import { insertWinners, rowsOf, tableDigest } from "../support/direct-database";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const START_NEW = "/api/admin/event/start_new/";
const ARCHIVE = "/api/admin/event/archive/";
const STEPS: NewEventStep[] = ["live", "settings"];

/**
 * "A clean start for the next event": the archive and the reset, through the real server on a
 * database of its own (the reset wipes every winner, so no other file may share it).
 */
describe("starting a new event", () => {
  let file: FileServer;
  let server: { url: string };
  let owner: TestClient;

  // Each test arranges and reads rows in as few reaches into the database as it can: on PGlite each stops
  // and restarts the server (a visitor's hold, 60 s, outlives a few).
  beforeAll(async () => {
    // The default proxy hops (0), as these storms were written for: every visitor at one address.
    file = await startOwnServer("newevent", { TRUSTED_PROXY_HOPS: "0" });
    server = { url: file.url };
    owner = await signedInClient(server.url, TEST_ADMIN);
  }, 90_000);
  afterAll(async () => {
    await file?.stop();
  });

  /** An event under way: two prizes placed on three of four pages, 25 winners, counters, tallies. */
  async function eventUnderWay(db: Db) {
    const mug = await seedPrize(db, { total: 40, daily: 40, maintenance: 2, name: "Mug" });
    const cap = await seedPrize(db, { total: 5, daily: 5, maintenance: 1, name: "Cap" });
    const pages = await seedPages(db, 4, "Stand", [mug, mug, cap]);
    await insertWinners(db, { productId: pages[3]!.id, productName: "Stand 4", count: 25 });
    await db
      .update(prizes)
      .set({
        remainingQuantity: sql`${prizes.totalQuantity} - 3`,
        todayDistributed: 3,
        distributedOn: sql`current_date`,
        hourDistributed: 2,
      })
      .where(eq(prizes.id, mug));
    await db
      .insert(funnelHourlyTallies)
      .values({ hourStart: new Date("2026-11-20T01:00:00Z"), productId: pages[0]!.id, scans: 9, taps: 4 });
    return { mug, cap, pages };
  }

  const count = async (db: Db, table: typeof winners | typeof placements | typeof prizes | typeof funnelHourlyTallies) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const pageRows = (db: Db) =>
    db.select({ id: products.id, name: products.name, urlPath: products.urlPath }).from(products).orderBy(asc(products.id));
  async function settingsKept(db: Db) {
    const [row] = await db.select().from(settings);
    const { maintenanceMode: _mode, updatedAt: _updated, ...kept } = row!;
    return kept;
  }

  /** Downloads the archive as the settings screen does: its zip and its cut-off (X-Archive-Cutoff). */
  async function takeArchive(client: TestClient = owner) {
    const response = await client.get(ARCHIVE);
    expect(response.status).toBe(200);
    const cutoff = Number(response.headers.get(ARCHIVE_CUTOFF_HEADER));
    expect(Number.isInteger(cutoff)).toBe(true);
    return { cutoff, zip: await JSZip.loadAsync(Buffer.from(await response.arrayBuffer())) };
  }

  /** Starts a new event the way the screen does: with the cut-off of an archive downloaded just before. */
  async function startNew(prizeHandling: "restore" | "remove") {
    const { cutoff } = await takeArchive();
    return owner.post(START_NEW, { prizes: prizeHandling, confirm: NEW_EVENT_PHRASE, archive_cutoff: cutoff });
  }

  it("a failure injected after any step leaves every table as it was", async () => {
    // Arranged straight in the database: no visitor call, so no funnel count is flushed between the digests.
    await file.withDatabase(async (db) => {
      const { pages } = await eventUnderWay(db);
      await db
        .update(placements)
        .set({ reservedBy: "visitor-mid-hold", reservedUntil: sql`now() + interval '60 seconds'` })
        .where(eq(placements.productId, pages[0]!.id));
      const before = await tableDigest(db);
      for (const failAt of STEPS) {
        for (const prizeHandling of ["restore", "remove"] as const) {
          const failing = startNewEvent({
            ctx: { db, eventId: 1 },
            input: { prizes: prizeHandling, confirm: NEW_EVENT_PHRASE, archive_cutoff: 2_147_483_647 },
            afterStep: (step) => {
              if (step === failAt) throw new Error(`injected after ${step}`);
            },
          });
          await expect(failing).rejects.toThrow(`injected after ${failAt}`);
          expect(await tableDigest(db), `failed after ${failAt} (${prizeHandling})`).toBe(before);
        }
      }
    });
  });

  it("the archive opens and holds every winner, the audit log, the funnel and the event's records", async () => {
    const { pages } = await file.withDatabase(eventUnderWay);
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
    const [stored, newest, placementCount] = await file.withDatabase(
      async (db) =>
        [
          await db.select({ name: winners.name, password: winners.password }).from(winners),
          (await db.select({ id: sql<number>`max(${winners.id})::int` }).from(winners))[0]!,
          await count(db, placements),
        ] as const,
    );
    expect(stored.length).toBeGreaterThanOrEqual(25);
    const inFile = winnerRows.map(([name, password]) => `${name}/${password}`).sort();
    expect(inFile).toEqual(stored.map((winner) => `${winner.name}/${winner.password}`).sort());
    expect((await sheetRows("audit-log.xlsx")).flat()).toContain("auth.sign_in");

    const event = JSON.parse(await zip.file("event.json")!.async("string"));
    expect(event.time_zone).toBe(TEST_TIME_ZONE);
    // Its cut-off: the newest winner it holds, in event.json and in the header the screen sends back.
    expect(event.cutoff).toEqual({ last_winner_id: newest.id, winners: stored.length });
    expect(response.headers.get(ARCHIVE_CUTOFF_HEADER)).toBe(String(newest.id));
    const urlPaths = event.products.map((product: { url_path: string }) => product.url_path);
    expect(urlPaths).toEqual(expect.arrayContaining(pages.map((page) => page.urlPath)));
    expect(event.prizes.map((prize: { name: string }) => prize.name)).toEqual(expect.arrayContaining(["Mug", "Cap"]));
    expect(event.placements).toHaveLength(placementCount);
    expect(JSON.stringify(event)).not.toContain("reserved_by");
  });

  it("restore: winners, placements, holds, counters and tallies go; pages, their QR codes, settings and the audit log stay", async () => {
    const { mug, pages } = await file.withDatabase(eventUnderWay);
    expect(
      (await owner.patch("/api/admin/settings/", { maintenance_mode: true, pause_message: "Back soon", wins_per_visitor: "one_per_day" }))
        .status,
    ).toBe(200);
    const visitor = await newVisitor(server.url);
    expect((await visitor.post(claimPath(pages[1]!.urlPath))).status).toBe(200);
    const qrBefore = await Promise.all(
      pages.map(async (page) => Buffer.from(await (await owner.get(`/api/products/${page.id}/qr/`)).arrayBuffer())),
    );
    const readBack = (db: Db) =>
      Promise.all([
        pageRows(db),
        settingsKept(db),
        rowsOf<{ n: number; resets: number }>(
          db,
          sql`select count(*)::int as n, count(*) filter (where action = 'event.reset')::int as resets from audit_log`,
        ),
      ]);
    const [pagesBefore, settingsBefore, auditBefore] = await file.withDatabase(readBack);

    const response = await startNew("restore");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ detail: "A new event has started.", prizes_removed: 0 });

    const after = await file.withDatabase(async (db) => ({
      counts: { winners: await count(db, winners), placements: await count(db, placements), funnel: await count(db, funnelHourlyTallies) },
      tallies: await rowsOf<{ per_prize: number; per_hour: number }>(
        db,
        sql`select (select count(*) from winner_tallies)::int as per_prize, (select count(*) from winner_hourly_tallies)::int as per_hour`,
      ),
      mug: (await db.select().from(prizes).where(eq(prizes.id, mug)))[0],
      kept: await readBack(db),
    }));
    expect(after.counts).toEqual({
      winners: 0,
      placements: 0,
      funnel: 0,
    });
    expect(after.tallies[0]).toEqual({ per_prize: 0, per_hour: 0 });
    const mugAfter = after.mug;
    expect(mugAfter).toMatchObject({
      remainingQuantity: 40,
      totalQuantity: 40,
      todayDistributed: 0,
      hourDistributed: 0,
      distributedOn: null,
    });
    const [pagesAfter, settingsAfter, audit] = after.kept;
    expect(pagesAfter).toEqual(pagesBefore);
    for (const [index, page] of pages.entries())
      expect(Buffer.from(await (await owner.get(`/api/products/${page.id}/qr/`)).arrayBuffer()).equals(qrBefore[index]!)).toBe(true);
    expect(settingsAfter).toEqual(settingsBefore);
    expect((await (await owner.get("/api/admin/settings/")).json()).maintenance_mode).toBe(false);

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
    const pagesBefore = await file.withDatabase(async (db) => {
      await eventUnderWay(db);
      return pageRows(db);
    });
    const response = await startNew("remove");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ prizes_restored: 0, placements_removed: 3 });
    const after = await file.withDatabase(async (db) => ({
      counts: { prizes: await count(db, prizes), winners: await count(db, winners) },
      pages: await pageRows(db),
    }));
    expect(after.counts).toEqual({ prizes: 0, winners: 0 });
    expect(after.pages).toEqual(pagesBefore);
  });

  it("reserves and claims racing the reset: no hold or winner outlives it, the stock is whole, nothing answers 500", async () => {
    const { mug, pages } = await file.withDatabase(async (db) => {
      const mug = await seedPrize(db, { total: 30, daily: 30, maintenance: 10, name: "Race mug" });
      return { mug, pages: await seedPages(db, 10, "Race", Array(10).fill(mug)) };
    });
    const visitors = await Promise.all(pages.map(() => newVisitor(server.url)));
    // Half hold their prize and claim it while the reset runs; the other half tap their ticket meanwhile.
    for (const [index, visitor] of visitors.slice(0, 5).entries())
      expect((await visitor.post(claimPath(pages[index]!.urlPath))).status).toBe(200);
    const [reset, ...answers] = await Promise.all([
      startNew("restore"),
      ...visitors.map((visitor, index) =>
        visitor.post(claimPath(pages[index]!.urlPath), index < 5 ? { name: "Racer", password: "1234" } : undefined),
      ),
    ]);
    // A claim that won between the archive and the reset makes the reset a 409: the owner takes it again.
    expect([200, 409]).toContain(reset!.status);
    const done = reset!.status === 409 ? await startNew("restore") : reset!;
    expect(done.status).toBe(200);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    const after = await file.withDatabase(async (db) => ({
      counts: { winners: await count(db, winners), placements: await count(db, placements) },
      stock: (await db.select({ remaining: prizes.remainingQuantity }).from(prizes).where(eq(prizes.id, mug)))[0],
    }));
    expect(after.counts).toEqual({ winners: 0, placements: 0 });
    expect(after.stock).toEqual({ remaining: 30 });
  });

  it("counts an instance made before the reset are not flushed into the new event; counts made after are", async () => {
    const [page] = await file.withDatabase((db) => seedPages(db, 1, "Funnel"));
    const before = new FunnelCounter(TEST_TIME_ZONE);
    before.count("scans", { urlPath: page!.urlPath }, Date.now() - 60_000);
    expect((await startNew("restore")).status).toBe(200);
    before.count("taps", { urlPath: page!.urlPath });
    // The counters flush from this process, as an instance's do from its own.
    await file.withDatabase(async (db) => {
      await before.flush(db);
      expect(await count(db, funnelHourlyTallies)).toBe(0);

      const after = new FunnelCounter(TEST_TIME_ZONE);
      after.count("scans", { urlPath: page!.urlPath });
      await after.flush(db);
      expect(await db.select({ scans: funnelHourlyTallies.scans }).from(funnelHourlyTallies)).toEqual([{ scans: 1 }]);
    });
  });

  it("a reset without an archive, or after wins its archive does not hold, is a 409 saying why; nothing changes", async () => {
    const { pages } = await file.withDatabase(eventUnderWay);
    // A visitor in the middle of the form: the refused reset leaves their hold, and they win after it.
    const visitor = await newVisitor(server.url);
    expect((await visitor.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
    // Every table a reset touches (not the funnel's tallies, which the visitor's taps reach on their own time).
    const eventDigest = async (db: Db) => {
      const rows = await rowsOf<{ digest: string }>(
        db,
        sql`select md5(string_agg(t, '|' order by t)) as digest from (
          select 'w' || w::text as t from ${winners} w union all select 'p' || p::text from ${placements} p
          union all select 'z' || z::text from ${prizes} z union all select 's' || s::text from ${settings} s
          union all select 'a' || a::text from audit_log a union all select 't' || t::text from winner_tallies t
          union all select 'h' || h::text from winner_hourly_tallies h) as everything`,
      );
      return rows[0]!.digest;
    };
    const [before, winnersNow] = await file.withDatabase(async (db) => [await eventDigest(db), await count(db, winners)] as const);

    const noArchive = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
    expect(noArchive.status).toBe(409);
    expect(await noArchive.json()).toEqual({
      detail: english(text("errors.newEvent.archiveMissing", { count: winnersNow })),
      code: "archive_missing",
      wins_after_archive: winnersNow,
    });

    // Taking the archive writes nothing: one reach checks the refused reset and adds the late wins.
    const { cutoff } = await takeArchive();
    const { unchanged, late, afterLateWins } = await file.withDatabase(async (db) => ({
      unchanged: await eventDigest(db),
      late: await insertWinners(db, { productId: pages[3]!.id, productName: "Stand 4", count: 2 }),
      afterLateWins: await eventDigest(db),
    }));
    expect(unchanged).toBe(before);
    const outdated = await owner.request("POST", START_NEW, {
      json: { prizes: "remove", confirm: NEW_EVENT_PHRASE, archive_cutoff: cutoff },
      headers: { "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(outdated.status).toBe(409);
    expect(await outdated.json()).toEqual({
      detail: translate("ko", text("errors.newEvent.archiveOutdated", { count: 2 })),
      code: "archive_outdated",
      wins_after_archive: 2,
    });
    // Nothing was removed, and no audit row says a reset happened.
    const [afterOutdated, winnersAfter] = await file.withDatabase(async (db) => [await eventDigest(db), await count(db, winners)] as const);
    expect(afterOutdated).toBe(afterLateWins);
    expect(winnersAfter).toBe(winnersNow + late.length);

    const won = await visitor.post(claimPath(pages[0]!.urlPath), { name: "Mina", password: "0420" });
    expect(won.status).toBe(201);
    // The archive taken now holds every winner, the last one included: the reset goes ahead.
    const fresh = await takeArchive();
    expect(fresh.cutoff).toBeGreaterThan(cutoff);
    const started = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE, archive_cutoff: fresh.cutoff });
    expect(started.status).toBe(200);
    expect(await (await owner.get("/api/admin/event/status/")).json()).toMatchObject({ winners: 0 });
  });

  it("GET /api/admin/event/status/: the visitors holding a prize right now and the winners, for every reading role", async () => {
    const { pages, winnersNow } = await file.withDatabase(async (db) => ({
      ...(await eventUnderWay(db)),
      winnersNow: await count(db, winners),
    }));
    const holders = await Promise.all([newVisitor(server.url), newVisitor(server.url)]);
    for (const [index, holder] of holders.entries()) expect((await holder.post(claimPath(pages[index]!.urlPath))).status).toBe(200);
    const viewer = await signedInClient(server.url, await createAccount(owner, "viewer"));
    for (const reader of [owner, viewer]) {
      const response = await reader.get("/api/admin/event/status/");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ playing_now: 2, winners: winnersNow });
    }
    expect((await holders[0]!.patch(claimPath(pages[0]!.urlPath))).status).toBe(200);
    expect(await (await owner.get("/api/admin/event/status/")).json()).toMatchObject({ playing_now: 1 });
    expect((await startNew("restore")).status).toBe(200);
    expect(await (await owner.get("/api/admin/event/status/")).json()).toEqual({ playing_now: 0, winners: 0 });
  });

  it("30 visitors claiming while the owner takes the archive, waits for a later win and starts a new event: every 201 is in the archive or the database", async () => {
    const VISITORS = 30;
    // The phones visit every page: the prize is placed again on any page after a win, and the earlier tests' pages
    // left unvisited would keep it (the storm stalled now and then, with no win for 20 s).
    const { prize, pages } = await file.withDatabase(async (db) => {
      const prize = await seedPrize(db, { total: 100_000, daily: 100_000, maintenance: 15, name: "Storm mug" });
      await seedPages(db, VISITORS, "Storm");
      return { prize, pages: await db.select({ urlPath: products.urlPath }).from(products) };
    });
    // Any number of wins per visitor (an earlier test set one a day), maintenance mode on and the prize
    // placed: each win places it again, as at an event.
    expect((await owner.patch("/api/admin/settings/", { wins_per_visitor: "unlimited", paused: false })).status).toBe(200);
    const placed = await owner.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true, prize_id: prize });
    expect(placed.status).toBe(200);

    /** Every claim answered 201, by its nickname (unique per claim) and password. */
    const confirmed = new Map<string, string>();
    /** When each confirmed claim was sent (ms): a win sent after the archive arrived is one it lacks. */
    const claimSentAt: number[] = [];
    const storm = { stopped: false, answers: new Map<number, number>(), reserves: new Map<string, number>() };
    async function phone(index: number) {
      const visitor = await newVisitor(server.url);
      for (let attempt = 0; !storm.stopped; attempt += 1) {
        const page = pages[Math.floor(Math.random() * pages.length)]!;
        const reserve = await visitor.post(claimPath(page.urlPath));
        const reserveCode = `reserve ${reserve.status} ${((await reserve.json().catch(() => ({}))) as { code?: string }).code ?? ""}`;
        storm.reserves.set(reserveCode, (storm.reserves.get(reserveCode) ?? 0) + 1);
        if (reserve.status !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const name = `v${index}n${attempt}`;
        const password = String(1000 + Math.floor(Math.random() * 9000));
        const sentAt = Date.now();
        const claim = await visitor.post(claimPath(page.urlPath), { name, password });
        await claim.body?.cancel();
        storm.answers.set(claim.status, (storm.answers.get(claim.status) ?? 0) + 1);
        if (claim.status === 201) {
          confirmed.set(name, password);
          claimSentAt.push(sentAt);
        }
      }
    }
    const phones = Promise.all(Array.from({ length: VISITORS }, (_, index) => phone(index)));

    const resets: number[] = [];
    let kept: JSZip | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // As reported: the archive, a few seconds of wins, then the reset with that archive's cut-off. (Wins come
      // in bursts, as the prize is placed again: a fixed 2 s wait sometimes held none, and the reset was rightly let
      // through. So the owner waits for a win whose claim was sent after the archive arrived.)
      let archive = await takeArchive();
      const archiveArrived = Date.now();
      await expect.poll(() => claimSentAt.some((sentAt) => sentAt > archiveArrived), { timeout: 20_000 }).toBe(true);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const reset = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE, archive_cutoff: archive.cutoff });
        resets.push(reset.status);
        if (reset.status === 200) {
          kept = archive.zip;
          break;
        }
        expect(reset.status).toBe(409);
        expect((await reset.json()).code).toBe("archive_outdated");
        // After a few refusals under a storm that never stops, the owner pauses the event first.
        if (attempt === 2) expect((await owner.patch("/api/admin/settings/", { paused: true })).status).toBe(200);
        archive = await takeArchive();
      }
      // Claims go on a moment after the reset: theirs race its commit.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      storm.stopped = true;
      await phones;
      await owner.patch("/api/admin/settings/", { paused: false });
    }
    console.log(
      `Resets answered ${resets.join(", ")}; claims answered ${JSON.stringify(Object.fromEntries(storm.answers))}, ${JSON.stringify(Object.fromEntries(storm.reserves))}`,
    );
    // The first reset came after a win the archive lacks, during the storm: refused.
    expect(resets[0]).toBe(409);
    expect(resets.at(-1)).toBe(200);
    expect(confirmed.size).toBeGreaterThan(0);

    const book = XLSX.read(await kept!.file("winners.xlsx")!.async("nodebuffer"));
    const [, ...archived] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const inArchive = new Set(archived.map(([name, password]) => `${name}/${password}`));
    const inDatabase = new Set(
      (await file.withDatabase((db) => db.select({ name: winners.name, password: winners.password }).from(winners))).map(
        (winner) => `${winner.name}/${winner.password}`,
      ),
    );
    const lost = [...confirmed]
      .map(([name, password]) => `${name}/${password}`)
      .filter((win) => !inArchive.has(win) && !inDatabase.has(win));
    expect(lost).toEqual([]);
  }, 120_000);

  it("only an owner may download the archive or start a new event; a bad body is a 400 naming the field", async () => {
    const manager = await signedInClient(server.url, await createAccount(owner, "manager"));
    // The funnel's counts of the storm above may still be flushed meanwhile (every 5 s): nothing refused here writes them.
    const unchanged = (db: Db) => tableDigest(db, { except: ["funnel_hourly_tallies"] });
    const before = await file.withDatabase(async (db) => {
      await eventUnderWay(db);
      return unchanged(db);
    });
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
    for (const archive_cutoff of [-1, 1.5, "12", 2 ** 31]) {
      const badCutoff = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE, archive_cutoff });
      expect(badCutoff.status).toBe(400);
      expect(Object.keys(await badCutoff.json())).toEqual(["archive_cutoff"]);
    }
    expect(await file.withDatabase(unchanged)).toBe(before);
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
      const archive = await buildEventArchive({ db, eventId: 1, timeZone: TEST_TIME_ZONE, locale: "en" });
      const zip = await JSZip.loadAsync(archive.file);
      expect(Object.keys(zip.files)).toContain("winners.xlsx");
      expect(archive.cutoff).toEqual({ last_winner_id: expect.any(Number), winners: 1 });
      const refused = startNewEvent({ ctx: { db, eventId: 1 }, input: { prizes: "remove", confirm: NEW_EVENT_PHRASE } });
      await expect(refused).rejects.toMatchObject({ code: "conflict", extra: { code: "archive_missing", wins_after_archive: 1 } });
      const counter = new FunnelCounter(TEST_TIME_ZONE);
      counter.count("scans", { urlPath: pages[0]!.urlPath }, Date.now() - 5_000);

      const summary = await startNewEvent({
        ctx: { db, eventId: 1 },
        input: { prizes: "remove", confirm: NEW_EVENT_PHRASE, archive_cutoff: archive.cutoff.last_winner_id },
      });
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
