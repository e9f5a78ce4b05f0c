import type { Page } from "@playwright/test";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { ProductPage } from "./pages/product-page";
import { expectAnnounced } from "./support/announcements";
import { runAxe } from "./support/axe";
import { type GiveawayAdmin, type PageAllocator, signInWithPrize } from "./support/giveaway-admin";
import { reviewScreenshot, screenshotAsIs } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

// What a first visitor still tripped on (server-behaviour.md: "Branding", "Privacy", "The phone's wins"): the event's name
// and footer in the visitor's language, a custom privacy notice that keeps the contact and the rights, the
// prize named on the first screen and in a drop's countdown, a reload that keeps what was typed, and "Your
// prizes" saying by when and where. Visitors in English at 390 px; the branding screen in Korean at 1440 px.

const NAMES = {
  event_name_en: "Spring Fair",
  event_name_ko: "봄 축제",
  footer_text_en: "Collect at Hall B",
  footer_text_ko: "B홀에서 받아 가세요",
};
const BRANDING_DEFAULTS = {
  event_name: null,
  event_name_en: null,
  event_name_ko: null,
  footer_text: null,
  footer_text_en: null,
  footer_text_ko: null,
};
const PAGE_SETTINGS_DEFAULTS = { privacy_contact: null, privacy_notice_en: null, collect_within_minutes: null, desk_location_en: null };
const visitor = en.visitor;

let admin: GiveawayAdmin;
let pages: PageAllocator;
let prizeName: string;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin, pages, prizeName } = await signInWithPrize(testInfo, "Field"));
});
test.afterEach(async () => {
  // Event-wide settings: put back for the specs that share this server.
  await admin.updateSettings({ ...BRANDING_DEFAULTS, ...PAGE_SETTINGS_DEFAULTS });
});
test.afterAll(async () => {
  await admin?.dispose();
});

test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
});

/** Opens the page until its brand bar names `name`: the page's state may be read half a second old. */
async function openShowingName(page: Page, urlPath: string, name: string) {
  await expect(async () => {
    await page.goto(`/p/${urlPath}`);
    await expect(page.getByTestId("event-name")).toHaveText(name, { timeout: 1_000 });
  }).toPass();
}

test.describe("an English visitor at 390 px", () => {
  test.use({ locale: "en-GB" });

  test("@phone-only reads the event's name and footer in English; a Korean reader reads them in Korean", async ({
    page,
    context,
    baseURL,
  }) => {
    const urlPath = await pages.withoutPrize();
    await admin.updateSettings(NAMES);
    await openShowingName(page, urlPath, "Spring Fair");
    await expect(page).toHaveTitle(/\| Spring Fair$/);
    await expect(page.getByRole("contentinfo")).toContainText("Collect at Hall B");
    await expect(page.getByText("봄 축제")).toHaveCount(0);
    await expect(page.getByText("B홀에서 받아 가세요")).toHaveCount(0);
    await reviewScreenshot(page, "visitor-branding-en");

    await context.addCookies([{ name: "NEXT_LOCALE", value: "ko", url: String(baseURL) }]);
    await openShowingName(page, urlPath, "봄 축제");
    await expect(page.getByRole("contentinfo")).toContainText("B홀에서 받아 가세요");
    await expect(page.getByText("Collect at Hall B")).toHaveCount(0);
  });

  test("@phone-only a notice of the organiser's own keeps the contact and the rights, and leads back to the product", async ({ page }) => {
    const standName = `Lantern ${Date.now().toString(36)}`;
    const stand = await admin.createPage(standName);
    await admin.updateSettings({
      privacy_contact: "privacy@example.com",
      privacy_notice_en: "We also photograph the winners for the newsletter.\n\nAsk us to leave you out.",
    });
    await new ProductPage(page).open(stand.urlPath);
    await page.getByRole("contentinfo").getByRole("link", { name: en.privacy.link }).click();
    await expect(page).toHaveURL(new RegExp(`/privacy\\?from=${stand.urlPath}$`));
    const notice = page.getByRole("article");
    await expect(notice).toContainText("We also photograph the winners for the newsletter.");
    await expect(notice).toContainText("To ask about it: privacy@example.com.");
    await expect(notice).toContainText("You may refuse.");
    await expect(notice).toContainText("How long: 30 days");
    await reviewScreenshot(page, "visitor-privacy-custom-en");
    await page
      .getByRole("link", { name: `Back to ${standName}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/p/${stand.urlPath}$`));
  });

  test("@phone-only the prize's name is on the first screen, above the ticket", async ({ page }) => {
    const urlPath = await pages.withPrize();
    await new ProductPage(page).open(urlPath);
    const shown = page.locator("[data-prize-shown]");
    const ticket = page.getByRole("button", { name: visitor.page.tapTicket });
    await expect(shown).toContainText(prizeName);
    await expect(shown).toBeInViewport();
    const [prizeBox, ticketBox] = await Promise.all([shown.boundingBox(), ticket.boundingBox()]);
    expect(prizeBox!.y + prizeBox!.height).toBeLessThanOrEqual(ticketBox!.y);
    await reviewScreenshot(page, "visitor-prize-above-ticket-en", { fullPage: false });
    // The ticket stays on the first screen too.
    await expect(ticket).toBeInViewport({ ratio: 0.3 });
  });

  test("@phone-only an announced drop's countdown names the prize that drops", async ({ page }, testInfo) => {
    const dropPrize = `Golden kite ${testInfo.project.name} ${Date.now().toString(36)}`;
    const prizeId = await admin.createPrize(dropPrize);
    const stand = await admin.createPage(`Kite stand ${Date.now().toString(36)}`);
    const dropId = await admin.scheduleDrop(prizeId, stand, (await admin.serverNow(stand.urlPath)) + 10 * 60_000);
    try {
      await new ProductPage(page).open(stand.urlPath);
      const note = page.locator("[data-drop-at]");
      await expect(note.getByRole("heading", { name: visitor.drop.title })).toBeVisible();
      await expect(note.locator("[data-prize-shown]")).toContainText(visitor.drop.prizeLabel);
      await expect(note.getByTestId("prize-shown-name")).toHaveText(dropPrize);
      await expect(note.getByTestId("prize-shown-name")).toBeInViewport();
      await reviewScreenshot(page, "visitor-drop-names-prize-en", { fullPage: false });
    } finally {
      await admin.removePlacement(dropId);
    }
  });

  test("@phone-only a reload mid-form keeps the nickname and code typed for that hold, and forgets them with the win", async ({ page }) => {
    const urlPath = await pages.withPrize();
    const product = new ProductPage(page);
    await product.open(urlPath);
    await product.ticket.click();
    await expect(product.claimDialog).toBeVisible();
    await product.nickname.fill("Keeper");
    await product.password.fill("4321");
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(product.claimDialog).toBeVisible();
    await expect(product.nickname).toHaveValue("Keeper");
    await expect(product.password).toHaveValue("4321");
    await reviewScreenshot(page, "visitor-reload-keeps-typing-en", { fullPage: false });

    await product.claimDialog.getByRole("button", { name: visitor.claim.submit, exact: true }).click();
    await expect(page.getByTestId("won-nickname").first()).toHaveText("Keeper");
    // Never kept past the win: the phone keeps the win card (kept-win.ts), not the form's draft.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("claim-draft:")))).toEqual([]);
  });

  test("@phone-only a draft goes with the hold: a form closed and a page reloaded after it start empty", async ({ page }) => {
    const urlPath = await pages.withPrize();
    const product = new ProductPage(page);
    await product.open(urlPath);
    await product.ticket.click();
    await product.nickname.fill("Leaver");
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).length)).toBe(1);
    await product.claimDialog.getByRole("button", { name: visitor.claim.cancel, exact: true }).click();
    await expect(product.claimDialog).toBeHidden();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("claim-draft:")))).toEqual([]);
  });

  test('@phone-only "Your prizes" says by when and where to collect each prize, on its card', async ({ page }) => {
    await admin.updateSettings({ collect_within_minutes: 30, desk_location_en: "Hall B, desk 3" });
    const wonHere = await pages.withPrize();
    const elsewhere = await pages.withoutPrize();
    const product = new ProductPage(page);
    await product.open(wonHere);
    await product.ticket.click();
    await product.nickname.fill("Carded");
    await product.password.fill("1357");
    await product.claimDialog.getByRole("button", { name: visitor.claim.submit, exact: true }).click();
    await expect(page.getByTestId("won-nickname").first()).toHaveText("Carded");

    await product.open(elsewhere);
    const strip = page.getByRole("region", { name: visitor.page.myWinsTitle });
    await expect(strip.getByTestId("my-win-collect")).toHaveText(/^Collect by \d{1,2}:\d{2}( [AP]M)? at Hall B, desk 3\.$/);
    await strip.scrollIntoViewIfNeeded();
    await reviewScreenshot(page, "visitor-my-wins-deadline-en", { fullPage: false });
  });
});

