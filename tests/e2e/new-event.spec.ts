import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { prizes, winners } from "@/db/schema";
import { EVENT_RESET_DETAIL } from "@/lib/services/claims/finalise";
import { NEW_EVENT_PHRASE } from "@/lib/validation/new-event";
import { english } from "@/tests/support/english";
import { TEST_ADMIN } from "../integration/global-setup";
import { type OwnServer, startServerWithOwnDatabase } from "../support/own-server";
import { seedPages, seedPrize } from "../support/seed";
import { AdminPages } from "./pages/admin";
import { ProductPage } from "./pages/product-page";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";

// Signing in hashes the password on purpose slowly; on a busy shared machine it has taken over 5 s.
const SIGN_IN_WAIT_MS = 30_000;

/** A browser context on the server of this file, as the project's device (phone or desktop). */
function contextOn(browser: Browser, own: OwnServer, testInfo: TestInfo) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
  return browser.newContext({ baseURL: own.server.url, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, acceptDownloads: true });
}

async function signedIn(page: Page) {
  const shell = new AdminPages(page);
  await shell.openLogin();
  await shell.signIn(TEST_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_WAIT_MS });
}

/**
 * Issue 23, "A clean start for the next event", as the owner and a visitor holding a prize see it. On a
 * server and database of its own: it wipes the event, which the other specs share.
 */
test.describe("starting a new event", () => {
  // A server of its own, two browser contexts and a download: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  let own: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own = await startServerWithOwnDatabase("e2enewevent");
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test("the owner downloads the archive, confirms by typing, and a visitor mid-hold is told the event has ended", async ({
    browser,
  }, testInfo) => {
    const db = own.database.db;
    const mug = await seedPrize(db, { total: 20, daily: 20, maintenance: 2, name: "Enamel mug" });
    const pages = await seedPages(db, 3, "Stand", [mug, mug]);
    await db.insert(winners).values(
      ["Mina", "Joon", "=1+2"].map((name, index) => ({
        name,
        password: `042${index}`,
        prizeId: mug,
        productId: pages[2]!.id,
        prizeName: "Enamel mug",
        productName: "Stand 3",
      })),
    );

    // A visitor taps the ticket and is on the claim form when the organiser resets the event.
    const visitorContext = await contextOn(browser, own, testInfo);
    const visitor = new ProductPage(await visitorContext.newPage());
    await visitor.open(pages[0]!.urlPath);
    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible();

    const ownerContext = await contextOn(browser, own, testInfo);
    const page = await ownerContext.newPage();
    await signedIn(page);
    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "Start a new event" });
    await expect(section).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await reviewScreenshot(page, "new-event-section");

    // A failed download says why and leaves the button ready for another try.
    await page.route("**/api/admin/event/archive/", (route) =>
      route.fulfill({ status: 503, json: { detail: "The database is not answering right now. Please try again in a moment." } }),
    );
    await section.getByRole("button", { name: "Download the archive" }).click();
    await expect(section.getByText("The database is not answering right now.")).toBeVisible();
    await page.unroute("**/api/admin/event/archive/");

    const downloading = page.waitForEvent("download");
    await section.getByRole("button", { name: "Download the archive" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^event-\d{8}\.zip$/);
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    expect(Object.keys(zip.files).sort()).toEqual(["audit-log.xlsx", "event.json", "funnel.xlsx", "winners.xlsx"]);
    await expect(section.getByText(`Saved ${download.suggestedFilename()}`)).toBeVisible();

    await section.getByRole("button", { name: "Start a new event…" }).click();
    const dialog = page.getByRole("dialog", { name: "Start a new event?" });
    await dialog.getByRole("textbox").fill("start a new evnt");
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog.getByText("The text does not match.")).toBeVisible();
    await dialog.getByRole("textbox").fill(NEW_EVENT_PHRASE);
    await reviewScreenshot(page, "new-event-confirm", { fullPage: false });
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText("A new event has started: 3 winners and 2 placements removed, 1 prize restocked.")).toBeVisible();
    await reviewScreenshot(page, "new-event-done");

    const [left] = await db
      .select({ winners: sql<number>`(select count(*)::int from ${winners})`, stock: prizes.remainingQuantity })
      .from(prizes);
    expect(left).toEqual({ winners: 0, stock: 20 });

    // The visitor's claim: a clear message in place of the win, never a broken page.
    await visitor.fillClaim("Mina", "0420");
    await visitor.submitClaim();
    const ended = visitor.alert("The event has ended");
    await expect(ended.getByText(english(EVENT_RESET_DETAIL))).toBeVisible();
    await reviewScreenshot(visitor.page, "new-event-visitor");
    // OK reloads the page as it is now: no ticket any more, no error.
    await ended.getByRole("button", { name: "OK" }).click();
    await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.ticket).toHaveCount(0);
    await ownerContext.close();
    await visitorContext.close();
  });

  test("a manager's settings screen offers no new event", async ({ browser }, testInfo) => {
    const owner = await GiveawayAdmin.signIn(own.server.url, TEST_ADMIN);
    const manager = await owner.createAccount("manager", "manager");
    await owner.dispose();
    const context = await contextOn(browser, own, testInfo);
    const page = await context.newPage();
    const shell = new AdminPages(page);
    await shell.openLogin();
    await shell.signIn(manager);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_WAIT_MS });
    await page.goto("/admin/settings");
    await expect(page.getByRole("region", { name: "Opening hours" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Start a new event" })).toHaveCount(0);
    await context.close();
  });
});
