import type { Locator, Page, Request, Response } from "@playwright/test";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { DashboardPage } from "./pages/dashboard";
import { expectNoNewViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

/**
 * A click on a loaded machine once took 2.7 s with a blank screen. Every admin route now shows
 * its outline at once (loading.tsx), and each screen keeps the same outline until its first data. Here the
 * server's answers are held back (route interception) so the waiting state stays on screen to be checked
 * and photographed: a click's outline in English and Korean at 390 px (phone project) and 1440 px (desktop
 * project); what each screen shows until its data, in English at the desktop's size.
 */
test.use({ signedIn: true });

/** Holds every request `matches` picks until the returned function is called (then they go through). */
async function holdRequests(page: Page, matches: (request: Request) => boolean): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: import("@playwright/test").Route) => {
    if (!matches(route.request())) return route.fallback();
    await released;
    await route.fallback().catch(() => {
      // The page moved on meanwhile: nothing is waiting for this answer any more.
    });
  };
  await page.route("**/*", handler);
  return async () => {
    release();
    await page.unroute("**/*", handler);
  };
}

/** Every call an admin screen makes for its data (/api/admin/..., /api/winners/, /api/prizes/...). */
const isApi = (request: Request) => new URL(request.url()).pathname.startsWith("/api/");
/** The server's answer to a click on a link (React Server Components), not the prefetch made in advance. */
const isNavigationTo = (path: string) => (request: Request) => {
  const headers = request.headers();
  return new URL(request.url()).pathname === path && headers.rsc === "1" && !headers["next-router-prefetch"];
};

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * Counts, from now on, the router's prefetches of `path` down to its loading.tsx: the outline a click shows at
 * once is the one fetched ahead (on a slow server the click's own answer would stream it first, but held back
 * here it cannot).
 */
function watchPrefetches(page: Page, path: string): Response[] {
  const seen: Response[] = [];
  page.on("response", (response) => {
    const headers = response.request().headers();
    const prefetch = headers["next-router-prefetch"] === "1" && !headers["next-router-segment-prefetch"];
    if (prefetch && new URL(response.url()).pathname === path) seen.push(response);
  });
  return seen;
}

/** Points at the link (the router prefetches on hover) until its prefetch is in. */
async function hoverUntilPrefetched(page: Page, link: Locator, seen: Response[]) {
  await expect
    .poll(
      async () => {
        if (seen.length === 0) {
          await page.mouse.move(0, 0);
          await link.hover();
        }
        return seen.length;
      },
      { timeout: 45_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBeGreaterThan(0);
  // Read to its end, or as far as the router reads it (it may stop reading at the loading boundary).
  await Promise.race([seen[0]!.finished(), page.waitForTimeout(5_000)]);
}

for (const [language, messages, locale] of [
  ["en", en, "en-GB"],
  ["ko", ko, "ko-KR"],
] as const) {
  test.describe(`while a screen loads (${language})`, () => {
    test.use({ locale });
    // Each test waits for the router's prefetches and photographs several states: slow on a loaded machine.
    test.beforeEach(() => test.slow());

    test("a click on the menu shows the next screen's outline at once, not a blank", async ({ page }, testInfo) => {
      const prefetches = watchPrefetches(page, "/admin/winners");
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { name: messages.admin.dashboard.title, level: 1 })).toBeVisible({ timeout: 15_000 });
      if (isPhone(page)) await page.getByRole("button", { name: messages.admin.shell.openMenu }).click();
      const link = page.getByRole("link", { name: messages.admin.shell.nav.winners }).first();
      await hoverUntilPrefetched(page, link, prefetches);
      const letGo = await holdRequests(page, (request) => isNavigationTo("/admin/winners")(request) || isApi(request));
      await link.click();

      const skeleton = page.locator("main [data-skeleton]").first();
      await expect(skeleton).toBeVisible();
      await expect(skeleton).toHaveAttribute("aria-busy", "true");
      await expect(skeleton.getByRole("status")).toHaveText(messages.common.loading);
      await expectNoNewViolations(page, `loading-${language}`, testInfo, []);
      await reviewScreenshot(page, `loading-click-${language}`, { fullPage: false });

      await letGo();
      await expect(page.getByRole("heading", { name: messages.admin.winners.title })).toBeVisible();
      await expect(page.locator("main [data-skeleton]")).toHaveCount(0, { timeout: 15_000 });
    });
  });
}

// The outline's behaviour once, in English on the desktop (the organiser's set-up screens); the click above
// is photographed and checked by axe in both languages at both sizes, where the words change the layout.
test.describe("while a screen loads", { tag: "@desktop-only" }, () => {
  test.use({ locale: "en-GB" });
  test.beforeEach(() => test.slow());

  test("each screen shows the same outline until its first data arrives", async ({ page }) => {
    const letGo = await holdRequests(page, isApi);
    // Not the dashboard: its first numbers come with the page (dashboard.spec.ts).
    const screens = [
      { path: "/admin/winners", label: en.admin.winners.loading, name: "winners" },
      { path: "/admin/settings", label: en.admin.settings.loading, name: "settings" },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      const skeleton = page.locator("main [data-skeleton]").first();
      await expect(skeleton, screen.path).toBeVisible();
      await expect(skeleton.getByRole("status")).toHaveText(screen.label);
      await reviewScreenshot(page, `loading-first-data-${screen.name}`, { fullPage: false });
    }
    await letGo();
    // Let go, the settings arrive and the outline gives way to the form.
    await expect(page.getByRole("heading", { name: en.admin.settings.title })).toBeVisible();
    await expect(page.locator("main [data-skeleton]")).toHaveCount(0, { timeout: 15_000 });
  });

  test("the dashboard comes with its first numbers: they show while every API call is held", async ({ page }) => {
    const letGo = await holdRequests(page, isApi);
    await page.goto("/admin/dashboard");
    await expect(new DashboardPage(page).stat(en.admin.dashboard.stats.products)).toHaveText(/^\d+$/);
    await expect(page.getByRole("heading", { name: en.admin.dashboard.prizeStatusTitle })).toBeVisible();
    await expect(page.locator("main [data-skeleton]")).toHaveCount(0);
    await letGo();
  });

  test("the print sheet shows its QR cards' outline while the codes are drawn", async ({ page }) => {
    const prefetches = watchPrefetches(page, "/admin/products/print");
    await page.goto("/admin/products");
    const link = page.getByRole("link", { name: en.admin.products.toolbar.print });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await hoverUntilPrefetched(page, link, prefetches);
    const letGo = await holdRequests(page, isNavigationTo("/admin/products/print"));
    await link.click();
    const skeleton = page.locator("[data-skeleton]").first();
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByRole("status")).toHaveText(en.common.loading);
    await reviewScreenshot(page, "loading-print", { fullPage: false });
    await letGo();
    await expect(page.getByRole("heading", { name: en.admin.print.title, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  });
});
