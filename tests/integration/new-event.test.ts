import { eq, inArray, sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { type Db, openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { auditLog, events, funnelHourlyTallies, placements, prizes, products, settings, webhookDeliveries, winners } from "@/db/schema";
import { EVENT_RESET_DETAIL } from "@/lib/services/claims/finalise";
import { type NewEventStep, startNewEvent } from "@/lib/services/event/start-new";
import { NEW_EVENT_PHRASE } from "@/lib/validation/new-event";
import { ARCHIVE_CUTOFF_HEADER } from "@/shared/contracts/new-event";
import { english } from "@/tests/support/english";
import { createAccount } from "../support/accounts";
import { insertWinners, tableDigest } from "../support/direct-database";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const START_NEW = "/api/admin/event/start_new/";
const ARCHIVE = "/api/admin/event/archive/";
const STEPS: NewEventStep[] = ["live", "settings"];
/** A test that reaches into the database: on PGlite each reach stops and starts the server (5-8 s, more on a busy machine). */
const REACHING_TEST_MS = 120_000;

type EventAnswer = { id: number; name: string; status: string; is_default: boolean; prizes: number; winners: number };

/**
 * "Start a new event" (server-behaviour.md, "A new event"): the call's event closes, kept whole with its
 * winners, and its live copy keeping the addresses takes the printed QR codes over, in one transaction.
 * Through the real server on a database of its own (each start moves the default event the others act on).
 */
describe("starting a new event", () => {
  let file: FileServer;
  let server: { url: string };
  let owner: TestClient;

  // Each test arranges and reads rows in as few reaches into the database as it can: on PGlite each stops
  // and restarts the server (a visitor's hold, 60 s, outlives a few).
  beforeAll(async () => {
    // The default proxy hops (0), as the storm was written for: every visitor at one address. Receivers on
    // this machine, to see the event.closed message written.
    file = await startOwnServer("newevent", { TRUSTED_PROXY_HOPS: "0", WEBHOOKS_ALLOW_PRIVATE: "1" });
    server = { url: file.url };
    owner = await signedInClient(server.url, TEST_ADMIN);
  }, 90_000);
  afterAll(async () => {
    await file?.stop();
  });

  async function eventsListed(): Promise<EventAnswer[]> {
    return ((await (await owner.get("/api/admin/events/")).json()) as { results: EventAnswer[] }).results;
  }
  async function defaultEvent(): Promise<EventAnswer> {
    return (await eventsListed()).find((event) => event.is_default)!;
  }

  /** An event under way in event 1: two prizes placed on three of four pages, 25 winners, counters, tallies. */
  async function eventUnderWay(db: Db) {
    const mug = await seedPrize(db, { total: 40, daily: 40, maintenance: 2, name: "Mug" });
    const cap = await seedPrize(db, { total: 5, daily: 5, maintenance: 1, name: "Cap" });
    const pages = await seedPages(db, 4, "Stand", [mug, mug, cap]);
    await insertWinners(db, { productId: pages[3]!.id, productName: "Stand 4", count: 25 });
    await db
      .update(prizes)
      .set({ remainingQuantity: sql`${prizes.totalQuantity} - 3`, todayDistributed: 3 })
      .where(eq(prizes.id, mug));
    await db
      .insert(funnelHourlyTallies)
      .values({ hourStart: new Date("2026-11-20T01:00:00Z"), productId: pages[0]!.id, scans: 9, taps: 4 });
    return { mug, cap, pages };
  }

  /** The names in an event's winners list and in its Excel export, acting on it with `?event=`. */
  async function winnersOf(event: number) {
    const listed = await owner.get(`/api/winners/?event=${event}&page_size=100`);
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { count: number; results: { name: string }[] };
    const excel = await owner.get(`/api/winners/download_excel/?event=${event}`);
    expect(excel.status).toBe(200);
    const book = XLSX.read(Buffer.from(await excel.arrayBuffer()));
    const [, ...rows] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    return { count: page.count, listed: page.results.map((row) => row.name).sort(), exported: rows.map(([name]) => name).sort() };
  }

  /** A visitor's view of an address: is a prize waiting on the page that answers it? */
  async function prizeWaitingAt(urlPath: string): Promise<boolean> {
    const visitor = await newVisitor(server.url);
    return ((await (await visitor.get(`/api/p/${urlPath}/prize/`)).json()) as { has_prize: boolean }).has_prize;
  }

  it(
    "the archive opens and holds every winner, the audit log, the funnel and the event's records",
    async () => {
      // Seeded and read in one reach (on PGlite each stops the server): nothing else writes winners meanwhile.
      const { pages, stored, newest, placementCount } = await file.withDatabase(async (db) => ({
        ...(await eventUnderWay(db)),
        stored: await db.select({ name: winners.name, password: winners.password }).from(winners),
        newest: (await db.select({ id: sql<number>`max(${winners.id})::int` }).from(winners))[0]!,
        placementCount: (await db.select({ n: sql<number>`count(*)::int` }).from(placements))[0]!.n,
      }));
      const response = await owner.get(ARCHIVE);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="event-\d{8}\.zip"$/);
      const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
      expect(Object.keys(zip.files).sort()).toEqual(["audit-log.xlsx", "event.json", "funnel.xlsx", "winners.xlsx"]);

      const sheetRows = async (name: string) => {
        const book = XLSX.read(await zip.file(name)!.async("nodebuffer"));
        return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      };
      const [header, ...winnerRows] = await sheetRows("winners.xlsx");
      expect(header).toEqual(["Nickname", "Password", "Prize", "Product", "Won at", "Received", "Received at", "Collect by", "Expired at"]);
      expect(stored).toHaveLength(25);
      const inFile = winnerRows.map(([name, password]) => `${name}/${password}`).sort();
      expect(inFile).toEqual(stored.map((winner) => `${winner.name}/${winner.password}`).sort());
      expect((await sheetRows("audit-log.xlsx")).flat()).toContain("auth.sign_in");

      const event = JSON.parse(await zip.file("event.json")!.async("string"));
      expect(event.time_zone).toBe(TEST_TIME_ZONE);
      expect(event.cutoff).toEqual({ last_winner_id: newest.id, winners: stored.length });
      expect(response.headers.get(ARCHIVE_CUTOFF_HEADER)).toBe(String(newest.id));
      const urlPaths = event.products.map((product: { url_path: string }) => product.url_path);
      expect(urlPaths).toEqual(expect.arrayContaining(pages.map((page) => page.urlPath)));
      expect(event.prizes.map((prize: { name: string }) => prize.name)).toEqual(expect.arrayContaining(["Mug", "Cap"]));
      expect(event.placements).toHaveLength(placementCount);
      expect(JSON.stringify(event)).not.toContain("reserved_by");
    },
    REACHING_TEST_MS,
  );

  it(
    "a failure injected after any step leaves every table as it was",
    async () => {
      await file.withDatabase(async (db) => {
        const before = await tableDigest(db);
        for (const failAt of STEPS) {
          for (const prizeHandling of ["restore", "remove"] as const) {
            const failing = startNewEvent({
              ctx: { db, eventId: 1 },
              input: { prizes: prizeHandling, confirm: NEW_EVENT_PHRASE },
              afterStep: (step) => {
                if (step === failAt) throw new Error(`injected after ${step}`);
              },
            });
            await expect(failing).rejects.toThrow(`injected after ${failAt}`);
            expect(await tableDigest(db), `failed after ${failAt} (${prizeHandling})`).toBe(before);
          }
        }
      });
    },
    REACHING_TEST_MS,
  );

  it(
    "restore: the event closes with every winner kept, and its live copy keeps the addresses, the settings and the prizes at full stock",
    async () => {
      const hook = await owner.post("/api/admin/webhooks/", { url: "http://127.0.0.1:9/hook", types: ["event.closed"] });
      expect(hook.status).toBe(201);
      expect(
        (await owner.patch("/api/admin/settings/", { maintenance_mode: true, pause_message: "Back soon", wins_per_visitor: "one_per_day" }))
          .status,
      ).toBe(200);
      const { pages, funnelBefore, placementsBefore } = await file.withDatabase(async (db) => ({
        pages: await db.select({ id: products.id, name: products.name, urlPath: products.urlPath }).from(products).orderBy(products.id),
        funnelBefore: await db.select().from(funnelHourlyTallies),
        placementsBefore: (await db.select({ n: sql<number>`count(*)::int` }).from(placements))[0]!.n,
      }));
      // A visitor in the middle of the form when the event closes.
      const visitor = await newVisitor(server.url);
      expect((await visitor.post(claimPath(pages[0]!.urlPath))).status).toBe(200);
      expect(await (await owner.get("/api/admin/event/status/")).json()).toEqual({ playing_now: 1, winners: 25 });
      const settingsBefore = await (await owner.get("/api/admin/settings/")).json();
      const qrBefore = await Promise.all(
        pages.map(async (page) => Buffer.from(await (await owner.get(`/api/products/${page.id}/qr/`)).arrayBuffer())),
      );

      const response = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toEqual({
        detail: "A new event has started.",
        event_id: expect.any(Number),
        event_name: "Event 1 (2)",
        closed_event_id: 1,
        winners_kept: 25,
        winners_removed: 0,
        placements_removed: 0,
        prizes_restored: 2,
        prizes_removed: 0,
      });
      const copy: number = answer.event_id;

      // Event 1 is closed, not the default any more; the copy is live and the default the spec's calls act on.
      const listed = Object.fromEntries((await eventsListed()).map((event) => [event.id, event]));
      expect(listed[1]).toMatchObject({ status: "closed", is_default: false, winners: 25, prizes: 2 });
      expect(listed[copy]).toMatchObject({ name: "Event 1 (2)", status: "live", is_default: true, winners: 0, prizes: 2 });
      expect(await (await owner.get("/api/admin/event/status/")).json()).toEqual({ playing_now: 0, winners: 0 });
      expect(await (await owner.get("/api/admin/event/status/?event=1")).json()).toMatchObject({ winners: 25 });

      // No win is lost: the closed event lists and exports every one of its winners.
      const kept = await winnersOf(1);
      expect(kept.count).toBe(25);
      expect(kept.exported).toEqual(kept.listed);
      expect(kept.listed).toEqual(Array.from({ length: 25 }, (_, index) => `winner${index}`).sort());
      expect((await winnersOf(copy)).count).toBe(0);

      // The copy: the same pages at the same addresses (the same QR codes), the prizes at full stock, the same
      // settings but automatic placement, switched off until the organiser places prizes.
      const copyPages = (await (await owner.get(`/api/products/?event=${copy}&page_size=100`)).json()) as {
        results: { id: number; name: string; url_path: string }[];
      };
      expect(copyPages.results.map((page) => [page.name, page.url_path]).sort()).toEqual(
        pages.map((page) => [page.name, page.urlPath]).sort(),
      );
      for (const [index, page] of pages.entries()) {
        const twin = copyPages.results.find((mine) => mine.url_path === page.urlPath)!;
        const qr = Buffer.from(await (await owner.get(`/api/products/${twin.id}/qr/?event=${copy}`)).arrayBuffer());
        expect(qr.equals(qrBefore[index]!)).toBe(true);
      }
      const copyPrizes = (await (await owner.get(`/api/prizes/?event=${copy}`)).json()) as {
        results: { name: string; remaining_quantity: number; total_quantity: number }[];
      };
      expect(copyPrizes.results.map((prize) => [prize.name, prize.remaining_quantity, prize.total_quantity]).sort()).toEqual([
        ["Cap", 5, 5],
        ["Mug", 40, 40],
      ]);
      const settingsAfter = await (await owner.get("/api/admin/settings/")).json();
      // Its own versions (the notice's: a copy's consent is its own) and its own winners' count to erase.
      const {
        maintenance_mode: _was,
        updated_at: _at,
        display_token: _token,
        privacy_notice_version: _version,
        retention_pending: _pending,
        ...same
      } = settingsBefore;
      expect(settingsAfter).toMatchObject({ ...same, maintenance_mode: false });

      // The scan of a kept address lands on the copy's page, where nothing waits yet (event 1's page had a prize).
      expect(await prizeWaitingAt(pages[1]!.urlPath)).toBe(false);
      // The visitor who was holding a prize: a clear 409, never a 500; their page still opens, with no ticket.
      const claim = await visitor.post(claimPath(pages[0]!.urlPath), { name: "Mina", password: "0420" });
      expect(claim.status).toBe(409);
      expect(await claim.json()).toEqual({ detail: english(EVENT_RESET_DETAIL), code: "event_ended" });
      expect((await visitor.get(`/p/${pages[0]!.urlPath}`)).status).toBe(200);

      // Nothing was deleted; the events API's own audit rows, and event 1's event.closed message naming the copy.
      const after = await file.withDatabase(async (db) => ({
        winners: (await db.select({ n: sql<number>`count(*)::int` }).from(winners).where(eq(winners.eventId, 1)))[0]!.n,
        placements: (await db.select({ n: sql<number>`count(*)::int` }).from(placements).where(eq(placements.eventId, 1)))[0]!.n,
        funnel: await db.select().from(funnelHourlyTallies),
        audit: await db
          .select({ action: auditLog.action, event: auditLog.eventId })
          .from(auditLog)
          .where(inArray(auditLog.action, ["event.copy", "event.close", "event.go_live", "event.reset"]))
          .orderBy(auditLog.id),
        closedMessages: await db
          .select({ data: webhookDeliveries.data })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.type, "event.closed")),
      }));
      expect(after.winners).toBe(25);
      expect(after.placements).toBe(placementsBefore);
      // Every count stays (the visitor's tap and hold may have been flushed since, as a server stops on PGlite).
      expect(after.funnel).toEqual(expect.arrayContaining(funnelBefore));
      expect(after.audit).toEqual([
        { action: "event.copy", event: copy },
        { action: "event.close", event: 1 },
        { action: "event.go_live", event: copy },
      ]);
      expect(after.closedMessages).toEqual([{ data: { event_id: 1, name: "Event 1", at: expect.any(String), replaced_by: copy } }]);
    },
    REACHING_TEST_MS,
  );

  it("remove: the copy has no prizes; the closed event keeps its own", async () => {
    const before = await defaultEvent();
    const response = await owner.post(START_NEW, { prizes: "remove", confirm: NEW_EVENT_PHRASE });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ closed_event_id: before.id, event_name: "Event 1 (3)", prizes_restored: 0, prizes_removed: 2 });
    const listed = Object.fromEntries((await eventsListed()).map((event) => [event.id, event]));
    expect(listed[before.id]).toMatchObject({ status: "closed", prizes: 2 });
    expect(listed[answer.event_id]).toMatchObject({ status: "live", is_default: true, prizes: 0 });
    expect((await (await owner.get("/api/prizes/")).json()).count).toBe(0);
  });

  it(
    "no win is lost: the winners made before are all in the closed event, and a scan of a kept address lands on the copy",
    async () => {
      const source = await defaultEvent();
      expect((await owner.patch("/api/admin/settings/", { wins_per_visitor: "unlimited" })).status).toBe(200);
      // Five pages with a prize each: four are won, one still waits when the event closes.
      const pages = await file.withDatabase(async (db) => {
        const pin = await seedPrize(db, { total: 10, name: "Pin", eventId: source.id });
        return seedPages(db, 5, "Kept", Array(5).fill(pin), source.id);
      });
      const names = ["Ara", "Bo", "Chan", "Dami"];
      for (const [index, name] of names.entries()) {
        const visitor = await newVisitor(server.url);
        expect((await visitor.post(claimPath(pages[index]!.urlPath))).status).toBe(200);
        expect((await visitor.post(claimPath(pages[index]!.urlPath), { name, password: "1234" })).status).toBe(201);
      }
      expect(await prizeWaitingAt(pages[4]!.urlPath)).toBe(true);

      // An archive cut-off from before the wins: accepted and ignored, nothing is refused.
      const response = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE, archive_cutoff: 0 });
      expect(response.status).toBe(200);
      const copy: number = (await response.json()).event_id;

      const kept = await winnersOf(source.id);
      expect(kept.listed).toEqual([...names].sort());
      expect(kept.exported).toEqual([...names].sort());
      // The closed event's page with a prize waiting is no longer reached by a scan: its address answers the copy's.
      expect(await prizeWaitingAt(pages[4]!.urlPath)).toBe(false);
      const late = await newVisitor(server.url);
      expect((await late.post(claimPath(pages[4]!.urlPath))).status).toBe(409);
      // Once the organiser places the copy's prize, a scan there wins in the copy.
      const copyPrize = ((await (await owner.get(`/api/prizes/?event=${copy}`)).json()) as { results: { id: number }[] }).results[0]!;
      const copyPage = (
        (await (await owner.get(`/api/products/?event=${copy}&page_size=100`)).json()) as { results: { id: number; url_path: string }[] }
      ).results.find((page) => page.url_path === pages[4]!.urlPath)!;
      expect((await owner.post("/api/prize-distributions/", { prize: copyPrize.id, product: copyPage.id, is_active: true })).status).toBe(
        201,
      );
      expect((await late.post(claimPath(pages[4]!.urlPath))).status).toBe(200);
      expect((await late.post(claimPath(pages[4]!.urlPath), { name: "Eun", password: "1234" })).status).toBe(201);
      expect((await winnersOf(copy)).listed).toEqual(["Eun"]);
      expect((await winnersOf(source.id)).listed).toEqual([...names].sort());
    },
    REACHING_TEST_MS,
  );

  it("30 visitors claiming while the owner starts a new event: every 201 is one winner, in the old event or the new one", async () => {
    const VISITORS = 30;
    const source = await defaultEvent();
    const pages = await file.withDatabase(async (db) => {
      await seedPrize(db, { total: 100_000, daily: 100_000, maintenance: 15, name: "Storm mug", eventId: source.id });
      await seedPages(db, VISITORS, "Storm", [], source.id);
      return db.select({ urlPath: products.urlPath }).from(products).where(eq(products.eventId, source.id));
    });
    const stormPrize = async (event: number) =>
      ((await (await owner.get(`/api/prizes/?event=${event}`)).json()) as { results: { id: number; name: string }[] }).results.find(
        (prize) => prize.name === "Storm mug",
      )!.id;
    // Automatic placement on: each win places the prize again, as at an event.
    const placeAll = async (event: number) =>
      expect(
        (
          await owner.post(`/api/prize-distributions/randomize/?event=${event}`, {
            reset: false,
            maintenance_mode: true,
            prize_id: await stormPrize(event),
          })
        ).status,
      ).toBe(200);
    await placeAll(source.id);

    /** Every claim answered 201, by its nickname (unique per claim). */
    const confirmed = new Set<string>();
    const storm = { stopped: false, answers: new Map<number, number>() };
    async function phone(index: number) {
      const visitor = await newVisitor(server.url);
      for (let attempt = 0; !storm.stopped; attempt += 1) {
        const page = pages[Math.floor(Math.random() * pages.length)]!;
        const reserve = await visitor.post(claimPath(page.urlPath));
        await reserve.body?.cancel();
        if (reserve.status !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const name = `storm${index}n${attempt}`;
        const claim = await visitor.post(claimPath(page.urlPath), { name, password: "2580" });
        await claim.body?.cancel();
        storm.answers.set(claim.status, (storm.answers.get(claim.status) ?? 0) + 1);
        if (claim.status === 201) confirmed.add(name);
      }
    }
    const phones = Promise.all(Array.from({ length: VISITORS }, (_, index) => phone(index)));
    let copy = 0;
    try {
      await expect.poll(() => confirmed.size, { timeout: 20_000 }).toBeGreaterThan(0);
      const started = await owner.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
      expect(started.status).toBe(200);
      copy = (await started.json()).event_id;
      await placeAll(copy);
      // Claims go on in the copy: theirs race its placements. (Counted in the copy itself: a claim in the source
      // answered just after start_new returned would also grow the confirmed set. Read through the API: on PGlite
      // a read of the database stops the server, and the storm with it.)
      const copyWins = async () =>
        ((await (await owner.get(`/api/winners/?event=${copy}&search=storm`)).json()) as { count: number }).count;
      await expect.poll(copyWins, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      storm.stopped = true;
      await phones;
      // Nothing more placed: the next test compares the tables before and after its refusals.
      await owner.patch(`/api/admin/settings/?event=${copy}`, { maintenance_mode: false });
    }
    expect(storm.answers.get(500) ?? 0).toBe(0);

    const stormWinners = await file.withDatabase((db) =>
      db.select({ name: winners.name, event: winners.eventId }).from(winners).where(sql`${winners.name} like 'storm%'`),
    );
    const byName = new Map<string, number[]>();
    for (const winner of stormWinners) byName.set(winner.name!, [...(byName.get(winner.name!) ?? []), winner.event]);
    // None lost, none twice, none without a 201, each in the old event or the new one.
    expect([...confirmed].filter((name) => byName.get(name)?.length !== 1)).toEqual([]);
    expect([...byName.keys()].filter((name) => !confirmed.has(name))).toEqual([]);
    expect(stormWinners.filter((winner) => winner.event !== source.id && winner.event !== copy)).toEqual([]);
    expect(stormWinners.some((winner) => winner.event === source.id)).toBe(true);
    expect(stormWinners.some((winner) => winner.event === copy)).toBe(true);
  }, 120_000);

  it(
    "only an owner may start a new event, only of a live event; a bad body is a 400 naming the field",
    async () => {
      const manager = await signedInClient(server.url, await createAccount(owner, "manager"));
      const viewer = await signedInClient(server.url, await createAccount(owner, "viewer"));
      // Every reading role sees what the dialog counts.
      expect((await viewer.get("/api/admin/event/status/")).status).toBe(200);
      // The storm's funnel counts may still be flushed meanwhile (every 5 s), and the event.closed messages sent
      // again: nothing refused here writes either.
      const unchanged = (db: Db) => tableDigest(db, { except: ["funnel_hourly_tallies", "webhook_deliveries"] });
      const before = await file.withDatabase(unchanged);
      expect((await manager.get(ARCHIVE)).status).toBe(403);
      const refused = await manager.post(START_NEW, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ detail: "Your role (manager) cannot do this." });

      const closed = await owner.post(`${START_NEW}?event=1`, { prizes: "restore", confirm: NEW_EVENT_PHRASE });
      expect(closed.status).toBe(409);
      expect(await closed.json()).toEqual({ detail: "Only a live event can be closed." });

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
    },
    REACHING_TEST_MS,
  );
});

