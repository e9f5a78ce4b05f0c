import { type Browser, chromium } from "@playwright/test";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { products } from "@/db/schema";
import { VISITOR_COOKIE } from "@/lib/api/visitor";
import { reviewScreenshot } from "../e2e/support/screenshot";
import type { RunningServer } from "../support/app-server";
import { CHROMIUM_PATH } from "../support/chromium";
import { openSharedPostgresDatabase } from "../support/direct-database";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { seedPages, seedPrize } from "../support/seed";
import { startServerBehindProxy } from "../support/server-behind-proxy";
import type { CuttableProxy } from "../support/tcp-proxy";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

/**
 * A Postgres that is lost, or slow, behind a proxy in front of a server of its own: the database's own
 * failures, which an embedded database has none of.
 */
const databaseUrl = inject("databaseUrl");

/** An answer not complete this long after its request began is a hang (the server promises ~2 s). */
const HANG_MS = 8000;
const VISITORS = 20;
const OUTAGE_MS = 6000;
/** Reads shared for half a second (shared/async/recent-reads.ts) may still answer from before the outage. */
const SHARED_READ_MS = 600;
/**
 * The product page on a failed read: its skeleton went out first (status 200), and the stream ends with the
 * read's error, which the browser turns into the error screen (error.tsx, a client component: its text is
 * not in the HTML). The product page on a slow database, below, shows that screen in a real browser.
 */
