import { expect, test } from "@playwright/test";
import { ProductPage } from "./pages/product-page";
import { type GiveawayAdmin, type PageAllocator, signInWithPrize } from "./support/giveaway-admin";
import { deliverLate, holdPageScripts, otherVisitor, secondsShown } from "./support/visitors";

// The ticket takes a tap from the first HTML, before the page's scripts arrive (docs/performance.md, "Slow 3G").
let admin: GiveawayAdmin;
let pages: PageAllocator;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin, pages } = await signInWithPrize(testInfo, "Early tap"));
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe("public product page: the early tap", { tag: "@phone-only" }, () => {
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

    // The page's scripts have not arrived; the visitor taps at once and gets the hold.
    const releaseScripts = await holdPageScripts(page);
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    // The page's HTML set no cookie (its first state call does, once the scripts run): the early tap is
    // answered 428 with the cookies and sent again at once.
    const reserved = page.waitForResponse(
      (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST" && response.status() !== 428,
    );
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
    await releaseScripts();
    await expect(visitor.claimDialog).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Holding your prize… the form is on its way.")).toHaveCount(0);
    expect(secondsShown(await visitor.countdown.textContent())).toBeLessThanOrEqual(60);
    await visitor.cancelClaim();
  });

  test("an early tap on a ticket someone else took meanwhile says so when the page comes alive", async ({ page, browser }, testInfo) => {
    const urlPath = await pages.withPrize();
    const releaseScripts = await holdPageScripts(page);
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    const other = await otherVisitor(browser, testInfo);
    await other.open(urlPath);
    expect((await other.tapTicket()).status()).toBe(200);
    // The early tap is answered before the page's scripts arrive.
    expect((await visitor.tapTicket()).status()).not.toBe(200);
    await releaseScripts();
    await expect(visitor.failedDialog).toBeVisible({ timeout: 20_000 });
    await other.cancelClaim();
    await other.page.context().close();
  });

  // The page's HTML sets no cookie (so a cache can answer every scan), so a tap made while the page's first state call is on its way
  // goes without cookies too. Both answers hand out a visitor id; the hold must be the one the phone keeps.
  test("a tap while the page's first state call is still on its way keeps its hold and wins", async ({ page }) => {
    const urlPath = await pages.withPrize();
    await deliverLate(page, `**/api/p/${urlPath}/prize/?view=1`, 2500);
    const visitor = new ProductPage(page);
    const stateSent = page.waitForRequest((request) => request.url().includes(`/api/p/${urlPath}/prize/?view=1`));
    const stateAnswered = page.waitForResponse((response) => response.url().includes(`/api/p/${urlPath}/prize/?view=1`));
    await visitor.open(urlPath, { beforeScripts: true });
    await stateSent;
    expect((await visitor.tapTicket()).status()).toBe(200);
    // The visitor types their nickname while the state call lands (a fast claim could beat it).
    await stateAnswered;
    await winHere(visitor, "beside");
  });

  test("an early tap answered slowly while the page comes alive keeps its hold and wins", async ({ page }) => {
    const urlPath = await pages.withPrize();
    const releaseScripts = await holdPageScripts(page);
    // The early tap's refusal (428, with the cookies) and the first state call both come slowly, the state
    // call's last: were it sent without cookies beside the tap, its visitor id would land after the hold.
    await deliverLate(page, `**/api/p/${urlPath}/prize/claim/`, 1500);
    await deliverLate(page, `**/api/p/${urlPath}/prize/?view=1`, 3000);
    const visitor = new ProductPage(page);
    await visitor.open(urlPath, { beforeScripts: true });
    const reserved = visitor.tapTicket();
    // The tap is the inline script's (it says so at once), made before the scripts are let through.
    await expect(page.getByRole("status").filter({ hasText: "Holding your prize… the form is on its way." })).toBeVisible();
    await releaseScripts();
    expect((await reserved).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible({ timeout: 20_000 });
    await winHere(visitor, "early");
  });

  /** Claims the prize this visitor holds and sees it won. */
  async function winHere(visitor: ProductPage, nickname: string) {
    await expect(visitor.claimDialog).toBeVisible();
    await visitor.fillClaim(nickname, "2468");
    const claimed = visitor.page.waitForResponse(
      (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST",
    );
    await visitor.submitClaim();
    expect((await claimed).status()).toBe(201);
    await expect(visitor.alert("Congratulations!")).toBeVisible();
  }

  // One visitor id for parallel taps, and a page that sets no cookie: the visitor id comes with the page's first state call; a tap without one is
  // refused (428) and handed one.

  test("a phone with no cookies yet, or that lost its visitor cookie, still holds the prize, early tap or not", async ({ page }) => {
    const claimStatuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/prize/claim/") && response.request().method() === "POST") claimStatuses.push(response.status());
    });
    const visitor = new ProductPage(page);
    const forgetVisitorId = () => page.context().clearCookies({ name: "visitor_id" });

    // Before the scripts: the page's HTML set no cookie; the inline early-tap script taps again with the
    // cookies the refusal set.
    const early = await pages.withPrize();
    const releaseScripts = await holdPageScripts(page);
    await visitor.open(early, { beforeScripts: true });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("visitor_id");
    await visitor.ticket.click();
    await expect.poll(() => claimStatuses).toEqual([428, 200]);
    await releaseScripts();
    await expect(visitor.claimDialog).toBeVisible({ timeout: 20_000 });
    expect(claimStatuses).toEqual([428, 200]);
    await visitor.cancelClaim();

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
});
