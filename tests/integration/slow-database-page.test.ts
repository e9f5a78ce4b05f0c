import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { reviewScreenshot } from "../e2e/support/screenshot";
import type { RunningServer } from "../support/app-server";
import { CHROMIUM_PATH } from "../support/chromium";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { startServerBehindProxy } from "../support/server-behind-proxy";
import type { CuttableProxy } from "../support/tcp-proxy";
import { TEST_ADMIN } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

const databaseUrl = inject("databaseUrl");

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
