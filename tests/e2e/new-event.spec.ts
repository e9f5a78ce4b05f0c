import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import type { Db } from "@/db";
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
function contextOn(browser: Browser, own: OwnServer, testInfo: TestInfo, locale = "en-US") {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
  return browser.newContext({
    baseURL: own.server.url,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    locale,
    acceptDownloads: true,
  });
}

/** A win recorded straight in the database, as a claim would have made it after the archive was taken. */
async function insertLateWin(db: Db, prizeId: number, productId: number) {
  await db.insert(winners).values({ name: "Late", password: "0999", prizeId, productId, prizeName: "Enamel mug", productName: "Stand 3" });
}

const countWinners = async (db: Db) => (await db.select({ n: sql<number>`count(*)::int` }).from(winners))[0]!.n;

/** Signed in through the API, whatever the browser's language (the form's labels are another test's subject). */
async function signedInByApi(page: Page) {
  expect((await page.request.get("/api/health/")).ok()).toBe(true);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const login = await page.request.post("/api/admin/login/", { headers: { "X-CSRFToken": csrf }, data: TEST_ADMIN });
  expect(await login.json()).toEqual({ message: "Login successful" });
}

async function signedIn(page: Page) {
  const shell = new AdminPages(page);
  await shell.openLogin();
  await shell.signIn(TEST_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_WAIT_MS });
}

/**
 * "A clean start for the next event", as the owner and a visitor holding a prize see it. On a
 * server and database of its own: it wipes the event, which the other specs share.
 */
test.describe("starting a new event", { tag: "@desktop-only" }, () => {
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

    // A visitor opens a stand's page; they tap the ticket just before the organiser confirms (below).
    const visitorContext = await contextOn(browser, own, testInfo);
    const visitor = new ProductPage(await visitorContext.newPage());
    await visitor.open(pages[0]!.urlPath);

    const ownerContext = await contextOn(browser, own, testInfo);
    const page = await ownerContext.newPage();
    await signedIn(page);
    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "Start a new event" });
    await expect(section).toBeVisible();
    // The section re-renders as its counts refresh: scroll again if it was replaced meanwhile.
    await expect(async () => section.scrollIntoViewIfNeeded()).toPass();
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

    // Someone wins after the archive was made: it does not hold them, so the reset will be refused.
    await insertLateWin(db, mug, pages[2]!.id);
    // The visitor is on the claim form when the organiser opens the confirmation.
    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible();

    await section.getByRole("button", { name: "Start a new event…" }).click();
    const dialog = page.getByRole("dialog", { name: "Start a new event?" });
    await expect(
      dialog.getByText("1 visitor is holding a prize right now: their hold ends and they are told the event has ended."),
    ).toBeVisible();
    await expect(dialog.getByText("4 winners will be removed.")).toBeVisible();
    await dialog.getByRole("textbox").fill("start a new evnt");
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog.getByText("The text does not match.")).toBeVisible();
    await dialog.getByRole("textbox").fill(NEW_EVENT_PHRASE);
    await reviewScreenshot(page, "new-event-confirm", { fullPage: false });
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "1 prize was won after your archive was made, so it does not hold that winner. Download the archive again, then start the new event. Nothing was changed.",
    );
    await expect(dialog.getByText("Your archive is out of date: download it again before starting the new event.")).toBeVisible();
    await reviewScreenshot(page, "new-event-outdated", { fullPage: false });
    expect(await countWinners(db)).toBe(4);

    // Downloaded again from the dialog: it now holds the late winner, and the reset goes ahead.
    const again = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download the archive" }).click();
    const second = await again;
    const secondZip = await JSZip.loadAsync(await readFile((await second.path())!));
    expect(JSON.parse(await secondZip.file("event.json")!.async("string")).cutoff.winners).toBe(4);
    await expect(dialog.getByText(`Saved ${second.suggestedFilename()}`)).toBeVisible();
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText("A new event has started: 4 winners and 2 placements removed, 1 prize restocked.")).toBeVisible();
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

  test("in Korean: the visitors playing now, and a refusal when wins came after the archive", async ({ browser }, testInfo) => {
    const db = own.database.db;
    const cap = await seedPrize(db, { total: 5, daily: 5, maintenance: 1, name: "모자" });
    const pages = await seedPages(db, 2, "부스", [cap]);
    // The visitor's language is not this test's subject (the page object reads the English page).
    const visitorContext = await contextOn(browser, own, testInfo);
    const visitor = new ProductPage(await visitorContext.newPage());
    await visitor.open(pages[0]!.urlPath);

    const ownerContext = await contextOn(browser, own, testInfo, "ko-KR");
    const page = await ownerContext.newPage();
    await signedInByApi(page);
    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "새 행사 시작" });
    // The settings screen draws its skeleton first: wait for the section's own button before scrolling to it.
    await expect(section.getByRole("button", { name: "보관 파일 내려받기" })).toBeVisible();
    // The section re-renders as its counts refresh: scroll again if it was replaced meanwhile.
    await expect(async () => section.scrollIntoViewIfNeeded()).toPass();
    const downloading = page.waitForEvent("download");
    await section.getByRole("button", { name: "보관 파일 내려받기" }).click();
    await downloading;
    await insertLateWin(db, cap, pages[1]!.id);
    expect((await visitor.tapTicket()).status()).toBe(200);

    await section.getByRole("button", { name: "새 행사 시작…" }).click();
    const dialog = page.getByRole("dialog", { name: "새 행사를 시작할까요?" });
    await expect(dialog.getByText("지금 방문객 1명이 경품을 잡아 두고 있어요.", { exact: false })).toBeVisible();
    await expect(dialog.getByText("당첨자 1명이 삭제돼요.")).toBeVisible();
    await dialog.getByRole("textbox").fill("새 행사 시작");
    await dialog.getByRole("button", { name: "새 행사 시작" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "보관 파일을 만든 뒤에 당첨이 1건 더 있어서 그 당첨자는 보관 파일에 없어요. 보관 파일을 다시 내려받은 뒤 새 행사를 시작해 주세요. 아무것도 바뀌지 않았어요.",
    );
    await expect(dialog.getByText("보관 파일이 최신이 아니에요.", { exact: false })).toBeVisible();
    await reviewScreenshot(page, "new-event-outdated-ko", { fullPage: false });
    expect(await countWinners(db)).toBe(1);
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
