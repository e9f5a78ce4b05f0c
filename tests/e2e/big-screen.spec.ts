import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { awayFromDayTurn, MACHINE_ZONE } from "../support/day-turn";
import { AdminPages } from "./pages/admin";
import { DashboardPage } from "./pages/dashboard";
import { GiveawayAdmin, signInWithPrize, winAsVisitor } from "./support/giveaway-admin";
import { reviewScreenshot, screenshotAsIs } from "./support/screenshot";

test.describe("the big screen and the funnel", () => {
  test("@desktop-only at 1920x1080 the big screen shows a win made in another browser within 2 s, without a reload", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    // "Winners today" below counts the server's day (the machine's zone here): not one that turns meanwhile.
    await awayFromDayTurn(MACHINE_ZONE, 20);
    const { admin, pages } = await signInWithPrize(testInfo, "Screen");
    const token = await admin.displayToken();
    const stand = await pages.withPrize();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/display/${token}`);
    await expect(page.getByRole("heading", { name: "Latest winners" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Live");
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const before = Number(await page.getByTestId("winners-today").textContent());

    const nickname = `Zed${String(Date.now()).slice(-5)}`;
    await winAsVisitor(String(testInfo.project.use.baseURL), stand, nickname, "4321");
    const masked = `Z${"*".repeat(nickname.length - 1)}`;
    await expect(page.getByRole("listitem").filter({ hasText: masked }).first()).toBeVisible({ timeout: 2_000 });
    await expect(page.getByTestId("winners-today")).toHaveText(String(before + 1));
    await expect(page.getByText(nickname)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Everything on one screen: nothing to scroll at 1920x1080.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    await screenshotAsIs(page, "big-screen-dark-1920");
    await page.goto(`/display/${token}?theme=light`);
    await expect(page.getByRole("status")).toHaveText("Live");
    await screenshotAsIs(page, "big-screen-light-1920");
    await admin.dispose();
  });

  test(
    "each prize names the stands where it can be won now, apart from the stock for later, in English and Korean",
    { tag: "@desktop-only" },
    async ({ page, context }, testInfo) => {
      test.setTimeout(90_000);
      const baseURL = String(testInfo.project.use.baseURL);
      const admin = await GiveawayAdmin.signIn(baseURL);
      await admin.stopMaintenanceMode();
      // Only this test's prize is on a stand: the screen lists the prizes on stands first, seven at most.
      await admin.clearPlacements();
      const run = `${testInfo.project.name} ${Date.now().toString(36)}`;
      const now = `0 Now ${run}`;
      const later = `0 Later ${run}`;
      const nowId = await admin.createPrizeWith(now, { total: 5, daily: 5, maintenance: 2 });
      const laterId = await admin.createPrizeWith(later, { total: 4, daily: 4, maintenance: 1 });
      for (const index of [1, 2]) await admin.place(nowId, await admin.createPage(`Now stand ${index} ${run}`));
      const token = await admin.displayToken();
      const prize = (name: string) => page.getByTestId("display-prize").filter({ hasText: name });
      await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });

      await page.goto(`/display/${token}`);
      await expect(page.getByRole("status")).toHaveText("Live");
      await expect(prize(now)).toContainText(`Now at Now stand 1 ${run}, Now stand 2 ${run} · 3 more later`);
      await expect(prize(later)).toContainText("Not on a stand right now · 4 more later");
      await screenshotAsIs(page, `big-screen-stands-${testInfo.project.name}`);
      // Placed meanwhile: the open screen follows without a reload.
      await admin.place(laterId, await admin.createPage(`Later stand ${run}`));
      await expect(prize(later)).toContainText(`Now at Later stand ${run} · 3 more later`);

      await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: baseURL }]);
      await page.goto(`/display/${token}`);
      await expect(page.getByRole("status")).toHaveText("실시간");
      await expect(prize(now)).toContainText(`지금 Now stand 1 ${run}, Now stand 2 ${run}에서 · 나중에 3개 더`);
      await expect(prize(later)).toContainText(`지금 Later stand ${run}에서 · 나중에 3개 더`);
      await screenshotAsIs(page, `big-screen-stands-ko-${testInfo.project.name}`);
      await admin.clearPlacements();
      await admin.dispose();
    },
  );

  test("@desktop-only at 1920x1080 a prize on seven stands names the first five and counts the rest, in English and Korean", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    await admin.clearPlacements();
    const run = Date.now().toString(36).slice(-4);
    const name = `0 Scarf ${run}`;
    const prizeId = await admin.createPrizeWith(name, { total: 9, daily: 9, maintenance: 7 });
    for (const index of [1, 2, 3, 4, 5, 6, 7]) await admin.place(prizeId, await admin.createPage(`Hall ${index} ${run}`));
    const token = await admin.displayToken();
    const stands = [1, 2, 3, 4, 5].map((index) => `Hall ${index} ${run}`).join(", ");
    const prize = page.getByTestId("display-prize").filter({ hasText: name });
    await page.setViewportSize({ width: 1920, height: 1080 });

    await page.goto(`/display/${token}`);
    await expect(page.getByRole("status")).toHaveText("Live");
    await expect(prize).toContainText(`Now at ${stands} and 2 more · 2 more later`);
    await expect(prize.getByTestId("live-stands")).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    await screenshotAsIs(page, "bigscreen-stands-1920");

    await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: baseURL }]);
    await page.goto(`/display/${token}`);
    await expect(page.getByRole("status")).toHaveText("실시간");
    await expect(prize).toContainText(`지금 ${stands} 외 2곳에서 · 나중에 2개 더`);
    await screenshotAsIs(page, "bigscreen-stands-ko-1920");
    await admin.clearPlacements();
    await admin.dispose();
  });

  test(
    "the dashboard draws the funnel as bars and scans and wins per hour as a line, with the numbers as tables",
    { tag: "@desktop-only" },
    async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const baseURL = String(testInfo.project.use.baseURL);
      const admin = await GiveawayAdmin.signIn(baseURL);
      await admin.stopMaintenanceMode();
      const prizeId = await admin.createPrize(`Funnel prize ${testInfo.project.name} ${Date.now()}`);
      const stand = await admin.createPage(`Funnel stand ${testInfo.project.name} ${Date.now()}`);
      await admin.place(prizeId, stand);
      // A scan in a browser of its own (counted by the page's first state call), then a win.
      const phone = await page.context().browser()!.newContext();
      const phonePage = await phone.newPage();
      const counted = phonePage.waitForResponse((response) => response.url().includes("/prize/?view=1"));
      await phonePage.goto(`${baseURL}/p/${stand.urlPath}`);
      await counted;
      await phone.close();
      await winAsVisitor(baseURL, stand.urlPath, "Charts", "2468");

      await new AdminPages(page).openLogin();
      await new AdminPages(page).signIn(E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
      // The scan reaches the tallies with the next flush (every 5 s).
      await expect
        .poll(async () => (await (await page.request.get(`/api/admin/funnel/?product=${stand.productId}`)).json()).totals.scans, {
          timeout: 15_000,
        })
        .toBe(1);
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      const funnel = dashboard.section("From scan to win");
      // The charts are drawn once they are about to be seen (below the fold on a phone).
      await funnel.scrollIntoViewIfNeeded();
      await expect(funnel.getByTestId("funnel-bars").locator("svg .recharts-bar-rectangle").first()).toBeVisible();
      // This run's hours: a line, or a dot where there is one hour so far.
      await expect(funnel.getByTestId("funnel-hours").locator("svg .recharts-line-dot, svg .recharts-line-curve").first()).toBeVisible();
      await expect(funnel.getByRole("table", { name: "From scan to win, whole event" })).toBeAttached();
      await expect(funnel.getByRole("table", { name: "Scans and wins per hour" })).toBeAttached();
      // Nothing sticks out sideways on a phone.
      const width = page.viewportSize()?.width ?? 0;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await reviewScreenshot(page, "dashboard-funnel");
      await admin.dispose();
    },
  );
});
