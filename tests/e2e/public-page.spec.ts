import { type Browser, expect, type TestInfo, test } from "@playwright/test";
import { LET_GO_RECENTLY, TAKEN } from "../../lib/services/claims/reserve";
import { CLAIM_MESSAGES } from "../../lib/validation/claim";
import { ProductPage } from "./pages/product-page";
import { GiveawayAdmin, PageAllocator } from "./support/giveaway-admin";

// One prize per worker, placed afresh on a page of its own for each test (see PageAllocator).
let admin: GiveawayAdmin;
let pages: PageAllocator;
let prizeName: string;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
  await admin.stopMaintenanceMode();
  prizeName = `E2E prize ${testInfo.project.name} ${Date.now()}`;
  const prizeId = await admin.createPrize(prizeName);
  pages = new PageAllocator(admin, prizeId, `E2E ${testInfo.project.name} ${Date.now()}`);
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** A second visitor: another browser context (own cookies, own visitor id) on the same kind of device. */
async function otherVisitor(browser: Browser, testInfo: TestInfo): Promise<ProductPage> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return new ProductPage(await context.newPage());
}

function secondsShown(text: string | null): number {
  const match = /^(\d+)s$/.exec(text ?? "");
  if (!match) throw new Error(`Countdown shows "${text}"`);
  return Number(match[1]);
}

