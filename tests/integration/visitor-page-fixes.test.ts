import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements, prizes } from "@/db/schema";
import type { MyHold } from "@/shared/contracts/claims";
import { auditRows } from "../support/accounts";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

let file: FileServer;
let baseUrl: string;

type PrizeState = { has_prize: boolean; is_reserved: boolean; event_state: string; my_hold?: MyHold };

/** The visitor page's fixes: a reload mid-form keeps the hold; the prize named before the tap; the phone's wins. */
type SeededPage = { urlPath: string; productId: number; prizeId: number };
const stamp = Date.now();
/** Each test's pages, by the prize on them; `remaining: 0` is a prize with nothing left to win. */
const PAGES = {
  holdState: { name: "Tumbler" },
  reload: { name: "Tumbler" },
  graceCut: { name: "Tumbler" },
  letGo: { name: "Tumbler" },
  named: { name: `Golden kettle ${stamp}` },
  soldOut: { name: `Sold-out lamp ${stamp}`, remaining: 0 },
  firstWin: { name: `Mug ${stamp}` },
  secondWin: { name: `Cap ${stamp}` },
  collect: { name: `Lamp ${stamp}` },
} as const;

describe("the visitor's product page, ready for a real organiser", () => {
  let admin: TestClient;
  let maintenanceBefore: boolean | undefined;
  let pages: Record<keyof typeof PAGES, SeededPage>;
  beforeAll(async () => {
    file = await serverForFile("visitor-page-fixes");
    baseUrl = file.url;
    admin = await signedInClient(baseUrl, TEST_ADMIN);
    // No top-up of another file's prizes onto these pages meanwhile (a new copy of the page, not ours).
    maintenanceBefore = await setMaintenanceMode(admin, false);
    // Every test's page at once: on PGlite each reach into the database stops and restarts the file's server.
    pages = await file.withDatabase(async (db) => {
      const made: Partial<typeof pages> = {};
      for (const [key, prize] of Object.entries(PAGES) as [keyof typeof PAGES, { name: string; remaining?: number }][]) {
        const total = prize.remaining === 0 ? 1 : 3;
        const prizeId = await seedPrize(db, { total, remaining: prize.remaining, daily: total, maintenance: 1, name: prize.name });
        const [page] = await seedPages(db, 1, prize.remaining === 0 ? "Empty" : "Fixes", [prizeId]);
        made[key] = { urlPath: page!.urlPath, productId: page!.id, prizeId };
      }
      return made as typeof pages;
    });
  });
  afterAll(async () => {
    try {
      if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
      await admin.patch("/api/admin/settings/", { show_prize_before_tap: true });
    } finally {
      await file?.stop();
    }
  });

  const stateOf = async (visitor: TestClient, urlPath: string) =>
    (await (await visitor.get(`/api/p/${urlPath}/prize/`)).json()) as PrizeState;

  describe("a reload mid-form keeps the visitor's own hold", () => {
    it("the state call tells the holder the hold is theirs and the seconds left; others are told it is held", async () => {
      const { urlPath } = pages.holdState;
      const holder = await newVisitor(baseUrl);
      const other = await newVisitor(baseUrl);
      const held = await holder.post(claimPath(urlPath));
      expect(held.status).toBe(200);
      const hold = (await held.json()) as { reserved_until: string; seconds_left: number };

      const mine = await stateOf(holder, urlPath);
      expect(mine).toMatchObject({ has_prize: true, is_reserved: true, event_state: "open" });
      expect(mine.my_hold?.reserved_until).toBe(hold.reserved_until);
      expect(mine.my_hold?.seconds_left).toBeGreaterThan(0);
      expect(mine.my_hold?.seconds_left).toBeLessThanOrEqual(hold.seconds_left);
      // Everyone else: the spec's answer, unchanged (no field about anyone's hold).
      expect(await stateOf(other, urlPath)).toEqual({
        has_prize: true,
        is_reserved: true,
        event_state: "open",
        drops_at: null,
        now: expect.any(String),
      });
    });

    it("the page going away keeps the hold a short grace; the reloaded page gets it back with its first end and wins", async () => {
      const { urlPath } = pages.reload;
      const holder = await newVisitor(baseUrl);
      const other = await newVisitor(baseUrl);
      const hold = (await (await holder.post(claimPath(urlPath))).json()) as { reserved_until: string; seconds_left: number };

      // The reload: the old page's keepalive PATCH says it is leaving.
      expect((await holder.patch(claimPath(urlPath), { leaving: true })).status).toBe(200);
      // Nobody else can take it meanwhile.
      expect((await other.post(claimPath(urlPath))).status).toBe(409);
      expect(await stateOf(other, urlPath)).toEqual({
        has_prize: true,
        is_reserved: true,
        event_state: "open",
        drops_at: null,
        now: expect.any(String),
      });

      // The reloaded page: the state call says it is theirs, until the hold's first end.
      const mine = await stateOf(holder, urlPath);
      expect(mine.my_hold?.reserved_until).toBe(hold.reserved_until);
      // Asking again (as a tap would) gives back that end: the same hold, never extended.
      const again = await holder.post(claimPath(urlPath));
      expect(again.status).toBe(200);
      expect(((await again.json()) as { reserved_until: string }).reserved_until).toBe(hold.reserved_until);
      expect(await holder.post(claimPath(urlPath), { name: "Reloader", password: "2468" })).toHaveProperty("status", 201);

      // A page really left: the hold is cut to the grace (10 s), so the prize is free soon, not after the whole
      // minute. Read once the grace no longer matters (on PGlite the read restarts the file's server), on a
      // page of its own (asking again, above, restores the first end).
      const leaver = await newVisitor(baseUrl);
      const leaverPath = pages.graceCut.urlPath;
      const leaverHold = (await (await leaver.post(claimPath(leaverPath))).json()) as { reserved_until: string };
      expect((await leaver.patch(claimPath(leaverPath), { leaving: true })).status).toBe(200);
      const leavingAnswered = Date.now();
      const [row] = await file.withDatabase((db) =>
        db.select({ reservedUntil: placements.reservedUntil }).from(placements).where(eq(placements.productId, pages.graceCut.productId)),
      );
      const cutTo = row!.reservedUntil!.getTime();
      expect(cutTo).toBeLessThanOrEqual(leavingAnswered + 10_000);
      expect(cutTo).toBeGreaterThan(leavingAnswered);
      expect(cutTo).toBeLessThan(Date.parse(leaverHold.reserved_until));
    });

    it("without `leaving` the PATCH lets go at once, as the spec's client expects; a bad `leaving` is a 400", async () => {
      const { urlPath } = pages.letGo;
      const holder = await newVisitor(baseUrl);
      const other = await newVisitor(baseUrl);
      expect((await holder.post(claimPath(urlPath))).status).toBe(200);
      const refused = await holder.patch(claimPath(urlPath), { leaving: "yes" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toHaveProperty("leaving");
      expect((await holder.patch(claimPath(urlPath))).status).toBe(200);
      expect(await stateOf(holder, urlPath)).toEqual({
        has_prize: true,
        is_reserved: false,
        event_state: "open",
        drops_at: null,
        now: expect.any(String),
      });
      expect((await other.post(claimPath(urlPath))).status).toBe(200);
    });
  });

  describe("the prize named and pictured before the tap", () => {
    /** The page's HTML once a change has reached visitors (the state is re-read every 0.5 s). */
    async function pageShowing(urlPath: string, shown: (html: string) => boolean): Promise<string> {
      let html = "";
      const deadline = Date.now() + 3000;
      do {
        html = await (await fetch(`${baseUrl}/p/${urlPath}`)).text();
        if (shown(html)) return html;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } while (Date.now() < deadline);
      return html;
    }

    it("is on by default, audited when switched, and refuses anything but true or false", async () => {
      const settings = (await (await admin.get("/api/admin/settings/")).json()) as { show_prize_before_tap: boolean };
      expect(settings.show_prize_before_tap).toBe(true);
      const refused = await admin.patch("/api/admin/settings/", { show_prize_before_tap: "no" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ show_prize_before_tap: ["Must be true or false."] });

      const off = await admin.patch("/api/admin/settings/", { show_prize_before_tap: false });
      expect(((await off.json()) as { show_prize_before_tap: boolean }).show_prize_before_tap).toBe(false);
      const [entry] = await auditRows(admin, { action: "settings.update" });
      expect(entry!.changes).toEqual({ show_prize_before_tap: { before: true, after: false } });
      expect((await admin.patch("/api/admin/settings/", { show_prize_before_tap: true })).status).toBe(200);
    });

    it("the page names the prize while on, not while off, and follows a switch or a renamed prize within a second", async () => {
      const prizeName = PAGES.named.name;
      const { urlPath, prizeId } = pages.named;
      expect(await pageShowing(urlPath, (html) => html.includes(prizeName))).toContain(prizeName);
      const page = (await (await fetch(`${baseUrl}/api/p/${urlPath}/`)).json()) as { prize: { name: string; image: null } | null };
      expect(page.prize).toEqual({ name: prizeName, image: null });

      expect((await admin.patch("/api/admin/settings/", { show_prize_before_tap: false })).status).toBe(200);
      const hidden = await pageShowing(urlPath, (html) => !html.includes(prizeName));
      expect(hidden).not.toContain(prizeName);
      expect(hidden).toContain("You found a prize!");
      expect(((await (await fetch(`${baseUrl}/api/p/${urlPath}/`)).json()) as { prize: unknown }).prize).toBeNull();

      expect((await admin.patch("/api/admin/settings/", { show_prize_before_tap: true })).status).toBe(200);
      expect(await pageShowing(urlPath, (html) => html.includes(prizeName))).toContain(prizeName);
      // A renamed prize: a new copy of the page, with the new name.
      const renamed = `Silver kettle ${Date.now()}`;
      await file.withDatabase((db) => db.update(prizes).set({ name: renamed, updatedAt: sql`now()` }).where(eq(prizes.id, prizeId)));
      expect(await pageShowing(urlPath, (html) => html.includes(renamed))).toContain(renamed);
    });

    it("a page with nothing to win names no prize", async () => {
      const prizeName = PAGES.soldOut.name;
      const html = await pageShowing(pages.soldOut.urlPath, (text) => text.includes("No prize is waiting here right now"));
      expect(html).toContain("No prize is waiting here right now");
      expect(html).not.toContain(prizeName);
    });
  });
  describe("the phone's own wins, found again", () => {
    it("GET /api/p/my-wins/ lists this phone's wins, newest first, collected or not; another phone's list is its own", async () => {
      const [first, second] = [pages.firstWin, pages.secondWin];
      const winner = await newVisitor(baseUrl);
      const other = await newVisitor(baseUrl);
      expect((await winner.get("/api/p/my-wins/")).status).toBe(200);
      expect(await (await winner.get("/api/p/my-wins/")).json()).toEqual({ results: [] });
      for (const page of [first, second]) {
        expect((await winner.post(claimPath(page.urlPath))).status).toBe(200);
        expect((await winner.post(claimPath(page.urlPath), { name: "Finder", password: "1357" })).status).toBe(201);
      }
      // The desk hands the first one over.
      const [won] = ((await (await admin.get(`/api/winners/?product=${first.productId}`)).json()) as { results: { id: number }[] }).results;
      expect((await admin.post(`/api/winners/${won!.id}/mark_received/`)).status).toBe(200);

      const list = (await (await winner.get("/api/p/my-wins/")).json()) as { results: Record<string, unknown>[] };
      expect(list.results).toHaveLength(2);
      expect(list.results[0]).toMatchObject({ url_path: second.urlPath, is_received: false, received_at: null });
      expect(list.results[1]).toMatchObject({ url_path: first.urlPath, is_received: true });
      expect(String(list.results[0]!.prize_name)).toMatch(/^Cap /);
      expect(String(list.results[0]!.product_name)).toMatch(/^Fixes /);
      expect(Date.parse(String(list.results[0]!.won_at))).not.toBeNaN();
      // Never the nickname or the password: the phone keeps those itself.
      expect(JSON.stringify(list)).not.toContain("Finder");
      expect(JSON.stringify(list)).not.toContain("1357");
      expect(await (await other.get("/api/p/my-wins/")).json()).toEqual({ results: [] });
      // No visitor cookie at all: nothing, not an error.
      expect(await (await fetch(`${baseUrl}/api/p/my-wins/`)).json()).toEqual({ results: [] });
    });

    it("GET /api/p/my-wins/ says by when and where to collect each win, the desk in the caller's language", async () => {
      const collecting = { collect_within_minutes: 30, desk_location_en: "Hall B, desk 3", desk_location_ko: "B홀 3번 데스크" };
      expect((await admin.patch("/api/admin/settings/", collecting)).status).toBe(200);
      try {
        const page = pages.collect;
        const winner = await newVisitor(baseUrl);
        expect((await winner.post(claimPath(page.urlPath))).status).toBe(200);
        expect((await winner.post(claimPath(page.urlPath), { name: "Collector", password: "2468" })).status).toBe(201);
        const listIn = async (language: string) => {
          const response = await winner.request("GET", "/api/p/my-wins/", { headers: { "accept-language": language } });
          return ((await response.json()) as { results: Record<string, unknown>[] }).results;
        };
        const [english] = await listIn("en");
        expect(english).toMatchObject({ url_path: page.urlPath, status: "waiting", expired_at: null, desk_location: "Hall B, desk 3" });
        const minutes = (Date.parse(String(english!.collect_by)) - Date.parse(String(english!.won_at))) / 60_000;
        expect(minutes).toBeCloseTo(30, 1);
        const [korean] = await listIn("ko");
        expect(korean).toMatchObject({ status: "waiting", collect_by: english!.collect_by, desk_location: "B홀 3번 데스크" });
      } finally {
        await admin.patch("/api/admin/settings/", { collect_within_minutes: null, desk_location_en: null, desk_location_ko: null });
      }
    });
  });
});