test.describe("the placeholder of a picture that is missing", () => {
  test.use({ locale: "en-GB" });

  test("@phone-only reads at WCAG AA contrast at 390 px", async ({ page }) => {
    const urlPath = await pages.withoutPrize();
    // The stand's picture does not arrive: the page draws its placeholder in the picture's place.
    await page.route("**/api/images/**", (route) => route.abort());
    await page.goto(`/p/${urlPath}`);
    const placeholder = page.getByText(visitor.page.imageFailed);
    await expect(placeholder).toBeVisible();
    const results = await runAxe(page, { include: "main", rules: ["color-contrast"] });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
    expect(results.passes.flatMap((rule) => rule.nodes.map((node) => node.html)).join("\n")).toContain(visitor.page.imageFailed);
  });
});

test.describe("the branding screen in Korean at 1440 px", () => {
  test.use({ signedIn: true, locale: "ko-KR" });
  const words = ko.admin.branding;

  test("@desktop-only edits the event's name and footer in both languages side by side, and saves them", async ({ page }) => {
    await page.goto("/admin/settings");
    const form = page.getByRole("form", { name: words.title });
    const nameEn = form.getByLabel(words.eventName.en);
    const nameKo = form.getByLabel(words.eventName.ko);
    const [enBox, koBox] = await Promise.all([nameEn.boundingBox(), nameKo.boundingBox()]);
    expect(koBox!.y).toBe(enBox!.y);
    expect(koBox!.x).toBeGreaterThan(enBox!.x + enBox!.width);
    await nameEn.fill(NAMES.event_name_en);
    await nameKo.fill(NAMES.event_name_ko);
    await form.getByLabel(words.footer.en).fill(NAMES.footer_text_en);
    await form.getByLabel(words.footer.ko).fill(NAMES.footer_text_ko);
    await form.getByRole("button", { name: words.save }).click();
    await expectAnnounced(page, words.saved);
    // The branding card itself, well down a long settings page (reviewScreenshot draws the page's top).
    await screenshotAsIs(form, "visitor-branding-settings-ko-desktop");

    const saved = await (await page.request.get("/api/admin/settings/")).json();
    expect(saved).toMatchObject(NAMES);
    await page.reload();
    await expect(form.getByLabel(words.eventName.ko)).toHaveValue(NAMES.event_name_ko);
    await expect(form.getByLabel(words.footer.en)).toHaveValue(NAMES.footer_text_en);
  });
});
