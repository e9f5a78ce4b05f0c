import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements } from "@/db/schema";
import { CSRF_COOKIE } from "@/lib/api/csrf";
import { VISITOR_COOKIE } from "@/lib/api/visitor";
import en from "@/messages/en.json";
import type { Funnel } from "@/shared/contracts/funnel";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { claimPath } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

let file: FileServer;
let baseUrl: string;

/** The flush runs every 5 s (lib/funnel/flusher.ts); the promise is "within 10 s". */
const FLUSHED_WITHIN_MS = 10_000;

/** A phone's first visit: no cookie at all, in one language; the body as bytes (decoded from any compression). */
async function firstVisit(urlPath: string, acceptLanguage: string) {
  const response = await fetch(`${baseUrl}/p/${urlPath}`, { headers: { "accept-language": acceptLanguage } });
  return { status: response.status, setCookies: response.headers.getSetCookie(), body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The product page's HTML is the same bytes for every visitor in one state and
 * language, with no Set-Cookie, so nginx or a CDN can answer every scan, the first too, from its cache. The
 * page's first state call (`?view=1`) hands out the cookies and counts the scan; a tap before it gets a 428
 * with the cookies, and the tap sent again holds.
 */
describe("a product page every visitor shares", () => {
  let admin: TestClient;
  const labels = ["Shared", "First call", "Early tap", "Forged", "Counted", "Bad flag", "Spec client"] as const;
  let pages: Record<(typeof labels)[number], { id: number; urlPath: string }>;

  beforeAll(async () => {
    file = await serverForFile("shared-product-page");
    baseUrl = file.url;
    admin = await signedInClient(baseUrl, TEST_ADMIN);
    // Every test's page at once: on PGlite each reach into the database stops and restarts the file's server.
    pages = await file.withDatabase(async (db) => {
      const made: Partial<typeof pages> = {};
      for (const label of labels) {
        const prizeId = await seedPrize(db, { total: 10, daily: 10, maintenance: 5 });
        made[label] = (await seedPages(db, 1, label, [prizeId]))[0]!;
      }
      return made as typeof pages;
    });
  });
  afterAll(() => file?.stop());

  function holdersOn(productId: number) {
    return file.withDatabase(async (db) => {
      const rows = await db
        .select({ holder: placements.reservedBy })
        .from(placements)
        .where(sql`${placements.isActive} and ${placements.reservedUntil} > now() and ${placements.productId} = ${productId}`);
      return rows.map((row) => row.holder);
    });
  }

  /** Polls the funnel until the page's scans are `expected` (or the flush deadline passes), then returns them. */
  async function scansOnceFlushed(productId: number, expected: number): Promise<number> {
    const deadline = Date.now() + FLUSHED_WITHIN_MS;
    let scans: number;
    do {
      const funnel = (await (await admin.get(`/api/admin/funnel/?product=${productId}`)).json()) as Funnel;
      scans = funnel.totals.scans;
      if (scans === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    return scans;
  }

  it("two first visits of one page receive identical bytes and no Set-Cookie, in each language", async () => {
    const page = pages.Shared;
    for (const acceptLanguage of ["en-US,en;q=0.9", "ko-KR,ko;q=0.9,en;q=0.8"]) {
      const first = await firstVisit(page.urlPath, acceptLanguage);
      const second = await firstVisit(page.urlPath, acceptLanguage);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(first.setCookies).toEqual([]);
      expect(second.setCookies).toEqual([]);
      expect(first.body.equals(second.body)).toBe(true);
      // The page shows its ticket: the cookies are not needed to see it.
      expect(first.body.toString("utf8")).toContain("data-ticket");
    }
    const english = await firstVisit(page.urlPath, "en");
    const korean = await firstVisit(page.urlPath, "ko");
    expect(english.body.toString("utf8")).toContain('<html lang="en"');
    expect(korean.body.toString("utf8")).toContain('<html lang="ko"');
  });

  it("the page's first state call hands out both cookies, the server's time and the true state", async () => {
    const page = pages["First call"];
    const phone = new TestClient(baseUrl);
    expect((await phone.get(`/p/${page.urlPath}`)).status).toBe(200);
    expect(phone.cookies.size).toBe(0);
    const state = await phone.get(`/api/p/${page.urlPath}/prize/?view=1`);
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ has_prize: true, is_reserved: false, event_state: "open", now: expect.any(String) });
    expect(phone.cookies.get(CSRF_COOKIE)).toMatch(/^[0-9a-f]{64}$/);
    expect(phone.cookies.get(VISITOR_COOKIE)).toBeTruthy();
    // The tap after it holds at once.
    expect((await phone.post(claimPath(page.urlPath))).status).toBe(200);
    expect(await holdersOn(page.id)).toHaveLength(1);
  });

  it("a first tap on a page served from cache, before any cookie, gets a hold, and only one", async () => {
    const page = pages["Early tap"];
    const phone = new TestClient(baseUrl);
    expect((await phone.get(`/p/${page.urlPath}`)).status).toBe(200);
    // The early tap, tapped twice, while the page's first state call is on its way: no cookie on any of them.
    const [state, ...taps] = await Promise.all([
      new TestClient(baseUrl).get(`/api/p/${page.urlPath}/prize/?view=1`),
      phone.post(claimPath(page.urlPath)),
      new TestClient(baseUrl).post(claimPath(page.urlPath)),
    ]);
    expect(state.status).toBe(200);
    for (const tap of taps) {
      expect(tap.status).toBe(428);
      expect(await tap.json()).toEqual({ detail: en.visitor.api.noVisitorCookie });
    }
    // The refusal handed the phone both cookies; nothing is held yet.
    expect(phone.cookies.get(CSRF_COOKIE)).toMatch(/^[0-9a-f]{64}$/);
    expect(phone.cookies.get(VISITOR_COOKIE)).toBeTruthy();
    expect(await holdersOn(page.id)).toHaveLength(0);
    // The page taps again at once (both taps, as a double tap would): one hold, the same for both.
    const again = await Promise.all([phone.post(claimPath(page.urlPath)), phone.post(claimPath(page.urlPath))]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(again.map((answer) => answer.json()))) as { reserved_until: string }[];
    expect(a!.reserved_until).toBe(b!.reserved_until);
    expect(await holdersOn(page.id)).toHaveLength(1);
  });

  it("a csrftoken that does not match is still a 403, never the first tap's 428", async () => {
    const page = pages.Forged;
    const phone = new TestClient(baseUrl);
    await phone.get(`/api/p/${page.urlPath}/prize/?view=1`);
    const forged = await phone.request("POST", claimPath(page.urlPath), { csrf: false, headers: { "x-csrftoken": "0".repeat(64) } });
    expect(forged.status).toBe(403);
    expect(await holdersOn(page.id)).toHaveLength(0);
  });

  it("counts a scan once per page view: the first state call, and the spec's client's page data call", async () => {
    const page = pages.Counted;
    const phone = new TestClient(baseUrl);
    // The page itself (from an instance here; from nginx's cache in the deploy test) counts nothing.
    for (let visit = 0; visit < 3; visit += 1) expect((await phone.get(`/p/${page.urlPath}`)).status).toBe(200);
    expect((await phone.get(`/api/p/${page.urlPath}/prize/?view=1`)).status).toBe(200);
    // Later polls (the drop's countdown, a reload's check) count nothing.
    for (let poll = 0; poll < 3; poll += 1) expect((await phone.get(`/api/p/${page.urlPath}/prize/`)).status).toBe(200);
    // The spec's client asks for the page's data once as its page opens: its page view.
    const spec = new TestClient(baseUrl);
    expect((await spec.get(`/api/p/${page.urlPath}/`)).status).toBe(200);
    expect(await scansOnceFlushed(page.id, 2)).toBe(2);
  });

  it("a bad view flag is a 400 naming the field, and counts nothing", async () => {
    const page = pages["Bad flag"];
    const response = await new TestClient(baseUrl).get(`/api/p/${page.urlPath}/prize/?view=yes`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ view: [en.validation.pageView.view] });
  });

  it("the spec's client flow works unchanged: its first API call hands out the cookies, then it holds and wins", async () => {
    const page = pages["Spec client"];
    const phone = new TestClient(baseUrl);
    const data = await phone.get(`/api/p/${page.urlPath}/`);
    expect(data.status).toBe(200);
    expect(phone.cookies.get(CSRF_COOKIE)).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await phone.get(`/api/p/${page.urlPath}/prize/`)).json()).toMatchObject({ has_prize: true, is_reserved: false });
    expect((await phone.post(claimPath(page.urlPath))).status).toBe(200);
    const won = await phone.post(claimPath(page.urlPath), { name: "Spec", password: "1234" });
    expect(won.status).toBe(201);
    expect(await won.json()).toMatchObject({ detail: expect.any(String) });
  });
});