function isErrorScreen(html: string, productName: string): boolean {
  return html.includes("data-product-skeleton") && /:E\{"digest":/.test(html.replaceAll('\\"', '"')) && !html.includes(productName);
}

type Path = "page" | "prize status" | "reserve" | "claim" | "dashboard";
type Sample = {
  path: Path;
  startedMs: number;
  ms: number;
  status: number | "hung";
  retryAfter: string | null;
  pageError: boolean;
  /** A claim by a phone with no visitor id holds nothing: its 409 needs no database. */
  holdsNothing: boolean;
};

/**
 * Postgres lost (refusing connections, or black-holed: connections accepted and never
 * answered) while 20 visitors and the organiser keep asking. Every path must answer, 503 with Retry-After
 * (the product page: its error screen), within about 2 s of the request starting, however the database
 * is lost; and serve again within about 2 s of Postgres returning. A server of its own behind a proxy.
 */
describePostgresOnly(import.meta.filename, "a lost database under 20 visitors", () => {
  let database: ReturnType<typeof openSharedPostgresDatabase>;
  let server: RunningServer;
  let proxy: CuttableProxy;
  let stop: () => Promise<void>;
  let admin: TestClient;
  let pages: { urlPath: string; name: string }[];
  /** One phone per stand, the same all along: holds made before an outage are claimed during it. */
  let visitors: TestClient[];

  beforeAll(async () => {
    database = openSharedPostgresDatabase();
    ({ server, proxy, stop } = await startServerBehindProxy(databaseUrl!, "outage"));
    admin = await signedInClient(server.url, TEST_ADMIN);
    const prizeId = await seedPrize(database.db, { total: 1000, daily: 1000, maintenance: VISITORS, name: "Outage prize" });
    const seeded = await seedPages(database.db, VISITORS, "Outage", Array(VISITORS).fill(prizeId));
    const names = await database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        inArray(
          products.id,
          seeded.map((page) => page.id),
        ),
      );
    pages = seeded.map((page) => ({ ...page, name: names.find((row) => row.id === page.id)!.name }));
    visitors = await Promise.all(pages.map(() => newVisitor(server.url)));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await database.close();
  });

  /** One request of `path` by `visitor` on `urlPath`, read to its end. */
  async function ask(path: Path, visitor: TestClient, page: { urlPath: string; name: string }, outageStarted: number): Promise<Sample> {
    const { urlPath } = page;
    const started = performance.now();
    const signal = AbortSignal.timeout(HANG_MS);
    const holdsNothing = !visitor.cookies.has(VISITOR_COOKIE);
    const sample = { path, startedMs: Math.round(started - outageStarted), retryAfter: null, pageError: false, holdsNothing };
    try {
      const response = await {
        page: () => visitor.request("GET", `/p/${urlPath}`, { signal }),
        "prize status": () => visitor.request("GET", `/api/p/${urlPath}/prize/`, { signal }),
        reserve: () => visitor.request("POST", claimPath(urlPath), { signal }),
        claim: () => visitor.request("POST", claimPath(urlPath), { json: { name: "Outage", password: "2580" }, signal }),
        dashboard: () => admin.request("GET", "/api/admin/dashboard/", { signal }),
      }[path]();
      const body = await response.text();
      return {
        ...sample,
        ms: Math.round(performance.now() - started),
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        pageError: path === "page" && isErrorScreen(body, page.name),
      };
    } catch (error) {
      if ((error as Error).name !== "TimeoutError") throw error;
      return { ...sample, ms: Math.round(performance.now() - started), status: "hung" };
    }
  }

  /** Every visitor (and the organiser) asks again as soon as answered, until `until`. */
  async function crowd(until: number, outageStarted: number): Promise<Sample[]> {
    const samples: Sample[] = [];
    const paths: Path[] = ["page", "prize status", "reserve", "claim"];
    const loop = async (next: () => Promise<Sample>) => {
      while (performance.now() < until) samples.push(await next());
    };
    await Promise.all([
      ...pages.map((page, index) => {
        let turn = index;
        return loop(() => ask(paths[turn++ % paths.length]!, visitors[index]!, page, outageStarted));
      }),
      loop(() => ask("dashboard", admin, pages[0]!, outageStarted)),
    ]);
    return samples;
  }

  function summary(samples: Sample[]): string {
    const paths = [...new Set(samples.map((sample) => sample.path))];
    return paths
      .map((path) => {
        const list = samples.filter((sample) => sample.path === path);
        const times = list.map((sample) => sample.ms).sort((a, b) => a - b);
        const statuses = [...new Set(list.map((sample) => sample.status))].join("/");
        const slowest = list.reduce((slow, sample) => (sample.ms > slow.ms ? sample : slow));
        const median = times[Math.floor(times.length / 2)];
        return `${path}: ${list.length} answers (${statuses}), median ${median} ms, max ${slowest.ms} ms (begun ${slowest.startedMs} ms in)`;
      })
      .join("; ");
  }

  /** Milliseconds from `since` until every path answers as it does on a healthy database. */
  async function servedAgain(since: number): Promise<number> {
    const visitor = await newVisitor(server.url);
    await expect
      .poll(
        async () => {
          const answers = await Promise.all(
            (["page", "prize status", "dashboard"] as const).map((path) => ask(path, visitor, pages[0]!, since)),
          );
          return answers.every((answer) => answer.status === 200 && !answer.pageError);
        },
        { interval: 100, timeout: 15_000 },
      )
      .toBe(true);
    return Math.round(performance.now() - since);
  }

  for (const mode of ["refusing connections", "black-holed"] as const) {
    it(`with Postgres ${mode}: every path answers 503 (the page its error screen) at once, and serves again after`, async () => {
      // Open connections busy with the crowd's queries first, as at an event.
      await crowd(performance.now() + 1500, performance.now());
      const outageStarted = performance.now();
      const during = crowd(outageStarted + OUTAGE_MS, outageStarted);
      if (mode === "black-holed") proxy.blackHole();
      else await proxy.cut();
      const samples = await during;
      await proxy.restore();
      const recovery = await servedAgain(performance.now());
      console.log(`Postgres ${mode} for ${OUTAGE_MS} ms: ${summary(samples)}. Served again ${recovery} ms after Postgres returned.`);

      expect(samples.filter((sample) => sample.status === "hung")).toEqual([]);
      const afterSharedReads = samples.filter((sample) => sample.startedMs >= SHARED_READ_MS);
      // Every path was asked once the shared reads were stale: the checks below cover each of them.
      expect(new Set(afterSharedReads.map((sample) => sample.path))).toEqual(
        new Set(["page", "prize status", "reserve", "claim", "dashboard"]),
      );
      for (const sample of afterSharedReads.filter((answer) => answer.path !== "page")) {
        if (sample.path === "claim" && sample.holdsNothing && sample.status === 409) continue;
        expect(sample, JSON.stringify(sample)).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      }
      // The product page: its error screen (the skeleton came first, with status 200), or a 503.
      for (const sample of afterSharedReads.filter((answer) => answer.path === "page")) {
        expect(sample.status === 503 || sample.pageError, JSON.stringify(sample)).toBe(true);
      }
    }, 90_000);
  }
});