// The embedded database answers raw statements in another shape than postgres.js: the start must work on it too.
describe("starting a new event on the embedded database", () => {
  it("closes the event with its winner and puts live a copy keeping the addresses", async () => {
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
      const summary = await startNewEvent({ ctx: { db, eventId: 1 }, input: { prizes: "remove", confirm: NEW_EVENT_PHRASE } });
      expect(summary).toMatchObject({ closed_event_id: 1, winners_kept: 1, winners_removed: 0, prizes_restored: 0, prizes_removed: 1 });
      expect(
        await db.select({ id: events.id, status: events.status, isDefault: events.isDefault }).from(events).orderBy(events.id),
      ).toEqual([
        { id: 1, status: "closed", isDefault: false },
        { id: summary.event_id, status: "live", isDefault: true },
      ]);
      const copied = await db.select({ urlPath: products.urlPath }).from(products).where(eq(products.eventId, summary.event_id));
      // Both sorted here, one way: a database's collation (PGlite's "C", a server's locale) orders mixed-case
      // addresses its own way.
      const paths = (rows: { urlPath: string }[]) => rows.map((row) => row.urlPath).sort();
      expect(paths(copied)).toEqual(paths(pages));
      expect(await db.select({ n: sql<number>`count(*)::int` }).from(winners).where(eq(winners.eventId, 1))).toEqual([{ n: 1 }]);
      expect(await db.select({ mode: settings.maintenanceMode }).from(settings).where(eq(settings.id, summary.event_id))).toEqual([
        { mode: false },
      ]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
