import type { Page } from "@playwright/test";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

test.use({ signedIn: true });

const CATALOGUES = { en, ko } as const;

async function expectNoSidewaysOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * The event's clock and names in the visitor's language, in English and in Korean at the widths the screens are reviewed at (390 px and
 * 1440 px): the settings screen's time zone, the prize form's names in the other languages, and a visitor
 * reading the product and the prize in their own language.
 */
for (const language of ["en", "ko"] as const) {
  const words = CATALOGUES[language];
  test.describe(`the event's clock and names, in ${language}`, () => {
    test.use({ locale: language === "ko" ? "ko-KR" : "en-GB" });

    test.beforeEach(async ({ page }, testInfo) => {
      await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    });

    test("the settings screen sets the event's time zone, showing its offset", { tag: "@desktop-only" }, async ({ page, baseURL }) => {
      const admin = await GiveawayAdmin.signIn(String(baseURL));
      try {
        await page.goto("/admin/settings");
        const field = page.getByRole("combobox", { name: words.admin.settings.timeZoneField });
        await expect(field).toHaveValue("");
        // Bogotá is five hours behind UTC all year (New York is too only outside its summer time).
        await field.fill("America/Bogota");
        await expect(page.getByText(/-05:00/)).toBeVisible();
        await field.fill("Mars/Olympus");
        await expect(page.getByText(words.admin.settings.timeZoneUnknown)).toBeVisible();
        await field.fill("Asia/Seoul");
        await expect(page.getByText(/\+09:00/)).toBeVisible();
        await expectNoSidewaysOverflow(page);
        await field.scrollIntoViewIfNeeded();
        await reviewScreenshot(page, `time-zone-${language}`);
        await page.getByRole("button", { name: words.admin.settings.save }).click();
        await expectAnnounced(page, words.admin.settings.saved);
        // Saved: the screen's line names the event's clock.
        await expect(page.getByText(/Asia\/Seoul/).first()).toBeVisible();
        await page.reload();
        await expect(page.getByRole("combobox", { name: words.admin.settings.timeZoneField })).toHaveValue("Asia/Seoul");
      } finally {
        await admin.updateSettings({ time_zone: null });
        await admin.dispose();
      }
    });

    test("the prize form takes the name in English and in Korean", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
      const name = `Form ${language} ${testInfo.project.name} ${Date.now()}`;
      await page.goto("/admin/prizes");
      await page.getByRole("button", { name: words.admin.prizes.catalogue.add }).first().click();
      const panel = page.getByRole("region", { name: words.admin.prizes.catalogue.add });
      await expect(panel).toBeVisible();
      await panel.getByRole("textbox", { name: words.common.name, exact: true }).fill(name);
      await panel.getByRole("textbox", { name: words.common.nameEn }).fill(`Tote ${name}`);
      await panel.getByRole("textbox", { name: words.common.nameKo }).fill(`토트백 ${name}`);
      await expectNoSidewaysOverflow(page);
      await panel.getByRole("textbox", { name: words.common.nameEn }).scrollIntoViewIfNeeded();
      await reviewScreenshot(page, `prize-form-names-${language}`, { fullPage: false });
      await panel.getByRole("button", { name: words.common.save }).click();
      await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    });

    test("a visitor reads the product and the prize in their own language", { tag: "@phone-only" }, async ({ page, baseURL }, testInfo) => {
      const admin = await GiveawayAdmin.signIn(String(baseURL));
      const stamp = `${testInfo.project.name} ${Date.now()}`;
      try {
        await admin.stopMaintenanceMode();
        const prizeId = await admin.createPrizeWith(
          `친환경 에코백 ${stamp}`,
          { total: 5, daily: 5, maintenance: 1 },
          { name_en: `Eco tote ${stamp}` },
        );
        const productPage = await admin.createPage(`부스 ${stamp}`, { name_en: `Green stand ${stamp}`, name_ko: `그린 부스 ${stamp}` });
        await admin.place(prizeId, productPage);
        await page.goto(`/p/${productPage.urlPath}`);
        const productName = language === "en" ? `Green stand ${stamp}` : `그린 부스 ${stamp}`;
        await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();

        const visitor = words.visitor;
        await page.getByRole("button", { name: visitor.page.tapTicket }).click();
        const claim = page.getByRole("dialog", { name: visitor.claim.title });
        await expect(claim).toBeVisible();
        await claim.getByLabel(visitor.claim.nickname).fill("Reader");
        await claim.getByLabel(visitor.claim.password, { exact: true }).fill("2580");
        await claim.getByRole("button", { name: visitor.claim.submit, exact: true }).click();
        const result = page.getByRole("alertdialog", { name: visitor.result.successTitle });
        await expect(result).toBeVisible();
        // English given: an English visitor reads it; none in Korean: a Korean visitor reads the main name.
        const prizeName = language === "en" ? `Eco tote ${stamp}` : `친환경 에코백 ${stamp}`;
        await expect(result).toContainText(prizeName);
        await expectNoSidewaysOverflow(page);
        await reviewScreenshot(page, `visitor-names-${language}`, { fullPage: false });
      } finally {
        await admin.dispose();
      }
    });
  });
}
