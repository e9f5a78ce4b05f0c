import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { AdminPages } from "./pages/admin";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin, signInWithPrize } from "./support/giveaway-admin";
import { reviewScreenshot, screenshotAsIs } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

const BRANDING = { event_name: "Spring Fair 2027", primary_color: "#0f766e", footer_text: "Collect your prize at Hall B, desk 3" };
const DEFAULTS = {
  event_name: null,
  event_name_en: null,
  event_name_ko: null,
  primary_color: null,
  footer_text: null,
  footer_text_en: null,
  footer_text_ko: null,
};
/** #0f766e as the browser reports a computed colour. */
const TEAL = "rgb(15, 118, 110)";

/** A wide logo with a mark and a word, as an organiser's would be. */
function logoPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"><rect width="480" height="120" rx="16" fill="#fff"/>
    <circle cx="60" cy="60" r="40" fill="#0f766e"/><text x="120" y="80" font-family="sans-serif" font-size="56" font-weight="700" fill="#134e4a">SPRING</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function backgroundOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

/**
 * The event's face. Branding applies to every page the server shows, so every test puts the
 * defaults back (the other specs share this server).
 */
test.describe("branding", () => {
  test.afterEach(async ({ baseURL }) => {
    const admin = await GiveawayAdmin.signIn(String(baseURL));
    await admin.updateSettings(DEFAULTS);
    await admin.removeLogo();
    await admin.dispose();
  });

  test("a branded visitor page, sign-in page and print sheet: the event's name, logo, colour and footer", async ({ page }, testInfo) => {
    const { admin, pages } = await signInWithPrize(testInfo, "Brand");
    const urlPath = await pages.withPrize();
    try {
      // Today's look first: the default name, the rose header.
      await page.goto(`/p/${urlPath}`);
      await expect(page.getByTestId("event-name")).toHaveText("Prize Giveaway");
      expect(await backgroundOf(page, "header")).not.toBe(TEAL);

      await admin.updateSettings(BRANDING);
      await admin.uploadLogo(await logoPicture());
      // Each instance reads a page's state at most twice a second (lib/public-page.ts): a load within half a
      // second of the one above may still show the old branding. The next one after that shows the new.
      await expect(async () => {
        await page.goto(`/p/${urlPath}`);
        await expect(page.getByTestId("event-name")).toHaveText("Spring Fair 2027", { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(page).toHaveTitle(/\| Spring Fair 2027$/);
      await expect(page.getByText("Collect your prize at Hall B, desk 3")).toBeVisible();
      expect(await backgroundOf(page, "header")).toBe(TEAL);
      const logo = page.locator("header img");
      await expect(logo).toBeVisible();
      // The header's logo asks for a resized copy, never the stored 1200 px original.
      expect(await logo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\?w=\d+$/);
      await expect(page.locator("[data-ticket]")).toBeVisible();
      await reviewScreenshot(page, "branding-visitor");

      await page.goto("/admin/login");
      await expect(page.getByTestId("event-name")).toHaveText("Spring Fair 2027");
      await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
      expect(await backgroundOf(page, "button[type=submit]")).toBe(TEAL);
      await reviewScreenshot(page, "branding-sign-in");

      await new AdminPages(page).signIn(E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.goto("/admin/products/print");
      await expect(page.getByTestId("event-name").first()).toHaveText("Spring Fair 2027");
      await reviewScreenshot(page, "branding-print", { fullPage: false });
    } finally {
      await admin.dispose();
    }
  });

  test("the big screen takes a new name, colour and logo live, without a reload @desktop-only", async ({ page, baseURL }) => {
    const admin = await GiveawayAdmin.signIn(String(baseURL));
    try {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(`/display/${await admin.displayToken()}?theme=light`);
      await expect(page.getByTestId("event-name")).toHaveText("Prize Giveaway");
      await expect(page.getByText("Live", { exact: true })).toBeVisible();
      const colourOfName = () => page.getByTestId("event-name").evaluate((element) => getComputedStyle(element).color);
      const defaultColour = await colourOfName();
      // Marks this document: a reload would lose it.
      await page.evaluate(() => document.documentElement.setAttribute("data-not-reloaded", ""));
      await admin.updateSettings(BRANDING);
      await admin.uploadLogo(await logoPicture());
      await expect(page.getByTestId("event-name")).toHaveText("Spring Fair 2027");
      await expect(page.locator("header img")).toBeVisible();
      expect(await colourOfName()).not.toBe(defaultColour);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim())).toBe(
        "#0f766e",
      );
      await expect(page.locator("html[data-not-reloaded]")).toHaveCount(1);
      await screenshotAsIs(page, "branding-big-screen");
    } finally {
      await admin.dispose();
    }
  });

  test("the settings screen refuses a colour white text cannot be read on, and says why", { tag: "@desktop-only" }, async ({ page }) => {
    const shell = new AdminPages(page);
    await shell.openLogin();
    await shell.signIn(E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/settings");
    const branding = page.getByRole("form", { name: "Branding" });
    await branding.getByLabel("Event name (English)").fill("Spring Fair 2027");
    await branding.getByLabel("Primary colour", { exact: true }).fill("#ffcc00");
    await expect(branding.getByText("too faint to read (1.5:1; it needs 4.5:1 or more)")).toBeVisible();
    await expect(branding.getByRole("button", { name: "Save branding" })).toBeDisabled();
    await reviewScreenshot(page, "branding-settings-refused");

    await branding.getByLabel("Primary colour", { exact: true }).fill("#0f766e");
    await branding.getByRole("button", { name: "Save branding" }).click();
    await expectAnnounced(page, "The branding is saved.");
    // The admin area takes the colour on its next page load.
    await page.reload();
    await expect(branding.getByLabel("Event name (English)")).toHaveValue("Spring Fair 2027");
    expect(await backgroundOf(page, "form[aria-label=Branding] button[type=submit]")).toBe(TEAL);
    await reviewScreenshot(page, "branding-settings");
  });
});
