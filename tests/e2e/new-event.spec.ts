import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { eq, inArray, sql } from "drizzle-orm";
import JSZip from "jszip";
import type { Db } from "@/db";
import { events, prizes, winners } from "@/db/schema";
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

/** Winners made before the start, recorded straight in the database in event `eventId`. */
async function insertWinners(db: Db, eventId: number, prizeId: number, productId: number, names: string[]) {
  await db.insert(winners).values(
    names.map((name, index) => ({
      eventId,
      name,
      password: `042${index}`,
      prizeId,
      productId,
      prizeName: "Prize",
      productName: "Stand",
    })),
  );
}

const countWinners = async (db: Db, eventId: number) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(winners).where(eq(winners.eventId, eventId)))[0]!.n;

/** The installation's default event: what the screens act on while the account chose none. */
async function defaultEvent(db: Db) {
  const [row] = await db.select({ id: events.id, name: events.name }).from(events).where(eq(events.isDefault, true));
  return row!;
}

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
 * "Start a new event", as the owner and a visitor holding a prize see it. On a server and database of its own:
 * it closes the default event, which the other specs share.
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

  test("the owner confirms by typing; the event closes with its winners, its copy goes live, a visitor mid-hold is told the event has ended", async ({
    browser,
  }, testInfo) => {
    const db = own.database.db;
    const event = await defaultEvent(db);
    const mug = await seedPrize(db, { total: 20, daily: 20, maintenance: 2, name: "Enamel mug", eventId: event.id });
    const pages = await seedPages(db, 3, "Stand", [mug, mug], event.id);
    await insertWinners(db, event.id, mug, pages[2]!.id, ["Mina", "Joon", "=1+2"]);

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

    // The archive is optional now; a failed download says why and leaves the button ready for another try.
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

    // The visitor is on the claim form when the organiser opens the confirmation.
    expect((await visitor.tapTicket()).status()).toBe(200);
    await expect(visitor.claimDialog).toBeVisible();

    await section.getByRole("button", { name: "Start a new event…" }).click();
    const dialog = page.getByRole("dialog", { name: "Start a new event?" });
    await expect(
      dialog.getByText(
        "This event closes and is kept with its winners. A live copy with the same QR codes starts, with the same prizes at full stock.",
      ),
    ).toBeVisible();
    await expect(
      dialog.getByText("1 visitor is holding a prize right now: their hold ends and they are told the event has ended."),
    ).toBeVisible();
    await expect(dialog.getByText("3 winners stay with this event.")).toBeVisible();
    await dialog.getByRole("textbox").fill("start a new evnt");
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog.getByText("The text does not match.")).toBeVisible();
    await dialog.getByRole("textbox").fill(NEW_EVENT_PHRASE);
    await reviewScreenshot(page, "new-event-confirm", { fullPage: false });
    await dialog.getByRole("button", { name: "Start the new event" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      section.getByText(
        `“${event.name} (2)” is live, with the same QR codes and 1 prize at full stock. The previous event is closed and keeps its 3 winners. Place prizes when you are ready.`,
      ),
    ).toBeVisible();
    await reviewScreenshot(page, "new-event-done");

    // Nothing was removed: the winners are the closed event's; the copy is live, the default, its prize at full stock.
    expect(await countWinners(db, event.id)).toBe(3);
    const copy = await defaultEvent(db);
    expect(copy.name).toBe(`${event.name} (2)`);
    const statuses = await db
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(inArray(events.id, [event.id, copy.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [event.id]: "closed", [copy.id]: "live" });
    expect(await db.select({ stock: prizes.remainingQuantity }).from(prizes).where(eq(prizes.eventId, copy.id))).toEqual([{ stock: 20 }]);

    // The visitor's claim: a clear message in place of the win, never a broken page.
    await visitor.fillClaim("Mina", "0420");
    await visitor.submitClaim();
    const ended = visitor.alert("The event has ended");
    await expect(ended.getByText(english(EVENT_RESET_DETAIL))).toBeVisible();
    await reviewScreenshot(visitor.page, "new-event-visitor");
    // OK reloads the page as it is now (the copy's, nothing placed yet): no ticket, no error.
    await ended.getByRole("button", { name: "OK" }).click();
    await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.ticket).toHaveCount(0);
    await ownerContext.close();
    await visitorContext.close();
  });

  test("in Korean: the dialog says the event closes and keeps its winners, and the new event starts", async ({ browser }, testInfo) => {
    const db = own.database.db;
    const event = await defaultEvent(db);
    const cap = await seedPrize(db, { total: 5, daily: 5, maintenance: 1, name: "모자", eventId: event.id });
    const pages = await seedPages(db, 2, "부스", [cap], event.id);
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
    await expect(section.getByRole("button", { name: "새 행사 시작…" })).toBeVisible();
    // The section re-renders as its counts refresh: scroll again if it was replaced meanwhile.
    await expect(async () => section.scrollIntoViewIfNeeded()).toPass();
    await insertWinners(db, event.id, cap, pages[1]!.id, ["하나"]);
    expect((await visitor.tapTicket()).status()).toBe(200);

    await section.getByRole("radio", { name: "경품 없이 시작(나중에 추가)" }).check();
    await section.getByRole("button", { name: "새 행사 시작…" }).click();
    const dialog = page.getByRole("dialog", { name: "새 행사를 시작할까요?" });
    await expect(dialog.getByText("이 행사는 마감되어 당첨자와 함께 보관됩니다.", { exact: false })).toBeVisible();
    await expect(dialog.getByText("지금 방문객 1명이 경품을 잡아 두고 있어요.", { exact: false })).toBeVisible();
    await expect(dialog.getByText("당첨자 1명은 이 행사에 그대로 남아요.")).toBeVisible();
    await dialog.getByRole("textbox").fill("새 행사 시작");
    await reviewScreenshot(page, "new-event-confirm-ko", { fullPage: false });
    await dialog.getByRole("button", { name: "새 행사 시작" }).click();
    await expect(dialog).toBeHidden();
    const copy = await defaultEvent(db);
    await expect(
      section.getByText(
        `‘${copy.name}’ 행사가 같은 QR 코드로, 경품 없이 진행 중입니다. 이전 행사는 마감되었고 당첨자 1명이 그대로 남아 있습니다. 준비되면 경품을 추가해 주세요.`,
      ),
    ).toBeVisible();
    expect(copy.id).not.toBe(event.id);
    expect(await countWinners(db, event.id)).toBe(1);
    expect(await db.select({ id: prizes.id }).from(prizes).where(eq(prizes.eventId, copy.id))).toEqual([]);
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
