import { expect, test } from "@playwright/test";
import en from "../../messages/en.json";
import { ProductPage } from "./pages/product-page";
import { type GiveawayAdmin, type PageAllocator, signInWithPrize } from "./support/giveaway-admin";
import { otherVisitor } from "./support/visitors";

// The English words the API answers a caller with no language of ours.
const { letGoRecently: LET_GO_RECENTLY } = en.visitor.api;

// A hold given back (form closed, page left, time up), and what the visitor is told after.
let admin: GiveawayAdmin;
let pages: PageAllocator;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin, pages } = await signInWithPrize(testInfo, "Letting go"));
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe("public product page: letting a prize go", { tag: "@phone-only" }, () => {
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
    expect(await refused.json()).toMatchObject({ detail: LET_GO_RECENTLY, code: "let_go_recently" });
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
    // server): after the 10 s a reload has to take the hold back (LEAVE_GRACE_SECONDS), the prize is no
    // longer held, and the next visitor can have it.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/p/${urlPath}/prize/`)).json()) as { is_reserved: boolean }).is_reserved, {
        timeout: 30_000,
      })
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
});
