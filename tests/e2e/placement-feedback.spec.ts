import type { Page } from "@playwright/test";
import { PlacementsPage } from "./pages/placements";
import { wasAnnounced } from "./support/announcements";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { expect, test } from "./support/signed-in";

// Signed in from the start: these tests are about the placements screen, not the sign-in form.
test.use({ signedIn: true });

const stamp = (project: string) => `${project} ${Date.now().toString(36)}`;

/** The widths the screen is reviewed at: 1440 px on the desktop project, 390 px on the phone one. */
async function reviewWidth(page: Page, project: string) {
  await page.setViewportSize(project === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
}

/**
 * Each action's own confirmation is shown; what a placement left on no page is said beside it, never
 * instead of another action's confirmation; a placement that placed nothing is a warning that says why.
 */
test.describe("placement feedback", { tag: "@desktop-only" }, () => {
  let admin: GiveawayAdmin;

  test.beforeEach(async ({ page }, testInfo) => {
    admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    // Off, as on a fresh install: no top-up may put a prize on a page this test wants empty.
    await admin.stopMaintenanceMode();
    await admin.clearPlacements();
    await reviewWidth(page, testInfo.project.name);
  });
  test.afterEach(async () => {
    await admin.clearPlacements();
    await admin.dispose();
  });

  test("a placement by hand is confirmed with the stock left beside it; a delete's confirmation is not followed by that old notice", async ({
    page,
  }, testInfo) => {
    const run = stamp(testInfo.project.name);
    const prizeName = `Cap ${run}`;
    const standName = `Cap stand ${run}`;
    await admin.createPrizeWith(prizeName, { total: 5, daily: 5, maintenance: 5 });
    await admin.createPage(standName);

    const placements = new PlacementsPage(page);
    await placements.open();
    const manual = placements.panel("Place by hand");
    await placements.choose(manual, "Prize", prizeName);
    await placements.choose(manual, "Product page", standName);
    await manual.getByRole("button", { name: "Place prize" }).click();
    await placements.expectSuccess(`“${prizeName}” is now on “${standName}”.`);
    await expect(placements.unplacedNotice).toContainText(`4 units of “${prizeName}” are still in stock but on no product page.`);
    await placements.screenshot("placements-feedback-placed");

    // Another action: its own confirmation, and the placement's notice is gone (it was about that placement).
    await placements
      .row(standName)
      .getByRole("button", { name: `Delete ${prizeName} on ${standName}` })
      .filter({ visible: true })
      .click();
    await placements.dialog.getByRole("button", { name: "Delete" }).click();
    await placements.expectSuccess(`Took “${prizeName}” off “${standName}”.`);
    await expect(placements.unplacedNotice).toHaveCount(0);
    await expect(placements.row(standName)).toHaveCount(0);
  });

  test("a random placement that placed nothing is a warning that says why, with the units on no page beside it", async ({
    page,
  }, testInfo) => {
    const run = stamp(testInfo.project.name);
    const prizeName = `Full prize ${run}`;
    const prizeId = await admin.createPrizeWith(prizeName, { total: 10, daily: 10, maintenance: 1 });
    await admin.place(prizeId, await admin.createPage(`Full stand ${run}`));

    const placements = new PlacementsPage(page);
    await placements.open();
    const random = placements.panel("Random placement");
    await placements.choose(random, "Prize", prizeName);
    await random.getByRole("button", { name: "Place prizes at random" }).click();
    const warning = page.getByRole("alert").filter({ has: placements.unplacedNotice });
    await expect(warning).toContainText(
      "Placed nothing: every prize is already on as many pages as its “Pages at once”, or has no stock or daily limit left today. The rest waits until those are won; to have more out at once, raise “Pages at once” on the prizes screen.",
    );
    await expect(warning).toContainText(`9 units of “${prizeName}” are still in stock but on no product page.`);
    expect(await wasAnnounced(page, /Placed 0/)).toBe(false);
    await placements.screenshot("placements-feedback-nothing-placed");
  });

  test("in Korean: the confirmation, the warning for nothing placed, and the delete's own confirmation", async ({
    page,
    context,
  }, testInfo) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: String(testInfo.project.use.baseURL) }]);
    const run = stamp(testInfo.project.name);
    const prizeName = `모자 ${run}`;
    const standName = `모자 부스 ${run}`;
    await admin.createPrizeWith(prizeName, { total: 3, daily: 3, maintenance: 1 });
    await admin.createPage(standName);

    await page.goto("/admin/distributions");
    await expect(page.getByRole("heading", { level: 1, name: "경품 배치" })).toBeVisible();
    const showForms = page.getByRole("button", { name: "경품 배치 · 자동 배치" });
    if (await showForms.isVisible()) await showForms.click();
    const placements = new PlacementsPage(page);
    const manual = page.getByRole("region", { name: "직접 배치", exact: true });
    await placements.choose(manual, "경품", prizeName);
    await placements.choose(manual, "제품 페이지", standName);
    await manual.getByRole("button", { name: "경품 배치" }).click();
    await placements.expectSuccess(`“${prizeName}”을(를) “${standName}”에 배치했습니다.`);
    await expect(placements.unplacedNotice).toContainText(
      `“${prizeName}” 2개가 재고에는 있지만 아직 어느 제품 페이지에도 배치되지 않았습니다.`,
    );

    const random = page.getByRole("region", { name: "랜덤 배치", exact: true });
    await placements.choose(random, "경품", prizeName);
    await random.getByRole("button", { name: "경품 랜덤 배치" }).click();
    await expect(page.getByRole("alert").filter({ has: placements.unplacedNotice })).toContainText(
      "아무것도 배치하지 않았습니다. 모든 경품이 이미 “동시 배치 페이지 수”만큼 배치되어 있거나, 오늘 남은 재고나 한도가 없습니다.",
    );
    expect(await wasAnnounced(page, /경품 0개/)).toBe(false);
    await placements.screenshot("placements-feedback-ko");

    const row = page
      .getByRole("table", { name: "배치 목록" })
      .getByRole("row")
      .filter({ has: page.getByText(standName, { exact: true }) });
    await row
      .getByRole("button", { name: `삭제 ${standName}의 ${prizeName}` })
      .filter({ visible: true })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await placements.expectSuccess(`“${standName}”에서 “${prizeName}”을(를) 뺐습니다.`);
    await expect(placements.unplacedNotice).toHaveCount(0);
  });
});
