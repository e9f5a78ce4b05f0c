import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import type { PublicPrizeState } from "@/shared/contracts/claims";
import type { PlacementPage } from "@/shared/contracts/placements";
import type { WinnerRow } from "@/shared/contracts/winners";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { setMaintenanceMode } from "../support/settings";
import { TEST_TIME_ZONE } from "../support/test-database";
import { claimPath, newVisitor, newVisitors, tryToWin } from "../support/visitor";
import { createPrizeViaApi, type PrizeFields } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

const HOLD_SECONDS = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Prize drops and winning moments (server-behaviour.md), on a server and database of its own (the pause and
 * maintenance mode apply to every page, so no other file may share them). Everything is arranged and read
 * through the API, the database's clock too. A drop under a crowd on two instances is several-instances.test.ts's.
 */
describe("prize drops and winning moments", () => {
  let own: FileServer;
  let admin: TestClient;

  beforeAll(async () => {
    own = await startOwnServer("drops", { RESERVATION_SECONDS: String(HOLD_SECONDS) });
    admin = await signedInClient(own.url, TEST_ADMIN);
    // Nothing placed but what a test places: no top-up may take the page a test keeps empty.
    await setMaintenanceMode(admin, false);
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  /** The database's clock (the one the hold compares drops_at with), in ms, as the drops list says it. */
  async function dbNow(): Promise<number> {
    return Date.parse(((await (await admin.get("/api/prize-distributions/drops/")).json()) as { now: string }).now);
  }

  /** Waits until the database's clock is past `at` (ms). */
  async function untilDatabaseReaches(at: number) {
    for (;;) {
      const left = at - (await dbNow());
      if (left <= 0) return;
      await sleep(Math.min(left, 200));
    }
  }

  async function newPrize(fields: PrizeFields) {
    return (await createPrizeViaApi(admin, fields)).id;
  }

  /** `count` new product pages, named `${label} <stamp>-<n>`. */
  async function newPages(count: number, label: string) {
    const stamp = Date.now().toString(36);
    const pages = [];
    for (let index = 1; index <= count; index += 1) {
      const product = await createProduct(admin, { name: `${label} ${stamp}-${index}` });
      pages.push({ id: product.id, urlPath: product.url_path });
    }
    return pages;
  }

  /** The prize's live placements as the organiser's list shows them. */
  async function livePlacementsOf(prizeId: number) {
    const list = (await (await admin.get("/api/prize-distributions/?page_size=1000")).json()) as PlacementPage;
    return list.results.filter((placement) => placement.prize === prizeId && placement.is_active);
  }

  async function schedule(prize: number, product: number, dropsAt: number, announce = true) {
    const response = await admin.post("/api/prize-distributions/", { prize, product, drops_at: new Date(dropsAt).toISOString(), announce });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number; drops_at: string; announce: boolean };
  }

  /** The prize's placements a visitor holds right now. */
  async function holdsOn(prizeId: number) {
    return (await livePlacementsOf(prizeId)).filter((placement) => placement.is_reserved);
  }

  it("drops_at is checked, listed, moved before its time (409 after) and cancelled", async () => {
    const prizeId = await newPrize({ total: 10, maintenance: 5 });
    const pages = await newPages(3, "Admin drops");
    const past = await admin.post("/api/prize-distributions/", {
      prize: prizeId,
      product: pages[0]!.id,
      drops_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ drops_at: ["Pick a time in the future."] });
    const garbled = await admin.post("/api/prize-distributions/", { prize: prizeId, product: pages[0]!.id, drops_at: "at three" });
    expect(garbled.status).toBe(400);
    expect(Object.keys(await garbled.json())).toEqual(["drops_at"]);
    // Outside the opening hours: a drop that could never go live.
    expect((await admin.patch("/api/admin/settings/", { event_ends_at: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(200);
    const late = await admin.post("/api/prize-distributions/", {
      prize: prizeId,
      product: pages[0]!.id,
      drops_at: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ drops_at: ["Pick a time within the event's opening hours (see the settings)."] });
    expect((await admin.patch("/api/admin/settings/", { event_ends_at: null })).status).toBe(200);

    const at = Math.ceil((Date.now() + 600_000) / 1000) * 1000;
    const created = await schedule(prizeId, pages[0]!.id, at);
    expect(created).toMatchObject({ drops_at: new Date(at).toISOString(), announce: true, is_active: true });
    const listed = await (await admin.get("/api/prize-distributions/drops/")).json();
    expect(listed.results).toContainEqual(
      expect.objectContaining({ id: created.id, drops_at: new Date(at).toISOString(), announce: true }),
    );
    expect(Math.abs(Date.parse(listed.now) - (await dbNow()))).toBeLessThan(5_000);
    const rows = (await (await admin.get("/api/prize-distributions/?page_size=50")).json()).results;
    expect(rows).toContainEqual(expect.objectContaining({ id: created.id, drops_at: new Date(at).toISOString(), announce: true }));

    const moved = await admin.patch(`/api/prize-distributions/${created.id}/`, { drops_at: new Date(at + 60_000).toISOString() });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ id: created.id, drops_at: new Date(at + 60_000).toISOString() });
    expect((await admin.patch(`/api/prize-distributions/${created.id}/`, { drops_at: "soon" })).status).toBe(400);
    expect(
      (await admin.patch(`/api/prize-distributions/${created.id}/`, { drops_at: new Date(at).toISOString(), is_active: true })).status,
    ).toBe(400);
    // A placement live at once has no drop to move.
    const live = await admin.post("/api/prize-distributions/", { prize: prizeId, product: pages[1]!.id });
    const { id: liveId } = await live.json();
    const refused = await admin.patch(`/api/prize-distributions/${liveId}/`, { drops_at: new Date(at).toISOString() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ detail: "This prize has dropped already: its time can no longer be moved." });
    // One due in two seconds: once it has dropped, moving it is refused too.
    const soon = await schedule(prizeId, pages[2]!.id, (await dbNow()) + 2_000);
    await untilDatabaseReaches(Date.parse(soon.drops_at) + 50);
    expect((await admin.patch(`/api/prize-distributions/${soon.id}/`, { drops_at: new Date(at).toISOString() })).status).toBe(409);

    expect((await admin.delete(`/api/prize-distributions/${created.id}/`)).status).toBe(204);
    const after = await (await admin.get("/api/prize-distributions/drops/")).json();
    expect(after.results.map((drop: { id: number }) => drop.id)).not.toContain(created.id);
  }, 60_000);

  it("announced: early taps are told the time and none is granted; at the time exactly N holds for N drops under 30 taps", async () => {
    const N = 3;
    const prizeId = await newPrize({ total: 50, daily: 50, maintenance: N, name: "Grand prize" });
    const pages = await newPages(N, "Drop");
    const crowd = await newVisitors(30, () => own.url);
    const early = await newVisitors(20, () => own.url);
    let dropsAt = Math.ceil(((await dbNow()) + 6_000) / 1000) * 1000 + 500; // x.500 s: said to the second
    // A drop on a whole minute is said to the minute ("05:01"): this one is said with its seconds.
    if (new Date(dropsAt).getUTCSeconds() === 0) dropsAt += 1000;
    for (const page of pages) await schedule(prizeId, page.id, dropsAt);
    const iso = new Date(dropsAt).toISOString();
    const time = new Intl.DateTimeFormat("en-GB", {
      timeZone: TEST_TIME_ZONE,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(dropsAt);

    // Too early: 409 with the time, in the visitor's language too.
    const refusals = await Promise.all(early.map((visitor, index) => visitor.post(claimPath(pages[index % N]!.urlPath))));
    for (const refusal of refusals) {
      expect(refusal.status).toBe(409);
      expect(await refusal.json()).toEqual({ detail: `This prize drops at ${time}.`, code: "not_yet", drops_at: iso });
    }
    const korean = await early[0]!.request("POST", claimPath(pages[0]!.urlPath), { headers: { "accept-language": "ko-KR" } });
    expect((await korean.json()).detail).toMatch(/^이 경품은 .+에 공개돼요\.$/);
    const state = await (await early[1]!.get(`/api/p/${pages[1]!.urlPath}/prize/`)).json();
    expect(state).toEqual({ has_prize: false, is_reserved: false, event_state: "open", drops_at: iso, now: expect.any(String) });
    expect(Date.parse(state.now)).toBeLessThan(dropsAt);
    const html = await (await early[2]!.get(`/p/${pages[2]!.urlPath}`)).text();
    expect(html).toContain("A prize drops here soon");
    expect(html).not.toContain("data-ticket");
    const screen = await (await admin.get("/api/admin/display/")).json();
    const snapshot = await (await fetch(`${own.url}/api/display/${screen.token}/`)).json();
    expect(snapshot.next_drops).toContainEqual({ prize_name: "Grand prize", product_name: expect.any(String), drops_at: iso });
    expect(await holdsOn(prizeId)).toEqual([]);

    // The crowd taps from one second before the drop (visitor i on page i % N)
    // until it has a hold or is told someone else has it.
    await untilDatabaseReaches(dropsAt - 1_000);
    const outcomes = await Promise.all(
      crowd.map(async (visitor, index) => {
        const page = pages[index % N]!;
        const seen: number[] = [];
        for (let attempt = 0; attempt < 200; attempt += 1) {
          const response = await visitor.post(claimPath(page.urlPath));
          seen.push(response.status);
          if (response.status === 200) return { granted: true, visitor, page, seen };
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
    const holds = await holdsOn(prizeId);
    expect(holds).toHaveLength(N);
    expect(new Set(holds.map((hold) => hold.product))).toEqual(new Set(pages.map((page) => page.id)));
    // Every hold began at or after the drop, on the database's clock: a hold lasts HOLD_SECONDS from its
    // start, as each holder's phone reads it.
    for (const outcome of outcomes.filter((each) => each.granted)) {
      const held = (await (await outcome.visitor!.get(`/api/p/${outcome.page!.urlPath}/prize/`)).json()) as PublicPrizeState;
      expect(new Date(held.my_hold!.reserved_until).getTime() - HOLD_SECONDS * 1000).toBeGreaterThanOrEqual(dropsAt);
    }
    const afterwards = await (await fetch(`${own.url}/api/display/${screen.token}/`)).json();
    expect(afterwards.next_drops).toEqual([]);
  }, 180_000);

  it("unannounced: the page, the state call, a tap and the big screen are those of a page with nothing on it until it drops", async () => {
    const prizeId = await newPrize({ total: 10, maintenance: 1, name: "Secret" });
    // Two pages alike but for their address, made in one statement (a page's version is its last change): one
    // with nothing on it, one with a winning moment to come.
    const name = `Twin ${Date.now().toString(36)}`;
    const [empty, secret] = await own.withDatabase((db) =>
      db
        .insert(products)
        .values([
          { name, urlPath: newUrlPath() },
          { name, urlPath: newUrlPath() },
        ])
        .returning({ id: products.id, urlPath: products.urlPath }),
    );
    const dropsAt = (await dbNow()) + 20_000;
    const created = await schedule(prizeId, secret!.id, dropsAt, false);
    expect(created.announce).toBe(false);
    const visitor = await newVisitor(own.url);
    const same = (text: string, urlPath: string) => text.replaceAll(urlPath, "URLPATH");
    const volatile = new Set(["date", "set-cookie", "x-request-id"]);
    // The page's own address (in the proxy's rewrite header) is the one difference allowed.
    const headersOf = (response: Response, urlPath: string) =>
      Object.fromEntries(
        [...response.headers].filter(([header]) => !volatile.has(header)).map(([header, value]) => [header, same(value, urlPath)]),
      );

    {
      const server = own.url;
      // Uncompressed: two addresses alike in length compress to lengths a byte apart.
      const pageOf = (urlPath: string) =>
        fetch(`${server}/p/${urlPath}`, {
          headers: { cookie: `visitor_id=${visitor.cookies.get("visitor_id")}`, "accept-encoding": "identity" },
        });
      const [emptyPage, secretPage] = [await pageOf(empty!.urlPath), await pageOf(secret!.urlPath)];
      expect(secretPage.status).toBe(emptyPage.status);
      expect(headersOf(secretPage, secret!.urlPath)).toEqual(headersOf(emptyPage, empty!.urlPath));
      expect(same(await secretPage.text(), secret!.urlPath)).toBe(same(await emptyPage.text(), empty!.urlPath));

      const stateOf = async (urlPath: string) => {
        const response = await fetch(`${server}/api/p/${urlPath}/prize/`);
        return {
          status: response.status,
          headers: headersOf(response, urlPath),
          body: (await response.text()).replace(/"now":"[^"]+"/, '"now":"NOW"'),
        };
      };
      expect(await stateOf(secret!.urlPath)).toEqual(await stateOf(empty!.urlPath));

      const tapOn = async (urlPath: string) => {
        const tapper = await newVisitor(server);
        const response = await tapper.post(claimPath(urlPath));
        return { status: response.status, headers: headersOf(response, urlPath), body: await response.text() };
      };
      const [emptyTap, secretTap] = [await tapOn(empty!.urlPath), await tapOn(secret!.urlPath)];
      expect(secretTap).toEqual(emptyTap);
      expect(emptyTap.status).toBe(409);
    }
    const screen = await (await admin.get("/api/admin/display/")).json();
    const snapshot = await (await fetch(`${own.url}/api/display/${screen.token}/`)).json();
    expect(snapshot.next_drops.map((drop: { prize_name: string }) => drop.prize_name)).not.toContain("Secret");
    expect(await holdsOn(prizeId)).toEqual([]);

    // Its moment comes, brought forward as an organiser would (the 20 s above leave the checks time on a
    // loaded machine, and waiting them out was most of this test): now it is a prize like any other.
    const soon = (await dbNow()) + 1_000;
    expect((await admin.patch(`/api/prize-distributions/${created.id}/`, { drops_at: new Date(soon).toISOString() })).status).toBe(200);
    await untilDatabaseReaches(soon + 50);
    const state = await (await fetch(`${own.url}/api/p/${secret!.urlPath}/prize/`)).json();
    expect(state).toMatchObject({ has_prize: true, is_reserved: false, drops_at: null });
    expect((await visitor.post(claimPath(secret!.urlPath))).status).toBe(200);
  }, 90_000);

  it("a drop that comes due during a pause goes live when play resumes", async () => {
    const prizeId = await newPrize({ total: 10, maintenance: 1 });
    const [page] = await newPages(1, "Paused drop");
    const dropsAt = (await dbNow()) + 3_000;
    await schedule(prizeId, page!.id, dropsAt);
    expect((await admin.patch("/api/admin/settings/", { paused: true })).status).toBe(200);
    await untilDatabaseReaches(dropsAt + 100);
    const visitor = await newVisitor(own.url);
    expect(await (await visitor.get(`/api/p/${page!.urlPath}/prize/`)).json()).toMatchObject({
      has_prize: false,
      event_state: "paused",
      drops_at: null,
    });
    const refused = await visitor.post(claimPath(page!.urlPath));
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("event_paused");
    expect((await admin.patch("/api/admin/settings/", { paused: false })).status).toBe(200);
    expect(await (await visitor.get(`/api/p/${page!.urlPath}/prize/`)).json()).toMatchObject({ has_prize: true, event_state: "open" });
    expect((await visitor.post(claimPath(page!.urlPath))).status).toBe(200);
  }, 60_000);

  it("stock and today's budget hold with everything dropping at once", async () => {
    // Drops are set aside apart from Pages at once, but every live placement stays within today's budget (3):
    // a fourth drop is refused, as a fourth live placement is.
    const prizeId = await newPrize({ total: 5, daily: 3, maintenance: 3 });
    const pages = await newPages(6, "Budget drop");
    const dropsAt = (await dbNow()) + 4_000;
    for (const page of pages.slice(0, 3)) await schedule(prizeId, page.id, dropsAt);
    const fourth = await admin.post("/api/prize-distributions/", {
      prize: prizeId,
      product: pages[3]!.id,
      drops_at: new Date(dropsAt).toISOString(),
    });
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toEqual({
      non_field_errors: [
        "Today's limit leaves 3 units of this prize to win, and all are already on pages or set aside for drops: raise its daily limit on the prizes screen, or take a placement off first.",
      ],
    });
    const visitors = await newVisitors(60, () => own.url);
    await untilDatabaseReaches(dropsAt);
    const outcomes = await Promise.all(visitors.map((visitor, index) => tryToWin(visitor, pages[index % 3]!.urlPath)));
    expect(outcomes.filter((outcome) => outcome.reserve >= 500 || (outcome.claim ?? 0) >= 500)).toEqual([]);
    const won = ((await (await admin.get(`/api/winners/?prize=${prizeId}&page_size=100`)).json()) as { results: WinnerRow[] }).results;
    expect(won.length).toBe(outcomes.filter((outcome) => outcome.claim === 201).length);
    expect(won.length).toBeLessThanOrEqual(3);
    expect(won.length).toBeGreaterThan(0);
    const prize = await (await admin.get(`/api/prizes/${prizeId}/`)).json();
    expect(prize.remaining_quantity).toBe(5 - won.length);
    expect(prize.today_distributed).toBe(won.length);
    // Each win on a page of its own: one placement each, none won twice.
    expect(new Set(won.map((winner) => winner.product)).size).toBe(won.length);
  }, 90_000);

  it("random placement with spread_minutes makes winning moments within the window; without, placements are live at once", async () => {
    const prizeId = await newPrize({ total: 20, maintenance: 4 });
    await newPages(4, "Moments");
    expect(
      (await admin.post("/api/prize-distributions/randomize/", { prize_id: prizeId, maintenance_mode: false, spread_minutes: 0 })).status,
    ).toBe(400);
    expect(
      (await admin.post("/api/prize-distributions/randomize/", { prize_id: prizeId, maintenance_mode: false, spread_minutes: 481 })).status,
    ).toBe(400);
    const before = await dbNow();
    const response = await admin.post("/api/prize-distributions/randomize/", {
      prize_id: prizeId,
      maintenance_mode: false,
      spread_minutes: 30,
    });
    expect(response.status).toBe(200);
    const after = await dbNow();
    const made = await livePlacementsOf(prizeId);
    expect(made).toHaveLength(4);
    for (const placement of made) {
      expect(placement.announce).toBe(false);
      const at = new Date(placement.drops_at!).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1);
      expect(at).toBeLessThanOrEqual(after + 30 * 60_000);
    }
    // Four distinct moments, not one for all.
    expect(new Set(made.map((placement) => new Date(placement.drops_at!).getTime())).size).toBe(4);
    for (const placement of made) expect((await admin.delete(`/api/prize-distributions/${placement.id}/`)).status).toBe(204);
    const plain = await admin.post("/api/prize-distributions/randomize/", { prize_id: prizeId, maintenance_mode: false });
    expect(plain.status).toBe(200);
    const live = await livePlacementsOf(prizeId);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((placement) => placement.drops_at === null)).toBe(true);
  }, 60_000);
});
