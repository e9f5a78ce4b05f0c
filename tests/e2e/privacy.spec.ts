import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { TEST_ADMIN } from "../integration/global-setup";
import { type OwnServer, startServerWithOwnDatabase } from "../support/own-server";
import { seedPages, seedPrize } from "../support/seed";
import { expectNoNewViolations } from "./support/axe";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";

const CATALOGUES = { en, ko } as const;
type Language = keyof typeof CATALOGUES;
const CONTACT = "privacy@example.com";

/**
 * Privacy: the notice and the claim form's two boxes on a phone (390 px), the settings screen's
 * privacy section on a desktop (1440 px), in English and Korean, axe on each. On a server and database of
 * its own: it switches consent on for the whole event.
 */
test.describe("privacy", () => {
  test.describe.configure({ timeout: 180_000 });
  let own: OwnServer;
  let admin: GiveawayAdmin;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    own = await startServerWithOwnDatabase("e2eprivacy");
    admin = await GiveawayAdmin.signIn(own.server.url, TEST_ADMIN);
    await admin.stopMaintenanceMode();
    await admin.updateSettings({ consent_required: true, privacy_contact: CONTACT, retention_days: 30 });
  });
  test.afterAll(async () => {
    await admin?.dispose();
    await own?.stop();
  });

  async function contextOn(browser: Browser, testInfo: TestInfo, language: Language, signedIn = false) {
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
    return browser.newContext({
      baseURL: own.server.url,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      locale: language === "ko" ? "ko-KR" : "en-GB",
      ...(signedIn ? { storageState: await admin.sessionState() } : {}),
    });
  }

  async function noSidewaysOverflow(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  for (const language of ["en", "ko"] as const) {
    const words = CATALOGUES[language];

    // The visitor's screens are reviewed at 390 px.
    test(`the claim form's two boxes, their errors, and the notice (${language}) @phone-only`, async ({ browser }, testInfo) => {
      const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: `Privacy tote ${language}` });
      const [stand] = await seedPages(own.database.db, 1, `Privacy ${language}`, [prize]);
      const context = await contextOn(browser, testInfo, language);
      const page = await context.newPage();
      // Tapped as soon as it is there, maybe beside the page's first state call (which brings the cookies).
      await page.goto(`/p/${stand!.urlPath}`);
      const link = page.getByRole("link", { name: words.privacy.link, exact: true });
      await expect(link).toBeVisible();

      await page.getByRole("button", { name: words.visitor.page.tapTicket }).click();
      const dialog = page.getByRole("dialog", { name: words.visitor.claim.title });
      const consent = dialog.getByRole("checkbox", { name: words.privacy.consent.agree });
      const age = dialog.getByRole("checkbox", { name: words.privacy.consent.age });
      await expect(consent).not.toBeChecked();
      await expect(age).not.toBeChecked();
      await expect(dialog.getByRole("link", { name: words.privacy.consent.readNotice })).toHaveAttribute("href", /^\/privacy\?from=\w+$/);
      await dialog.getByLabel(words.visitor.claim.nickname).fill(`pv${language}`);
      await dialog.getByLabel(words.visitor.claim.password, { exact: true }).fill("4826");
      await dialog.getByRole("button", { name: words.visitor.claim.submit, exact: true }).click();
      await expect(dialog.getByText(words.visitor.claim.errors.consentRequired)).toBeVisible();
      await expect(dialog.getByText(words.visitor.claim.errors.ageRequired)).toBeVisible();
      await expect(consent).toHaveAttribute("aria-invalid", "true");
      await noSidewaysOverflow(page);
      await expectNoNewViolations(page, `claim-consent-${language}`, testInfo, []);
      await reviewScreenshot(page, `privacy-claim-errors-${language}`, { fullPage: false });

      // Ticking one box clears its error only; both ticked, the claim wins.
      await consent.check();
      await expect(dialog.getByText(words.visitor.claim.errors.consentRequired)).toHaveCount(0);
      await expect(dialog.getByText(words.visitor.claim.errors.ageRequired)).toBeVisible();
      await age.check();
      await dialog.getByRole("button", { name: words.visitor.claim.submit, exact: true }).click();
      await expect(page.getByRole("alertdialog", { name: words.visitor.result.successTitle })).toBeVisible();

      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1, name: words.privacy.notice.title })).toBeVisible();
      await expect(page.getByText(CONTACT)).toBeVisible();
      await noSidewaysOverflow(page);
      await expectNoNewViolations(page, `privacy-notice-${language}`, testInfo, []);
      await reviewScreenshot(page, `privacy-notice-${language}`);
      await context.close();
    });

    // The settings screen is reviewed at 1440 px: desktop only.
    test(`the settings screen's privacy section, with its preview (${language}) @desktop-only`, async ({ browser }, testInfo) => {
      const context = await contextOn(browser, testInfo, language, true);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/admin/settings");
      const section = page.getByRole("form", { name: words.privacy.admin.title });
      await expect(section).toBeVisible();
      await expect(section.getByLabel(words.privacy.admin.contact)).toHaveValue(CONTACT);
      await expect(section.getByRole("checkbox", { name: new RegExp(words.privacy.admin.consentRequired) })).toBeChecked();
      const preview = section.getByRole("region", {
        name: language === "en" ? words.privacy.admin.previewEn : words.privacy.admin.previewKo,
      });
      await expect(preview.getByRole("heading", { name: words.privacy.notice.title })).toBeVisible();
      await expect(preview.getByText(CONTACT)).toBeVisible();
      await expect(section.getByTestId("retention-summary")).toBeVisible();
      // Typing a notice shows it in the preview at once, before it is saved.
      const typed = language === "en" ? "Our own notice, first paragraph." : "우리 행사의 안내문 첫 문단이에요.";
      await section.getByLabel(language === "en" ? words.privacy.admin.noticeEn : words.privacy.admin.noticeKo).fill(typed);
      await expect(preview.getByText(typed)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await expectNoNewViolations(page, `settings-privacy-${language}`, testInfo, []);
      await reviewScreenshot(page, `privacy-settings-${language}`);
      await section.getByRole("button", { name: words.privacy.admin.undo }).click();
      await context.close();
    });
  }

  // One width is enough for the action: desktop only.
  test("the winners screen erases a winner's personal data after a typed confirmation @desktop-only", async ({ browser }, testInfo) => {
    const words = en.privacy.winners;
    const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: "Privacy cap" });
    const [stand] = await seedPages(own.database.db, 1, "Privacy erase", [prize]);
    const nickname = "eraseme";
    const phone = await contextOn(browser, testInfo, "en");
    const claim = `/api/p/${stand!.urlPath}/prize/claim/`;
    await phone.request.get("/api/health/");
    const csrf = (await phone.storageState()).cookies.find((cookie) => cookie.name === "csrftoken")?.value ?? "";
    expect((await phone.request.post(claim, { headers: { "X-CSRFToken": csrf } })).status()).toBe(200);
    const won = await phone.request.post(claim, {
      headers: { "X-CSRFToken": csrf },
      data: { name: nickname, password: "5813", consent: true, age_confirmed: true },
    });
    expect(won.status()).toBe(201);
    await phone.close();

    const context = await contextOn(browser, testInfo, "en", true);
    const page = await context.newPage();
    await page.goto("/admin/winners");
    await page.getByRole("button", { name: `${words.erase} ${nickname}` }).click();
    const dialog = page.getByRole("dialog", { name: words.eraseTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox").fill("wrong");
    await dialog.getByRole("button", { name: words.eraseConfirm, exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(en.ui.confirmByTyping.mismatch);
    await expectNoNewViolations(page, "winners-erase", testInfo, []);
    await reviewScreenshot(page, "privacy-winners-erase", { fullPage: false });
    await dialog.getByRole("textbox").fill(words.erasePhrase);
    await dialog.getByRole("button", { name: words.eraseConfirm, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(words.erasedBadge, { exact: true })).toBeVisible();
    await expect(page.getByText(nickname, { exact: true })).toHaveCount(0);
    await context.close();
  });
});
