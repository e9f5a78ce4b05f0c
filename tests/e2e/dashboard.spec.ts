import { AUTO_REFRESH_MS } from "../../components/admin/auto-refresh";
import { DashboardPage } from "./pages/dashboard";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { renderedLines } from "./support/layout";
import { expect, test } from "./support/signed-in";

// Signed in from the start: these tests are about the screens behind the sign-in, not the form.
test.use({ signedIn: true });

test.describe("dashboard", () => {
  test("numbers match the API, tables fit or say they scroll, quick actions say what they did, a win shows on refresh", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    // The browser's clock is the test's (it still runs on its own): the desktop run moves it over the
    // 30-second automatic refresh instead of waiting for it.
    await page.clock.install();
    const baseURL = String(testInfo.project.use.baseURL);
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    const run = `${testInfo.project.name}${Date.now()}`;
    const prizeId = await admin.createPrize(`Dashboard prize ${run}`);
    const stand = await admin.createPage(`Dashboard stand ${run}`);
    await admin.place(prizeId, stand);
    // Enough pages of its own for the product table to have a second page of 5, whatever other tests left.
    for (let index = 0; index < 5; index += 1) await admin.createPage(`Dashboard extra ${run} ${index}`);

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const api = await (await page.request.get("/api/admin/dashboard/")).json();
    await expect(dashboard.stat("Product pages")).toHaveText(String(api.total_products));
    await expect(dashboard.stat("Active / total prizes")).toHaveText(`${api.active_prizes} / ${api.total_prizes}`);
    await expect(dashboard.stat("Received / not received / total winners")).toHaveText(
      `${api.received_winners} / ${api.unreceived_winners} / ${api.total_winners}`,
    );
    await expect(dashboard.section("Prize status")).toContainText(`Dashboard prize ${run}`);
    await expect(dashboard.countdown).toBeVisible();
    // Nothing sticks out sideways on a phone: wide tables scroll inside their cards.
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Figures ("10 / 10") and status pills are never broken over two lines.
    const prizeRow = dashboard
      .section("Prize status")
      .getByRole("row")
      .filter({ hasText: `Dashboard prize ${run}` });
    const cells = await prizeRow.getByRole("cell").all();
    const texts = await Promise.all(cells.map(async (cell) => (await cell.textContent()) ?? ""));
    const unbroken = cells.filter((_, index) => /^\d+ \/ \d+$|placed|used up|inactive/.test(texts[index]!));
    // The remaining and today's figures at least, and the status pill when it says one of those.
    expect(unbroken.length).toBeGreaterThanOrEqual(2);
    for (const cell of unbroken) expect(await renderedLines(cell), `"${await cell.textContent()}"`).toBe(1);
    const prizeTable = dashboard.section("Prize status").getByRole("region", { name: "Prize status (scrolls sideways)" });
    if (testInfo.project.name === "phone") {
      // A cut-off table says it scrolls, and the keyboard can scroll it: the region takes focus.
      await expect(dashboard.section("Prize status").getByText("Scroll sideways for more columns")).toBeVisible();
      await prizeTable.focus();
      await expect(prizeTable).toBeFocused();
      // The arrow key scrolls the focused table (Chrome animates it); pressed again should the page have been
      // redrawing when the first one came (a loaded machine once saw no scroll after one press).
      await expect(async () => {
        await expect(prizeTable).toBeFocused();
        await page.keyboard.press("ArrowRight");
        expect(await prizeTable.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      }).toPass({ timeout: 15_000 });
    } else {
      // Where the table fits, no hint, and no extra stop in the tab order.
      await expect(dashboard.section("Prize status").getByText("Scroll sideways for more columns")).toHaveCount(0);
      await expect(prizeTable).toHaveCount(0);
    }

    // A visitor wins meanwhile. On the desktop the dashboard is left alone and its 30-second refresh shows
    // the win with no reload; on the phone the refresh button does it at once.
    const nickname = `D${String(Date.now()).slice(-6)}`;
    await winAsVisitor(baseURL, stand.urlPath, nickname, "5555");
    if (testInfo.project.name === "desktop") {
      await expect(dashboard.section("Recent winners")).not.toContainText(nickname);
      await page.clock.runFor(AUTO_REFRESH_MS);
      await expect(dashboard.section("Recent winners")).toContainText(nickname);
    } else {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(dashboard.section("Recent winners")).toContainText(nickname);
    }

    await page.getByRole("button", { name: "Reset daily counters" }).click();
    await expectAnnounced(page, /daily distribution counters of all \d+ prizes were reset/);
    // Automatic placement is system-wide: the form offers it as a box never ticked by default, and placing
    // leaves it off unless ticked. The result says how many units are still on no page, with the switch.
    const keepPlaced = page.getByLabel("Also keep prizes placed automatically");
    await expect(keepPlaced).not.toBeChecked();
    await expect(keepPlaced).toHaveAccessibleDescription("Switches automatic placement on for every prize: each one won is placed again.");
    await page.getByRole("button", { name: "Place prizes at random" }).click();
    // The server's own detail, not the prize table's "2 of 2 placed".
    await expectAnnounced(page, /^Placed \d+ prizes? at random\./);
    expect(await admin.maintenanceMode()).toBe(false);
    const notice = page.getByTestId("unplaced-notice");
    await expect(notice).toContainText(/\d+ units? (is|are) still in stock but on no product page\./);
    await expect(notice.getByRole("button", { name: "Keep prizes placed automatically" })).toBeVisible();
    await keepPlaced.check();
    await page.getByRole("button", { name: "Place prizes at random" }).click();
    await expectAnnounced(page, /Automatic placement is now on\.$/);
    expect(await admin.maintenanceMode()).toBe(true);
    await expect(page.getByText("Prizes are kept placed automatically (for every prize).")).toBeVisible();
    await admin.stopMaintenanceMode();

    // The product table pages in the browser: 5 rows a page with the page-size select.
    await dashboard.section("Product page status").getByLabel("Rows per page").selectOption("5");
    await expect(dashboard.section("Product page status").locator("tbody tr")).toHaveCount(5);
    await dashboard
      .section("Product page status")
      .getByRole("button", { name: /page 2/i })
      .click();
    await expect(dashboard.section("Product page status").locator("tbody tr").first()).toBeVisible();
    await admin.stopMaintenanceMode();
    await admin.dispose();
    await dashboard.screenshot("dashboard");
  });
});
