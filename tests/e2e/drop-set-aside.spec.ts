import type { Locator, Page } from "@playwright/test";
import { PlacementsPage } from "./pages/placements";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { screenshotAsIs } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

// Signed in from the start: these tests are about the placements screen, not the sign-in form.
test.use({ signedIn: true });

const stamp = (project: string) => `${project} ${Date.now().toString(36)}`;

/** The widths the screen is reviewed at: 1440 px on the desktop project, 390 px on the phone one. */
async function reviewWidth(page: Page, project: string) {
  await page.setViewportSize(project === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
}

/** Types part of a page's name into a picker and reads the matching option (with its mark, if any). */
async function optionFor(panel: Locator, label: string, name: string): Promise<Locator> {
  await panel.getByRole("combobox", { name: label, exact: true }).fill(name);
  const option = panel.getByRole("listbox", { name: label }).getByRole("option").filter({ hasText: name });
  await expect(option).toHaveCount(1);
  return option;
}

/**
 * A new prize with the default "Pages at once" of 1 is placed at once (automatically, or by hand): a timed
 * drop of it must still be possible. The drop is set aside apart from automatic placement, the page pickers
 * mark pages that hold a prize or a drop, and each refusal says what to do next.
 */
test.describe("a drop for a prize already placed", { tag: "@desktop-only" }, () => {
  let admin: GiveawayAdmin;

  test.beforeEach(async ({ page }, testInfo) => {
    admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    await admin.stopMaintenanceMode();
    await reviewWidth(page, testInfo.project.name);
  });
  test.afterEach(async () => {
    await admin.clearPlacements();
    await admin.dispose();
  });

  test("is scheduled beside its live placement; the pickers mark taken pages; refusals say what to do", async ({ page }, testInfo) => {
    const run = stamp(testInfo.project.name);
    const prizeName = `Tote ${run}`;
    const otherName = `Mug ${run}`;
    const prizeId = await admin.createPrizeWith(prizeName, { total: 10, daily: 5, maintenance: 1 });
    await admin.createPrizeWith(otherName, { total: 10, daily: 10, maintenance: 5 });
    const livePage = `Live stand ${run}`;
    const dropPage = `Drop stand ${run}`;
    const spare = `Spare stand ${run}`;
    await admin.place(prizeId, await admin.createPage(livePage));
    await admin.createPage(dropPage);
    await admin.createPage(spare);

    const placements = new PlacementsPage(page);
    await placements.open();
    const drop = placements.panel("Schedule a drop");
    await placements.choose(drop, "Prize", prizeName);
    // The page picker says which page already holds a prize, and which.
    await expect(await optionFor(drop, "Product page", livePage)).toContainText(`Has “${prizeName}” now`);
    // The open list with its mark, where the organiser sees it (a full-page capture scrolls to the top).
    await screenshotAsIs(page, `placements-picker-mark-${testInfo.project.name}`);
    await expect(await optionFor(drop, "Product page", dropPage)).not.toContainText("Has");
    await placements.choose(drop, "Product page", dropPage);
    await drop.getByRole("button", { name: "Schedule the drop" }).click();
    await placements.expectSuccess(new RegExp(`“${prizeName}” drops on “${dropPage}” at`));
    await expect(placements.panel("Scheduled drops").getByRole("listitem").filter({ hasText: prizeName })).toContainText(dropPage);
    // Still one live placement outside the drop: Pages at once did not count the drop.
    await expect(placements.row(livePage).getByText("Active", { exact: true }).filter({ visible: true })).toBeVisible();

    // By hand, the prize is at its Pages at once: the refusal says how to place more, and that drops still can be.
    const manual = placements.panel("Place by hand");
    await placements.choose(manual, "Prize", prizeName);
    await placements.choose(manual, "Product page", spare);
    await manual.getByRole("button", { name: "Place prize" }).click();
    await expect(manual.getByRole("alert")).toHaveText(
      "This prize already has its target of 1 live placement. To have it on more pages at once, raise its “Pages at once” on the prizes screen, or take one of its placements off first. A scheduled drop does not count towards it: you can still schedule one.",
    );

    // The drop's page is set aside for it: marked in the picker, and another prize is refused there, naming the drop.
    await placements.choose(manual, "Prize", otherName);
    const marked = await optionFor(manual, "Product page", dropPage);
    await expect(marked).toContainText(`Set aside for the drop of “${prizeName}” at`);
    await marked.click();
    await expect(manual.getByText(`Set aside for the drop of “${prizeName}” at`).filter({ visible: true })).toBeVisible();
    await manual.getByRole("button", { name: "Place prize" }).click();
    await expect(manual.getByRole("alert")).toContainText(
      new RegExp(
        `^“${dropPage}” is set aside for the drop of “${prizeName}” at .+: choose another page, or move or cancel that drop under “Scheduled drops”\\.$`,
      ),
    );
    await placements.screenshot("placements-drop-set-aside");
  });

  test("in Korean: the drop is scheduled, the picker marks the pages, the refusal says what to do", async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: String(testInfo.project.use.baseURL) }]);
    const run = stamp(testInfo.project.name);
    const prizeName = `에코백 ${run}`;
    const livePage = `배치 부스 ${run}`;
    const dropPage = `공개 부스 ${run}`;
    const prizeId = await admin.createPrizeWith(prizeName, { total: 10, daily: 2, maintenance: 1 });
    await admin.place(prizeId, await admin.createPage(livePage));
    await admin.createPage(dropPage);

    await page.goto("/admin/distributions");
    await expect(page.getByRole("heading", { level: 1, name: "경품 배치" })).toBeVisible();
    const showForms = page.getByRole("button", { name: "경품 배치 · 자동 배치" });
    if (await showForms.isVisible()) await showForms.click();
    const placements = new PlacementsPage(page);
    const drop = page.getByRole("region", { name: "경품 공개 예약", exact: true });
    await placements.choose(drop, "경품", prizeName);
    await expect(await optionFor(drop, "제품 페이지", livePage)).toContainText(`지금 “${prizeName}” 경품이 있음`);
    await placements.choose(drop, "제품 페이지", dropPage);
    await drop.getByRole("button", { name: "공개 예약" }).click();
    await placements.expectSuccess(new RegExp(`“${prizeName}” 경품이 .+에 “${dropPage}”에서 공개돼요\\.`));

    const manual = page.getByRole("region", { name: "직접 배치", exact: true });
    await placements.choose(manual, "경품", prizeName);
    const marked = await optionFor(manual, "제품 페이지", dropPage);
    await expect(marked).toContainText(`공개될 “${prizeName}” 경품 자리로 예약됨`);
    await marked.click();
    await manual.getByRole("button", { name: "경품 배치" }).click();
    await expect(manual.getByRole("alert")).toContainText(
      new RegExp(
        `^“${dropPage}”은\\(는\\) .+에 공개될 “${prizeName}” 경품 자리로 예약되어 있습니다\\. 다른 페이지를 고르거나, “예약된 공개”에서 그 공개의 시각을 바꾸거나 취소하세요\\.$`,
      ),
    );
    await placements.screenshot("placements-drop-set-aside-ko");
  });
});
