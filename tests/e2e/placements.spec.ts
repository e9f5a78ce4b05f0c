import { AUTO_REFRESH_MS } from "../../components/admin/auto-refresh";
import { PlacementsPage } from "./pages/placements";
import { ProductPage } from "./pages/product-page";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { expect, test } from "./support/signed-in";

// Signed in from the start: these tests are about the screens behind the sign-in, not the form.
test.use({ signedIn: true });

const stamp = (project: string) => `${project} ${Date.now().toString(36)}`;

test.describe("prize placement", () => {
  let placements: PlacementsPage;
  let admin: GiveawayAdmin;

  test.beforeEach(async ({ page }, testInfo) => {
    admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    // Off, as on a fresh install: no top-up may put a prize on a page another test wants empty.
    await admin.stopMaintenanceMode();
    await admin.clearPlacements();
    placements = new PlacementsPage(page);
  });

  test.afterEach(async () => {
    await admin.stopMaintenanceMode();
    await admin.dispose();
  });

  test(
    "places a prize by hand; a phone sees it; deactivated it is gone; details, QR code and delete",
    { tag: "@desktop-only" },
    async ({ page, browser }, testInfo) => {
      const run = stamp(testInfo.project.name);
      const prizeName = `Hand prize ${run}`;
      const standName = `Hand stand ${run}`;
      await admin.createPrizeWith(prizeName, { total: 5, daily: 5, maintenance: 5 });
      const stand = await admin.createPage(standName);

      await placements.open();
      await expect(page.getByText("Automatic placement is off", { exact: true })).toBeVisible();
      const manual = placements.panel("Place by hand");
      await manual.getByRole("button", { name: "Place prize" }).click();
      await expect(manual.getByText("Please choose both a prize and a product.")).toBeVisible();
      await placements.choose(manual, "Prize", prizeName);
      await manual.getByRole("button", { name: "Place prize" }).click();
      await expect(manual.getByText("Please choose both a prize and a product.")).toBeVisible();
      await placements.choose(manual, "Product page", standName);
      await manual.getByRole("button", { name: "Place prize" }).click();
      await placements.expectSuccess(`“${prizeName}” is now on “${standName}”.`);
      const row = placements.row(standName);
      await expect(row.getByText("Active", { exact: true }).filter({ visible: true })).toBeVisible();
      // The rest of the stock is on no page: once this one is won nothing is placed again, unless switched on.
      await expect(placements.unplacedNotice).toContainText(
        `4 units of “${prizeName}” are still in stock but on no product page. Once the placed ones are won, nothing is placed again unless prizes are kept placed automatically.`,
      );
      await expect(placements.unplacedNotice.getByRole("button", { name: "Keep prizes placed automatically" })).toBeVisible();
      await placements.screenshot("placements");

      // The server refuses a second live prize on the same page, and says why.
      await manual.getByRole("button", { name: "Place prize" }).click();
      await expect(manual.getByRole("alert")).toContainText(/already/i);

      // A visitor's phone finds the ticket.
      const phone = await browser.newPage();
      const visitor = new ProductPage(phone);
      await visitor.open(stand.urlPath);
      await visitor.expectTicketReady();

      await row
        .getByRole("button", { name: `Deactivate ${prizeName} on ${standName}` })
        .filter({ visible: true })
        .click();
      await placements.expectSuccess(`Deactivated “${prizeName} on ${standName}”.`);
      await expect(row.getByText("Inactive", { exact: true }).filter({ visible: true })).toBeVisible();
      await visitor.open(stand.urlPath);
      await expect(visitor.ticket).toHaveCount(0);
      expect(await admin.hasPrize(stand.urlPath)).toBe(false);
      await phone.close();

      await row
        .getByRole("button", { name: `Details of ${prizeName} on ${standName}` })
        .filter({ visible: true })
        .click();
      await expect(placements.dialog).toContainText(`/p/${stand.urlPath}`);
      await expect(placements.dialog).toContainText("Inactive");
      await placements.dialog.getByRole("button", { name: "Show QR code" }).click();
      const qr = page.getByRole("img", { name: /QR code opening/ });
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await placements.screenshot("placements-qr", { fullPage: false });
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await expect(placements.dialog).toHaveCount(0);

      await row
        .getByRole("button", { name: `Delete ${prizeName} on ${standName}` })
        .filter({ visible: true })
        .click();
      await placements.dialog.getByRole("button", { name: "Delete" }).click();
      await placements.expectSuccess(`Took “${prizeName}” off “${standName}”.`);
      await expect(row).toHaveCount(0);
    },
  );

  test("the list has the whole width: nothing cut off at 1280 px, the created time shown at 1440 px @desktop-only", async ({
    page,
  }, testInfo) => {
    const run = stamp(testInfo.project.name);
    const prizeName = `Wide prize ${run}`;
    const standName = `Wide stand ${run}`;
    const prizeId = await admin.createPrizeWith(prizeName, { total: 5, daily: 5, maintenance: 5 });
    await admin.place(prizeId, await admin.createPage(standName));

    // 1024: a laptop beside the admin menu, where the rows are single cells.
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await placements.open();
      const table = page.getByRole("table", { name: "Placements" });
      const fit = await table.evaluate((element) => ({ table: element.scrollWidth, box: element.parentElement?.clientWidth ?? 0 }));
      console.log(`placements list at ${width} px: table ${fit.table} px in a ${fit.box} px box`);
      expect(fit.table).toBeLessThanOrEqual(fit.box);
      // The row's Delete button ends inside the list's box (below the fold is fine: the forms come first).
      const remove = placements.row(standName).getByRole("button", { name: `Delete ${prizeName} on ${standName}` });
      const button = await remove.filter({ visible: true }).boundingBox();
      const box = await table.locator("..").boundingBox();
      expect((button?.x ?? Number.POSITIVE_INFINITY) + (button?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }
    await expect(page.getByRole("columnheader", { name: "Created" })).toBeVisible();
    await placements.screenshot("placements-wide");
  });

  test(
    "on a phone the list comes first, the forms behind a button; each picker is one search select",
    { tag: "@phone-only" },
    async ({ page }, testInfo) => {
      const run = stamp(testInfo.project.name);
      const prizeName = `Phone prize ${run}`;
      const standName = `Phone stand ${run}`;
      await admin.createPrizeWith(prizeName, { total: 5, daily: 5, maintenance: 5 });
      await admin.createPage(standName);
      await page.setViewportSize({ width: 390, height: 844 });

      await placements.open({ forms: false });
      const list = placements.panel("Placements");
      const top = (await list.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      console.log(`placements list on a 390 px phone starts ${Math.round(top)} px down`);
      await expect(list).toBeInViewport();
      await expect(placements.panel("Place by hand")).toBeHidden();
      await expect(placements.formsButton).toHaveAttribute("aria-expanded", "false");
      await placements.screenshot("placements-phone-list-first");

      await placements.formsButton.click();
      await expect(placements.formsButton).toHaveAttribute("aria-expanded", "true");
      const manual = placements.panel("Place by hand");
      await expect(manual).toBeVisible();
      // One field per picker: no separate search box, no "N found" line.
      await expect(manual.getByRole("combobox")).toHaveCount(2);
      await expect(manual.getByRole("searchbox")).toHaveCount(0);
      await expect(manual.getByText(/\d+ found/)).toHaveCount(0);
      // Typing part of a name narrows the list to it; the keyboard chooses.
      const prizeField = manual.getByRole("combobox", { name: "Prize", exact: true });
      await prizeField.fill(`Phone prize ${run}`.slice(0, -2));
      const prizeOptions = manual.getByRole("listbox", { name: "Prize" }).getByRole("option");
      // Narrowed to it alone (the search answers after a pause in typing): the keyboard then picks it.
      await expect(prizeOptions).toHaveCount(1);
      await expect(prizeOptions).toContainText(prizeName);
      await placements.screenshot("placements-phone-picker");
      await prizeField.press("ArrowDown");
      await prizeField.press("Enter");
      await expect(prizeField).toHaveValue(prizeName);
      await expect(prizeField).toHaveAttribute("aria-expanded", "false");
      await placements.choose(manual, "Product page", standName);
      await manual.getByRole("button", { name: "Place prize" }).click();
      await placements.expectSuccess(`“${prizeName}” is now on “${standName}”.`);
      await expect(placements.row(standName)).toBeVisible();
    },
  );

  test("a form's old error goes once something later succeeds", { tag: "@desktop-only" }, async () => {
    await placements.open();
    const manual = placements.panel("Place by hand");
    await manual.getByRole("button", { name: "Place prize" }).click();
    await expect(manual.getByText("Please choose both a prize and a product.")).toBeVisible();
    await placements.panel("Automatic placement").getByRole("button", { name: "Keep prizes placed automatically" }).click();
    await placements.expectSuccess("Prizes are now kept placed automatically: each one won is placed again on a free page.");
    await expect(manual.getByText("Please choose both a prize and a product.")).toHaveCount(0);
  });

  test(
    "places one prize at random up to its pages at once, leaves automatic placement off, then offers it",
    { tag: "@desktop-only" },
    async ({ page }, testInfo) => {
      const prizeName = `Random prize ${stamp(testInfo.project.name)}`;
      await admin.createPrizeWith(prizeName, { total: 10, daily: 3, maintenance: 2 });
      // Free pages enough whatever the other tests left.
      for (let index = 1; index <= 3; index += 1) await admin.createPage(`Random stand ${index} ${stamp(testInfo.project.name)}`);

      await placements.open();
      const random = placements.panel("Random placement");
      await placements.choose(random, "Prize", prizeName);
      // The system-wide switch is offered, never ticked for the organiser.
      await expect(random.getByLabel("Also keep prizes placed automatically")).not.toBeChecked();
      await random.getByRole("button", { name: "Place prizes at random" }).click();
      await placements.expectSuccess(/^Placed 2 prizes at random\.$/);
      await expect(page.getByText("Automatic placement is off", { exact: true })).toBeVisible();
      expect(await admin.maintenanceMode()).toBe(false);
      // Newest first among the active ones: both are on the first page.
      const table = page.getByRole("table", { name: "Placements" });
      await expect(table.getByRole("row").filter({ hasText: prizeName })).toHaveCount(2);
      // 10 in stock, 2 on pages: 8 on none, and the switch that keeps them coming.
      await expect(placements.unplacedNotice).toContainText(`8 units of “${prizeName}” are still in stock but on no product page.`);
      await placements.screenshot("placements-unplaced");
      await placements.unplacedNotice.getByRole("button", { name: "Keep prizes placed automatically" }).click();
      await placements.expectSuccess("Prizes are now kept placed automatically: each one won is placed again on a free page.");
      await expect(placements.unplacedNotice).toHaveCount(0);
      await expect(page.getByText("Prizes are kept placed automatically", { exact: true })).toBeVisible();
      expect(await admin.maintenanceMode()).toBe(true);
      await expect(random.getByLabel("Also keep prizes placed automatically")).toHaveCount(0);
      await expect(random.getByText("Prizes are kept placed automatically (for every prize).")).toBeVisible();
    },
  );

  test(
    "in Korean: automatic placement in plain words, and what a placement left on no page",
    { tag: "@desktop-only" },
    async ({ page, context }, testInfo) => {
      await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: String(testInfo.project.use.baseURL) }]);
      const run = stamp(testInfo.project.name);
      const prizeName = `한글 경품 ${run}`;
      const standName = `한글 부스 ${run}`;
      await admin.createPrizeWith(prizeName, { total: 3, daily: 3, maintenance: 3 });
      await admin.createPage(standName);
      await page.goto("/admin/distributions");
      await expect(page.getByRole("heading", { level: 1, name: "경품 배치" })).toBeVisible();
      const showForms = page.getByRole("button", { name: "경품 배치 · 자동 배치" });
      if (await showForms.isVisible()) await showForms.click();
      const switchCard = page.getByRole("region", { name: "경품 자동 배치", exact: true });
      await expect(switchCard.getByText("경품 자동 배치 꺼짐")).toBeVisible();
      await expect(page.getByText("유지 모드")).toHaveCount(0);
      const manual = page.getByRole("region", { name: "직접 배치", exact: true });
      await placements.choose(manual, "경품", prizeName);
      await placements.choose(manual, "제품 페이지", standName);
      await manual.getByRole("button", { name: "경품 배치" }).click();
      await expect(placements.unplacedNotice).toContainText(
        `“${prizeName}” 2개가 재고에는 있지만 아직 어느 제품 페이지에도 배치되지 않았습니다.`,
      );
      await expect(placements.unplacedNotice.getByRole("button", { name: "경품 자동 배치 유지" })).toBeVisible();
      await placements.screenshot("placements-ko-unplaced");
    },
  );

  test("the list picks up a win within 30 seconds without a reload @desktop-only", async ({ page }, testInfo) => {
    // The browser's clock is the test's (it still runs on its own): moved over the 30-second refresh.
    await page.clock.install();
    const run = stamp(testInfo.project.name);
    const prizeName = `Refresh prize ${run}`;
    const standName = `Refresh stand ${run}`;
    const prizeId = await admin.createPrizeWith(prizeName, { total: 5, daily: 5, maintenance: 5 });
    const stand = await admin.createPage(standName);
    await admin.place(prizeId, stand);

    await placements.open();
    const row = placements.row(standName);
    await expect(row.getByText("Active", { exact: true }).filter({ visible: true })).toBeVisible();
    await winAsVisitor(String(testInfo.project.use.baseURL), stand.urlPath, `R${String(Date.now()).slice(-6)}`, "1357");
    await expect(page.getByText(/Refresh in \d+ s/)).toBeVisible();
    await expect(row.getByText("Active", { exact: true }).filter({ visible: true })).toBeVisible();
    // No click, no reload: the 30 s auto-refresh shows the won placement as no longer live.
    await page.clock.runFor(AUTO_REFRESH_MS);
    await expect(row.getByText("Inactive", { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test("deletes every placement after the typed phrase, ten at a time", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    const run = stamp(testInfo.project.name);
    const prizeId = await admin.createPrizeWith(`Bulk prize ${run}`, { total: 20, daily: 20, maintenance: 20 });
    for (let index = 1; index <= 12; index += 1) await admin.place(prizeId, await admin.createPage(`Bulk stand ${index} ${run}`));

    await placements.open();
    await page.getByRole("button", { name: "Delete all" }).click();
    const confirm = placements.dialog.getByRole("textbox");
    await confirm.fill("delete all");
    await placements.dialog.getByRole("button", { name: "Delete" }).click();
    await expect(placements.dialog.getByText("The confirmation text does not match.")).toBeVisible();
    await confirm.fill("deleteall");
    await placements.dialog.getByRole("button", { name: "Delete" }).click();
    await placements.expectSuccess(/^Deleted \d+ placements\.$/, { timeout: 30_000 });
    await expect(placements.counts).toHaveText("0 active · 0 inactive");
    await expect(page.getByText("No prizes placed yet")).toBeVisible();
  });
});