test.describe("public product page", () => {
  test("the first HTML announces the prize, and its ticket takes a tap before the page's scripts arrive", async ({
    page,
    browser,
  }, testInfo) => {
    const urlPath = await pages.withPrize();
    // The server's HTML alone, as a phone on a slow network has it before any script has arrived.
    const html = await (await page.request.get(`/p/${urlPath}`)).text();
    expect(html).toContain("You found a prize!");
    expect(html).toContain("Tap the ticket to claim your prize");
    expect(html).toMatch(/<button[^>]*data-ticket/);
    expect(html).toContain("/prize/claim/");
    // Its stylesheet is in the page (no render-blocking request), and the keyboard will not cover the form.
    expect(html).toMatch(/<style data-precedence="next"/);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).toContain("interactive-widget=resizes-content");

    // The page's scripts take 4 s to arrive; the visitor taps at once and gets the hold.
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    const reserved = page.waitForResponse((response) => response.url().includes("/prize/claim/") && response.request().method() === "POST");
    await visitor.ticket.click();
    expect((await reserved).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Holding your prize… the form is on its way." })).toBeVisible();
    await visitor.screenshot("early-tap");
    // Someone else opening the page now finds it held.
    const other = await otherVisitor(browser, testInfo);
    await other.open(urlPath);
    await expect(other.ticket).toHaveCount(0);
    await other.page.context().close();
    // When the scripts arrive the form opens on the same hold, its countdown already running.
    await expect(visitor.claimDialog).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Holding your prize… the form is on its way.")).toHaveCount(0);
    expect(secondsShown(await visitor.countdown.textContent())).toBeLessThanOrEqual(60);
    await visitor.cancelClaim();
  });

  test("an early tap on a ticket someone else took meanwhile says so when the page comes alive", async ({ page, browser }, testInfo) => {
    const urlPath = await pages.withPrize();
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    const other = await otherVisitor(browser, testInfo);
    await other.open(urlPath);
    expect((await other.tapTicket()).status()).toBe(200);
    await visitor.ticket.click();
    await expect(visitor.failedDialog).toBeVisible({ timeout: 20_000 });
    await other.cancelClaim();
    await other.page.context().close();
  });

  // Issue 25 item 4: the visitor id comes with the page; a tap without one is refused (428) and handed one.
  test("a phone that lost its visitor cookie after the page loaded still holds the prize, early tap or not", async ({ page }) => {
    const claimStatuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/prize/claim/") && response.request().method() === "POST") claimStatuses.push(response.status());
    });
    const visitor = new ProductPage(page);
    const forgetVisitorId = () => page.context().clearCookies({ name: "visitor_id" });

    // Before the scripts: the inline early-tap script taps again with the id the refusal set.
    const early = await pages.withPrize();
    const slowScripts = async (route: import("@playwright/test").Route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    };
    await page.route("**/_next/static/chunks/*.js", slowScripts);
    await visitor.open(early, { beforeScripts: true });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("visitor_id");
    await forgetVisitorId();
    await visitor.ticket.click();
    await expect(visitor.claimDialog).toBeVisible({ timeout: 20_000 });
    expect(claimStatuses).toEqual([428, 200]);
    await visitor.cancelClaim();
    await page.unroute("**/_next/static/chunks/*.js", slowScripts);

    // Once React runs the page: its own call taps again the same way.
    claimStatuses.length = 0;
    const later = await pages.withPrize();
    await visitor.open(later);
    await forgetVisitorId();
    await visitor.ticket.click();
    await expect(visitor.claimDialog).toBeVisible();
    expect(claimStatuses).toEqual([428, 200]);
    await visitor.cancelClaim();
  });

  test("a visitor reserves, is told what to fix, claims and wins", async ({ page }) => {
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

  test("the slower of two visitors gets the first-come-first-served modal, whose OK reloads", async ({ page, browser }, testInfo) => {
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
  });

  test("closing the form gives the prize back, so another visitor can hold it", async ({ page, browser }, testInfo) => {
    const urlPath = await pages.withPrize();
    const first = new ProductPage(page);
    await first.open(urlPath);
    await first.expectTicketReady();
    expect((await first.tapTicket()).status()).toBe(200);
    await first.cancelClaim("button");
    // Back on the page, with the ticket there to tap again, and keyboard focus back on it.
    await expect(first.ticket).toBeVisible();
    await expect(first.ticket).toBeFocused();

    const second = await otherVisitor(browser, testInfo);
    await second.open(urlPath);
    await second.expectTicketReady();
    expect((await second.tapTicket()).status()).toBe(200);
    await expect(second.claimDialog).toBeVisible();
    // Escape closes it the same way, and the first visitor can have it again.
    await second.cancelClaim("escape");

    expect((await first.tapTicket()).status()).toBe(200);
    await expect(first.claimDialog).toBeVisible();
    await first.cancelClaim();
    await second.page.context().close();
  });

  test("tapping again just after letting the prize go shows the server's reason, not someone else's tap", async ({ page }) => {
    const urlPath = await pages.withPrize();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await visitor.expectTicketReady();
    expect((await visitor.tapTicket()).status()).toBe(200);
    await visitor.cancelClaim();

    const refused = await visitor.tapTicket();
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ detail: LET_GO_RECENTLY, reason: "let_go_recently" });
    await expect(visitor.letGoDialog).toContainText(LET_GO_RECENTLY);
    // The page knows when it let go, so it says from when the server takes a tap again.
    await expect(visitor.letGoDialog).toContainText(/tap the ticket again from \d\d:\d\d:\d\d/);
    await expect(visitor.failedDialog).toHaveCount(0);
    await visitor.screenshot("let-go-refused");
    // OK keeps the page (no reload): the ticket is still there for later.
    await visitor.letGoDialog.getByRole("button", { name: "OK" }).click();
    await expect(visitor.letGoDialog).toHaveCount(0);
    await expect(visitor.ticket).toBeVisible();
  });

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

  test("the console stays clean through a visitor's tap and form (zod is jitless under the CSP)", async ({ page }) => {
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

  test("leaving the page while holding the prize asks first, then gives it back", async ({ page, browser }, testInfo) => {
    const urlPath = await pages.withPrize();
    const first = new ProductPage(page);
    await first.open(urlPath);
    await first.expectTicketReady();
    expect((await first.tapTicket()).status()).toBe(200);
    await expect(first.claimDialog).toBeVisible();

    const prompts: string[] = [];
    page.on("dialog", (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.goto("/not-found");
    expect(prompts).toEqual(["beforeunload"]);

    // The keepalive PATCH outlived the page (the browser does not report it to the new one, so ask the
    // server): the prize is no longer held, and the next visitor can have it.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/p/${urlPath}/prize/`)).json()) as { is_reserved: boolean }).is_reserved)
      .toBe(false);
    const second = await otherVisitor(browser, testInfo);
    await second.open(urlPath);
    expect((await second.tapTicket()).status()).toBe(200);
    await second.cancelClaim();
    await second.page.context().close();
  });

  test("when the time runs out the hold is let go and the visitor is told", async ({ page, browser }, testInfo) => {
    const urlPath = await pages.withPrize();
    // A fake clock, so the 60 seconds pass at once; the server's own hold is still live at that point,
    // which proves the page really cancels it rather than waiting for it to lapse.
    await page.clock.install();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await visitor.expectTicketReady();
    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible();

    const cancelled = page.waitForResponse(
      (response) => response.url().includes("/prize/claim/") && response.request().method() === "PATCH",
    );
    await page.clock.fastForward(61_000);
    const timeUp = visitor.alert("Time is up");
    await expect(timeUp).toBeVisible();
    await expect(visitor.claimDialog).toBeHidden();
    expect((await cancelled).status()).toBe(200);
    // It says when the visitor may tap again: the server keeps the prize from them for as long again.
    await expect(timeUp).toContainText(/you can tap the ticket again from \d\d:\d\d:\d\d/);
    await visitor.screenshot("time-up");
    await timeUp.getByRole("button", { name: "OK" }).click();
    await expect(visitor.ticket).toBeVisible();
    // Tapping anyway: the server's own reason, not "someone else got there first".
    expect((await visitor.tapTicket()).status()).toBe(409);
    await expect(visitor.letGoDialog).toContainText(LET_GO_RECENTLY);
    await expect(visitor.failedDialog).toHaveCount(0);
    await visitor.letGoDialog.getByRole("button", { name: "OK" }).click();
    await expect(visitor.ticket).toBeVisible();

    const second = await otherVisitor(browser, testInfo);
    await second.open(urlPath);
    expect((await second.tapTicket()).status()).toBe(200);
    await second.cancelClaim();
    await second.page.context().close();
  });

  test("a page with no prize says so and offers no ticket", async ({ page }) => {
    const urlPath = await pages.withoutPrize();
    const visitor = new ProductPage(page);
    await visitor.open(urlPath);
    await expect(page.getByRole("heading", { name: "No prize is waiting here right now" })).toBeVisible();
    await expect.poll(() => visitor.productImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(visitor.ticket).toHaveCount(0);
    await visitor.screenshot("no-prize");
  });

  test("an unknown product page says the product was not found", async ({ page }) => {
    const response = await page.goto("/p/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product information not found.");
    await expect(page.getByText(/scanning the QR code/)).toBeVisible();
    await new ProductPage(page).screenshot("product-not-found");
    // Spec §8's return-to-home button: visitors have no home page, so it leads to the advice on finding one.
    await page.getByRole("link", { name: "Return to home" }).click();
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});
