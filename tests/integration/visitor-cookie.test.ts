import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements } from "@/db/schema";
import { VISITOR_COOKIE } from "@/lib/api/visitor";
import en from "@/messages/en.json";
import { type FileServer, serverForFile } from "../support/file-server";
import { TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { claimPath, visitorWithOnlyCsrfToken } from "../support/visitor";

// The English words the API answers a caller with no language of ours.
const { noVisitorCookie: NO_VISITOR_COOKIE } = en.visitor.api;

/**
 * Ten parallel taps with only the csrftoken cookie once got ten holds under ten new visitor
 * ids, since each made its own id. The id now comes with the page (proxy.ts); a tap without one is refused
 * and handed one, and the page taps again with it.
 */
describe("a visitor's first taps", () => {
  let file: FileServer;
  let baseUrl: string;
  beforeAll(async () => {
    file = await serverForFile("visitor-cookie");
    baseUrl = file.url;
  });
  afterAll(() => file?.stop());

  function pagesWithPrize(count: number, label: string) {
    return file.withDatabase(async (db) => {
      const prizeId = await seedPrize(db, { total: 100, daily: 100, maintenance: 50 });
      return seedPages(db, count, label, Array(count).fill(prizeId));
    });
  }

  function holdersOn(urlPaths: string[]) {
    return file.withDatabase(async (db) => {
      const rows = await db
        .select({ holder: placements.reservedBy })
        .from(placements)
        .where(
          sql`${placements.isActive} and ${placements.reservedUntil} > now() and ${placements.productId} in (select id from products where ${inArray(sql`url_path`, urlPaths)})`,
        );
      return rows.map((row) => row.holder);
    });
  }

  it("ten parallel taps on ten pages with only the csrftoken cookie give at most one hold", async () => {
    const pages = await pagesWithPrize(10, "Cookieless");
    const urlPaths = pages.map((page) => page.urlPath);
    const visitor = visitorWithOnlyCsrfToken(baseUrl);
    const answers = await Promise.all(urlPaths.map((urlPath) => visitor.post(claimPath(urlPath))));
    const statuses = answers.map((answer) => answer.status);
    console.log(`ten cookie-less taps answered ${statuses.join(", ")}`);
    expect(await holdersOn(urlPaths)).toHaveLength(0);
    for (const answer of answers) {
      expect(answer.status).toBe(428);
      expect(await answer.json()).toEqual({ detail: NO_VISITOR_COOKIE });
    }
    // Each refusal handed out an id; the jar kept one of them, and tapping again with it holds one prize.
    expect(visitor.cookies.get(VISITOR_COOKIE)).toBeTruthy();
    const again = await Promise.all(urlPaths.map((urlPath) => visitor.post(claimPath(urlPath))));
    expect(again.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await holdersOn(urlPaths)).toHaveLength(1);
  });

  it("ten parallel taps on one page, each as a brand-new phone with only csrftoken, hold nothing", async () => {
    const [page] = await pagesWithPrize(1, "Crowd");
    const answers = await Promise.all(Array.from({ length: 10 }, () => visitorWithOnlyCsrfToken(baseUrl).post(claimPath(page!.urlPath))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(428));
    expect(await holdersOn([page!.urlPath])).toHaveLength(0);
  });

  it("the page's first state call hands a first-time visitor the id with the csrftoken, so the first tap holds", async () => {
    const [page] = await pagesWithPrize(1, "First visit");
    const visitor = new TestClient(baseUrl);
    const html = await visitor.get(`/p/${page!.urlPath}`);
    expect(html.status).toBe(200);
    // The page itself sets none (every visitor gets the same bytes, so a cache can answer them); its first state call does.
    expect([...visitor.cookies.keys()]).toEqual([]);
    expect((await visitor.get(`/api/p/${page!.urlPath}/prize/?view=1`)).status).toBe(200);
    expect([...visitor.cookies.keys()].sort()).toEqual(["csrftoken", VISITOR_COOKIE].sort());
    const tap = await visitor.post(claimPath(page!.urlPath));
    expect(tap.status).toBe(200);
  });

  it("a made-up visitor id is not an id: refused like none, and replaced", async () => {
    const [page] = await pagesWithPrize(1, "Forged");
    const visitor = visitorWithOnlyCsrfToken(baseUrl);
    visitor.cookies.set(VISITOR_COOKIE, "AAAAAAAAAAAAAAAAAAAAAA");
    const tap = await visitor.post(claimPath(page!.urlPath));
    expect(tap.status).toBe(428);
    expect(visitor.cookies.get(VISITOR_COOKIE)).not.toBe("AAAAAAAAAAAAAAAAAAAAAA");
    expect(await holdersOn([page!.urlPath])).toHaveLength(0);
  });
});
