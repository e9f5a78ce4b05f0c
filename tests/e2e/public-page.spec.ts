import { expect, test } from "@playwright/test";
import en from "../../messages/en.json";
import { ProductPage } from "./pages/product-page";
import { type GiveawayAdmin, type PageAllocator, signInWithPrize } from "./support/giveaway-admin";
import { otherVisitor, secondsShown } from "./support/visitors";

// The English words the API answers a caller with no language of ours.
const { taken: TAKEN } = en.visitor.api;
const CLAIM_MESSAGES = en.visitor.claim.errors;

// The visitor's page: the prize, the claim form and the win, the page without a prize or unknown.
let admin: GiveawayAdmin;
let pages: PageAllocator;
let prizeName: string;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin, pages, prizeName } = await signInWithPrize(testInfo, "E2E"));
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe("public product page", () => {
  test("a visitor reserves, is told what to fix, claims and wins", { tag: "@phone-only" }, async ({ page }) => {
    const urlPath = await pages.withPrize();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await expect(page.getByRole("heading", { name: "You found a prize!" })).toBeVisible();
    await visitor.expectTicketReady();
    await visitor.screenshot("prize");
    // The narrowest phones in use (360 px): nothing sticks out sideways, and the ticket is on screen.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(visitor.ticket).toBeInViewport({ ratio: 0.3 });
    await visitor.screenshot("prize-360");
    if (viewport) await page.setViewportSize(viewport);

    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible();
    await expect(visitor.nickname).toBeFocused();
    // The countdown starts from the server's seconds_left (60) and runs.
    const first = secondsShown(await visitor.countdown.textContent());
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(async () => secondsShown(await visitor.countdown.textContent()), { timeout: 5_000 }).toBeLessThan(first);
    await visitor.screenshot("claim");

    // Empty form: both "required" messages; editing a field clears only its own message.
    await visitor.submitClaim();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.nameRequired)).toBeVisible();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.passwordRequired)).toBeVisible();
    await expect(visitor.nickname).toHaveAttribute("aria-invalid", "true");
    await visitor.nickname.pressSequentially("A");
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.nameRequired)).toBeHidden();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.passwordRequired)).toBeVisible();
    await visitor.screenshot("claim-errors");

    // With the phone's keyboard up (the layout viewport shrinks to what is left above it: the page asks for
    // that with interactive-widget=resizes-content), the countdown and the claim button stay on screen.
    if (viewport && viewport.width < 600) {
      await page.setViewportSize({ width: viewport.width, height: 420 });
      await visitor.password.focus();
      await expect(visitor.countdown).toBeInViewport();
      await expect(visitor.claimDialog.getByRole("button", { name: "Claim my prize" })).toBeInViewport();
      await visitor.screenshot("claim-keyboard-up");
      await page.setViewportSize(viewport);
    }

    await visitor.fillClaim("Elevenchars", "12a");
    await visitor.submitClaim();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.nameTooLong)).toBeVisible();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.passwordFormat)).toBeVisible();
    await visitor.password.pressSequentially("4");
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.passwordFormat)).toBeHidden();

    // The password goes out trimmed (spec §5).
    await visitor.fillClaim("Winner", " 2468 ");
    const claim = page.waitForRequest((request) => request.url().includes("/prize/claim/") && request.method() === "POST");
    await visitor.submitClaim();
    expect((await claim).postDataJSON()).toEqual({ name: "Winner", password: "2468" });

    const result = visitor.alert("Congratulations!");
    await expect(result).toBeVisible();
    await expect(result).toContainText(`You won ${prizeName}.`);
    // The title says it once; the server's detail is not repeated under it.
    expect((await result.textContent())?.match(/Congratulations/g)).toHaveLength(1);
    // What the prize desk will ask for, in large type.
    await expect(result.getByTestId("won-nickname")).toHaveText("Winner");
    await expect(result.getByTestId("won-password")).toHaveText("2468");
    await expect(visitor.claimDialog).toBeHidden();
    await visitor.screenshot("success");
    await result.getByRole("button", { name: "OK" }).click();
    await expect(result).toBeHidden();
    await expect(visitor.ticket).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `You won ${prizeName}` })).toBeVisible();

    // The win is kept on this phone: after a reload the page shows it again, password included, and no
    // ticket (the placement was used up; a later scan of this stand shows the same).
    await page.reload();
    await expect(page.getByRole("heading", { name: `You won ${prizeName}` })).toBeVisible();
    await expect(page.getByTestId("won-password")).toHaveText("2468");
    await expect(visitor.ticket).toHaveCount(0);
    await visitor.screenshot("win-kept");
  });

  test(
    "the slower of two visitors gets the first-come-first-served modal, whose OK reloads",
    { tag: "@phone-only" },
    async ({ page, browser }, testInfo) => {
      const urlPath = await pages.withPrize();
      const first = new ProductPage(page);
      const second = await otherVisitor(browser, testInfo);
      await first.open(urlPath);
      await second.open(urlPath);
      await first.expectTicketReady();
      await second.expectTicketReady();

      expect((await first.tapTicket()).status()).toBe(200);
      await expect(first.claimDialog).toBeVisible();
      expect((await second.tapTicket()).status()).toBe(409);
      await expect(second.failedDialog).toBeVisible();
      await expect(second.failedDialog).toContainText(TAKEN);
      await expect(second.claimDialog).toBeHidden();
      await second.screenshot("failed");

      // OK reloads: the page now tells the second visitor someone is claiming it, with no ticket to tap.
      await Promise.all([second.page.waitForEvent("load"), second.failedDialog.getByRole("button", { name: "OK" }).click()]);
      await expect(second.page.getByRole("heading", { name: "Someone is claiming this prize right now" })).toBeVisible();
      await expect(second.ticket).toHaveCount(0);
      await second.screenshot("reserved");

      await first.cancelClaim();
      await second.page.context().close();
    },
  );

  test("while the picture arrives the ticket sits beside a still placeholder of its size, never a spinner", async ({ page }) => {
    const urlPath = await pages.withPrize();
    let releasePicture = () => {};
    const pictureHeld = new Promise<void>((resolve) => {
      releasePicture = resolve;
    });
    await page.route("**/api/images/**", async (route) => {
      await pictureHeld;
      await route.continue();
    });
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    await expect(visitor.ticket).toBeVisible();
    const placeholder = page.locator("[data-image-placeholder]");
    await expect(placeholder).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading the product image" })).toHaveCount(0);
    await expect(page.locator(".animate-spin")).toHaveCount(0);
    await visitor.screenshot("picture-arriving");
    const placeholderBox = await placeholder.boundingBox();
    const ticketBox = await visitor.ticket.boundingBox();

    releasePicture();
    await expect.poll(() => visitor.productImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(placeholder).toHaveCount(0);
    // The picture takes exactly the placeholder's place, and nothing moves when it arrives.
    expect(await visitor.productImage.boundingBox()).toEqual(placeholderBox);
    expect(await visitor.ticket.boundingBox()).toEqual(ticketBox);
  });

  test("the console stays clean through a visitor's tap and form (zod is jitless under the CSP)", { tag: "@phone-only" }, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    // What DevTools shows as "Refused to evaluate a string as JavaScript": Playwright's console events do not
    // carry the CSP's own reports, so the page collects them.
    await page.exposeFunction("reportCspViolation", (violation: string) => problems.push(`CSP: ${violation}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
          `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    const urlPath = await pages.withPrize();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await visitor.expectTicketReady();
    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.nickname).toBeFocused();
    // The form's schema checks an empty form in the browser.
    await visitor.submitClaim();
    await expect(visitor.claimDialog.getByText(CLAIM_MESSAGES.nameRequired)).toBeVisible();
    await visitor.cancelClaim();
    console.log(`console problems on the visitor page: ${problems.length}`);
    expect(problems).toEqual([]);
  });

  test("a page with no prize says so and offers no ticket", { tag: "@phone-only" }, async ({ page }) => {
    const urlPath = await pages.withoutPrize();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await expect(page.getByRole("heading", { name: "No prize is waiting here right now" })).toBeVisible();
    await expect.poll(() => visitor.productImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(visitor.ticket).toHaveCount(0);
    await visitor.screenshot("no-prize");
  });

  test("an unknown product page says the product was not found", { tag: "@phone-only" }, async ({ page }) => {
    const response = await page.goto("/p/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product information not found.");
    await expect(page.getByText(/scanning the QR code/)).toBeVisible();
    // A visitor page like any other: it links to the privacy notice.
    await expect(page.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
    await new ProductPage(page).screenshot("product-not-found");
    // Spec §8's return-to-home button: visitors have no home page, so it leads to the advice on finding one.
    await page.getByRole("link", { name: "Return to home" }).click();
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
  });
});
