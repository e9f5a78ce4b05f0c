import type { Locator, Page } from "@playwright/test";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { ProductPage } from "./pages/product-page";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin, PageAllocator, signInWithPrize } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";
import { secondsShown } from "./support/visitors";

// The visitor page's fixes, in English and Korean, at 390 and 1440 px: a reload mid-form keeps the
// hold; the prize named and pictured before the tap (and the organiser's switch for it); the phone's own
// wins listed on every stand's page.

const LANGUAGES = { en: { locale: "en-GB", words: en }, ko: { locale: "ko-KR", words: ko } } as const;

let admin: GiveawayAdmin;
let pages: PageAllocator;
let prizeName: string;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin } = await signInWithPrize(testInfo, "Fixes"));
  // A prize of its own with a picture: the page shows it before the tap.
  prizeName = `Amber lamp ${testInfo.project.name} ${Date.now()}`;
  const prizeId = await admin.createPrizeWithPicture(prizeName);
  pages = new PageAllocator(admin, prizeId, `Fixes ${testInfo.project.name} ${Date.now()}`);
});

test.afterAll(async () => {
  await admin?.dispose();
});

// The widths the screens are reviewed at: a 390 px phone, a 1440 px desktop.
test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
});

/** Opens the visitor page until it shows `shown`: the page's state may be read half a second old. */
async function openVisitorPageShowing(page: Page, urlPath: string, shown: Locator) {
  await expect(async () => {
    await page.goto(`/p/${urlPath}`);
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

async function expectNoSidewaysOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const [language, { locale, words }] of Object.entries(LANGUAGES)) {
  test.describe(`the visitor's page fixes (${language})`, { tag: "@phone-only" }, () => {
    test.use({ locale });
    const visitor = words.visitor;

    function screen(page: Page) {
      const claimDialog = page.getByRole("dialog", { name: visitor.claim.title });
      return {
        ticket: page.getByRole("button", { name: visitor.page.tapTicket }),
        claimDialog,
        nickname: claimDialog.getByLabel(visitor.claim.nickname),
        password: claimDialog.getByLabel(visitor.claim.password, { exact: true }),
        countdown: claimDialog.getByRole("timer"),
        submit: claimDialog.getByRole("button", { name: visitor.claim.submit, exact: true }),
        winTitle: page.getByRole("heading", { name: visitor.page.youWon.replace("{prize}", prizeName) }),
      };
    }

    test("a reload mid-form brings the form back with the seconds left, and the claim succeeds", async ({ page }) => {
      const urlPath = await pages.withPrize();
      const product = new ProductPage(page);
      const parts = screen(page);
      await product.open(urlPath);
      await expect(parts.ticket).toBeVisible();
      const reserved = page.waitForResponse(
        (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST",
      );
      await parts.ticket.click();
      expect((await reserved).status()).toBe(200);
      await expect(parts.claimDialog).toBeVisible();
      await parts.nickname.fill("Reloader");
      const before = secondsShown(await parts.countdown.textContent().then((text) => text?.replace("초", "s") ?? null));

      // The browser asks before leaving a held prize; the visitor reloads anyway.
      page.on("dialog", (dialog) => void dialog.accept());
      await page.reload();
      await expect(parts.claimDialog).toBeVisible();
      await expect(parts.nickname).toBeFocused();
      // The same countdown, going on: never a fresh minute, never "someone else".
      const after = secondsShown(await parts.countdown.textContent().then((text) => text?.replace("초", "s") ?? null));
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(before);
      // Not "someone else is claiming it": that someone is this visitor.
      await expect(page.getByText(visitor.page.heldTitle)).toBeHidden();
      await expectNoSidewaysOverflow(page);
      await product.screenshot(`${language}-reloaded-form`);

      await parts.nickname.fill("Reloader");
      await parts.password.fill("2468");
      await parts.submit.click();
      await expect(parts.winTitle.first()).toBeVisible();
    });

    test("the prize is named and pictured before the tap; switched off, the page keeps it a surprise", async ({ page }) => {
      const urlPath = await pages.withPrize();
      const shown = page.locator("[data-prize-shown]");
      try {
        await openVisitorPageShowing(page, urlPath, shown);
        await expect(shown).toContainText(visitor.page.prizeShownLabel);
        await expect(shown).toContainText(prizeName);
        await expect.poll(() => shown.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        await expect(screen(page).ticket).toBeVisible();
        await expect(screen(page).ticket).toBeInViewport({ ratio: 0.3 });
        await expectNoSidewaysOverflow(page);
        await new ProductPage(page).screenshot(`${language}-prize-before-tap`);

        await admin.updateSettings({ show_prize_before_tap: false });
        await openVisitorPageShowing(page, urlPath, page.getByRole("heading", { name: visitor.page.foundPrize }));
        await expect(async () => {
          await page.reload();
          await expect(shown).toHaveCount(0, { timeout: 1_000 });
        }).toPass();
        await expect(page.getByText(prizeName)).toHaveCount(0);
        await expect(screen(page).ticket).toBeVisible();
      } finally {
        await admin.updateSettings({ show_prize_before_tap: true });
      }
    });

    test("every stand's page lists the phone's wins, collected or not, with a link to the win card", async ({ page }) => {
      const wonHere = await pages.withPrize();
      const elsewhere = await pages.withoutPrize();
      const product = new ProductPage(page);
      const parts = screen(page);
      const nickname = `Finder${language}${Date.now() % 1000}`.slice(0, 10);
      await product.open(wonHere);
      const reserved = page.waitForResponse(
        (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST",
      );
      await parts.ticket.click();
      expect((await reserved).status()).toBe(200);
      await parts.nickname.fill(nickname);
      await parts.password.fill("1357");
      await parts.submit.click();
      await expect(parts.winTitle.first()).toBeVisible();

      await product.open(elsewhere);
      const strip = page.getByRole("region", { name: visitor.page.myWinsTitle });
      await expect(strip).toBeVisible();
      await expect(strip).toContainText(prizeName);
      await expect(strip).toContainText(visitor.page.myWinsWaiting);
      await expectNoSidewaysOverflow(page);
      await strip.scrollIntoViewIfNeeded();
      await reviewScreenshot(page, `public-${language}-my-wins`);

      // The desk hands it over: the strip says so on the next visit.
      await admin.handOver(nickname, "1357");
      await page.reload();
      await expect(strip).toContainText(visitor.page.myWinsReceived);
      // Its link leads to the stand where it was won, and the win card there.
      await strip.getByRole("link", { name: visitor.page.myWinsShowCard }).click();
      await expect(page).toHaveURL(new RegExp(`/p/${wonHere}$`));
      await expect(parts.winTitle.first()).toBeVisible();
      await expect(page.getByTestId("won-nickname")).toHaveText(nickname);
      // The stand where it was won shows its card, not the strip again.
      await expect(strip).toHaveCount(0);
    });
  });
}

test.describe("the organiser's switch", { tag: "@desktop-only" }, () => {
  test.use({ signedIn: true });

  for (const [language, { locale, words }] of Object.entries(LANGUAGES)) {
    test.describe(language, () => {
      test.use({ locale });
      const settings = words.admin.settings;

      test(`the settings screen switches the prize before the tap off and on (${language})`, async ({ page }) => {
        try {
          await page.goto("/admin/settings");
          const box = page.getByRole("checkbox", { name: settings.showPrizeBeforeTap });
          await expect(box).toBeChecked();
          await expect(page.getByText(settings.showPrizeBeforeTapHelp)).toBeVisible();
          await box.uncheck();
          await page.getByRole("button", { name: settings.save }).click();
          await expectAnnounced(page, settings.saved);
          const saved = await page.request.get("/api/admin/settings/");
          expect(((await saved.json()) as { show_prize_before_tap: boolean }).show_prize_before_tap).toBe(false);
          await box.scrollIntoViewIfNeeded();
          await reviewScreenshot(page, `settings-${language}-prize-before-tap`);
        } finally {
          const back = await GiveawayAdmin.signIn(String(test.info().project.use.baseURL));
          await back.updateSettings({ show_prize_before_tap: true });
          await back.dispose();
        }
      });
    });
  }
});