/**
 * The product page while Postgres is slow (its queries held in a proxy), in a real browser: the visitor
 * sees the page's skeleton at once, then the product when the database answers, or the spec's failure
 * message when it fails instead. A server of its own, on the integration database behind the proxy.
 */
describePostgresOnly(import.meta.filename, "the product page on a slow database", () => {
  let server: RunningServer;
  let proxy: CuttableProxy;
  let stop: () => Promise<void>;
  let browser: Browser;
  let admin: TestClient;
  /** A page of its own for each test: this server keeps a page's state for half a second (lib/public-page.ts). */
  const newStand = async (label: string) => {
    const name = `${label} ${Date.now()}`;
    return { name, urlPath: (await createProduct(admin, { name })).url_path };
  };

  beforeAll(async () => {
    ({ server, proxy, stop } = await startServerBehindProxy(databaseUrl!, "slow-database"));
    // Through the shared test server (same database): this one counts every sign-in as from one address.
    admin = await signedInClient(inject("baseUrl"), TEST_ADMIN);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  it("answers at once with a complete page and a real 404 while the database is quick", async () => {
    const { name, urlPath } = await newStand("Quick stand");
    const found = await fetch(`${server.url}/p/${urlPath}`);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(name);
    expect(html).not.toContain("data-product-skeleton");
    expect((await fetch(`${server.url}/p/Zz9Zz9Zz9Z`)).status).toBe(404);
  });

  it("shows the skeleton while the database is slow, then the product when it answers", async () => {
    const { name, urlPath } = await newStand("Slow stand");
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      proxy.stall();
      await page.goto(`${server.url}/p/${urlPath}`, { waitUntil: "commit" });
      const skeleton = page.getByRole("status").filter({ hasText: "Loading the product and its prize…" });
      await expect.poll(() => skeleton.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getByRole("heading", { name }).count()).toBe(0);
      // At once: a Postgres silent for over ~1.6 s counts as lost (db/outage-watch.ts), and the page then
      // shows its failure screen instead (the next test). The skeleton's screenshot is taken there.
      proxy.resume();
      await page.getByRole("heading", { name }).waitFor({ timeout: 10_000 });
      expect(await skeleton.count()).toBe(0);
    } finally {
      proxy.resume();
      await page.close();
    }
  }, 30_000);

  it("replaces the skeleton with the spec's failure message when the database fails meanwhile", async () => {
    const { urlPath } = await newStand("Failing stand");
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      proxy.stall();
      await page.goto(`${server.url}/p/${urlPath}`, { waitUntil: "commit" });
      await page.locator("[data-product-skeleton]").waitFor({ timeout: 10_000 });
      await reviewScreenshot(page, "public-skeleton");

      await proxy.cut();
      await page.getByRole("heading", { name: "Failed to load product information." }).waitFor({ timeout: 10_000 });
      await reviewScreenshot(page, "public-failed-to-load");
    } finally {
      proxy.resume();
      await page.close();
    }
  }, 30_000);
});
