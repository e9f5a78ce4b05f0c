import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { winners } from "@/db/schema";
import { expireDueWins } from "@/lib/services/winners/expire";
import en from "../../messages/en.json";
import ko from "../../messages/ko.json";
import { TEST_ADMIN } from "../integration/global-setup";
import { awayFromDayTurn } from "../support/day-turn";
import { type OwnServer, startServerWithOwnDatabase } from "../support/own-server";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_TIME_ZONE } from "../support/test-database";
import { expectAnnounced, recordAnnouncements } from "./support/announcements";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { reviewScreenshot, screenshotAsIs } from "./support/screenshot";

const CATALOGUES = { en, ko } as const;
type Language = keyof typeof CATALOGUES;
const DESK = { en: "Hall B, next to the stage", ko: "B홀 무대 옆" };
// A clock time as the page writes it: "14:35" in English, "오후 2:35" in Korean.
const TIME = { en: String.raw`\d{2}:\d{2}`, ko: String.raw`(오전|오후|저녁|밤|아침|새벽|낮) \d{1,2}:\d{2}` };
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A catalogue message as a pattern: `{time}` the clock's, each other `{name}` the pattern given for it. */
function pattern(message: string, language: Language, values: Record<string, string> = {}): string {
  return message
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return literally(part);
      return name === "time" ? TIME[language] : (values[name] ?? "");
    })
    .join("");
}
const said = (message: string, language: Language, values: Record<string, string> = {}) =>
  new RegExp(`^${pattern(message, language, values)}$`);

/**
 * The visitor's win card and the prize desk before and after a collection deadline, in English
 * and Korean, at the project's size (screenshots at 390 and 1440 px). On a server and Postgres database of
 * its own: the deadline is moved into the past straight in the database, not waited for.
 */
test.describe("the collection deadline", () => {
  test.describe.configure({ timeout: 180_000 });
  let own: OwnServer;
  let admin: GiveawayAdmin;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    own = await startServerWithOwnDatabase("e2edeadline");
    admin = await GiveawayAdmin.signIn(own.server.url, TEST_ADMIN);
    await admin.updateSettings({ collect_within_minutes: 30, desk_location_en: DESK.en, desk_location_ko: DESK.ko });
  });
  test.afterAll(async () => {
    await admin?.dispose();
    await own?.stop();
  });

  /** A browser context on this file's server, as the project's device, in one language. */
  async function contextOn(browser: Browser, testInfo: TestInfo, language: Language, signedIn = false) {
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
    return browser.newContext({
      baseURL: own.server.url,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      locale: language === "ko" ? "ko-KR" : "en-GB",
      ...(signedIn ? { storageState: await admin.sessionState() } : {}),
    });
  }

  /** The deadline passes (arranged) and a sweep runs, as every instance's does within 10 s. */
  async function passDeadline(nickname: string) {
    await own.database.db.update(winners).set({ collectBy: sql`now() - interval '1 second'` }).where(eq(winners.name, nickname));
    await expireDueWins(own.database.db);
    const [row] = await own.database.db.select({ expiredAt: winners.expiredAt }).from(winners).where(eq(winners.name, nickname));
    expect(row?.expiredAt).not.toBeNull();
  }

  async function noSidewaysOverflow(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  for (const language of ["en", "ko"] as const) {
    const words = CATALOGUES[language];

    test(
      `the visitor's win card says where and by when, then that it expired (${language})`,
      { tag: "@phone-only" },
      async ({ browser }, testInfo) => {
        const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: `Tote ${language}` });
        const [stand] = await seedPages(own.database.db, 1, "Deadline", [prize]);
        const nickname = `card${language}${testInfo.project.name.slice(0, 2)}`;
        const context = await contextOn(browser, testInfo, language);
        const page = await context.newPage();
        // Tapped as soon as it is there, maybe beside the page's first state call (which brings the cookies).
        await page.goto(`/p/${stand!.urlPath}`);
        await page.getByRole("button", { name: words.visitor.page.tapTicket }).click();
        const dialog = page.getByRole("dialog", { name: words.visitor.claim.title });
        await dialog.getByLabel(words.visitor.claim.nickname).fill(nickname);
        await dialog.getByLabel(words.visitor.claim.password, { exact: true }).fill("4826");
        await dialog.getByRole("button", { name: words.visitor.claim.submit, exact: true }).click();

        const result = page.getByRole("alertdialog", { name: words.visitor.result.successTitle });
        const expected = said(words.visitor.win.collectBy, language, { place: literally(DESK[language]) });
        await expect(result.getByTestId("collect-note")).toHaveText(expected);
        await result.getByRole("button", { name: words.visitor.result.ok }).click();
        const card = page.getByTestId("collect-note");
        await expect(card).toHaveText(expected);
        await noSidewaysOverflow(page);
        await reviewScreenshot(page, `deadline-card-${language}-before`);

        await passDeadline(nickname);
        await page.reload();
        await expect(card).toHaveAttribute("data-status", "expired");
        await expect(card).toHaveText(said(words.visitor.win.expired, language));
        await noSidewaysOverflow(page);
        await reviewScreenshot(page, `deadline-card-${language}-after`);
        await context.close();
      },
    );

    test(
      `the prize desk shows the deadline, marks it expired and gives the prize after all (${language})`,
      { tag: "@desktop-only" },
      async ({ browser }, testInfo) => {
        const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: `Mug ${language}` });
        const [stand] = await seedPages(own.database.db, 1, "Desk", [prize]);
        const nickname = `desk${language}${testInfo.project.name.slice(0, 2)}`;
        const password = String(2000 + Math.floor(Math.random() * 7000));
        const phone = await contextOn(browser, testInfo, language);
        const claim = `/api/p/${stand!.urlPath}/prize/claim/`;
        await phone.request.get("/api/health/");
        const csrf = (await phone.storageState()).cookies.find((cookie) => cookie.name === "csrftoken")?.value ?? "";
        expect((await phone.request.post(claim, { headers: { "X-CSRFToken": csrf } })).status()).toBe(200);
        expect((await phone.request.post(claim, { headers: { "X-CSRFToken": csrf }, data: { name: nickname, password } })).status()).toBe(
          201,
        );
        await phone.close();

        const context = await contextOn(browser, testInfo, language, true);
        const page = await context.newPage();
        const desk = words.admin.desk;
        await page.goto("/admin/desk");
        await expect(page.getByRole("heading", { name: desk.title })).toBeVisible();
        await page.getByLabel(desk.password, { exact: true }).fill(password);
        const winnerCard = page.getByRole("article", { name: new RegExp(`^${nickname}`) });
        const deadline = winnerCard.getByTestId("deadline");
        const pending = new RegExp(
          `^${pattern(desk.deadline.collectBy, language)} · ${pattern(desk.deadline.minutesLeft, language, { minutes: "(29|30)" })}$`,
        );
        await expect(deadline).toHaveText(pending);
        await expect(winnerCard.getByRole("button", { name: desk.handOver, exact: true })).toBeVisible();
        await noSidewaysOverflow(page);
        await reviewScreenshot(page, `deadline-desk-${language}-before`);

        await passDeadline(nickname);
        await page.reload();
        await page.getByLabel(desk.password, { exact: true }).fill(password);
        await expect(deadline).toHaveText(said(desk.deadline.expired, language));
        await expect(winnerCard.getByRole("button", { name: desk.handOver, exact: true })).toHaveCount(0);
        const reinstate = winnerCard.getByRole("button", { name: desk.deadline.reinstate });
        await expect(reinstate).toBeVisible();
        await noSidewaysOverflow(page);
        await reviewScreenshot(page, `deadline-desk-${language}-after`);

        // The late visitor gets it after all: a unit is free, the win waits again with a fresh deadline.
        await reinstate.click();
        await expect(winnerCard.getByRole("button", { name: desk.handOver, exact: true })).toBeVisible();
        await expect(deadline).toHaveText(pending);
        await winnerCard.getByRole("button", { name: desk.handOver, exact: true }).click();
        await expect(winnerCard.getByRole("status")).toHaveText(desk.handedOver);
        await context.close();
      },
    );

    test(
      `an undo after the deadline passed gives 10 minutes from the undo, and the desk says so, at 390 px (${language})`,
      { tag: "@phone-only" },
      async ({ browser }, testInfo) => {
        const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: `Cap ${language}` });
        const [stand] = await seedPages(own.database.db, 1, "Undo", [prize]);
        const nickname = `undo${language}${testInfo.project.name.slice(0, 2)}`;
        const password = String(2000 + Math.floor(Math.random() * 7000));
        await winAsVisitor(own.server.url, stand!.urlPath, nickname, password);
        const context = await contextOn(browser, testInfo, language, true);
        const page = await context.newPage();
        await recordAnnouncements(page);
        await page.setViewportSize({ width: 390, height: 844 });
        const desk = words.admin.desk;
        await page.goto("/admin/desk");
        await page.getByLabel(desk.password, { exact: true }).fill(password);
        const winnerCard = page.getByRole("article", { name: new RegExp(`^${nickname}`) });
        await winnerCard.getByRole("button", { name: desk.handOver, exact: true }).click();
        await expect(winnerCard.getByRole("status")).toHaveText(desk.handedOver);
        // The prize was handed to the wrong visitor, and the deadline passed before anyone noticed.
        await own.database.db.update(winners).set({ collectBy: sql`now() - interval '1 minute'` }).where(eq(winners.name, nickname));
        await winnerCard.getByRole("button", { name: desk.undo }).click();
        await expectAnnounced(page, said(desk.undoneExtended, language, { name: nickname, minutes: "10" }));
        await expect(winnerCard.getByTestId("deadline")).toHaveText(
          new RegExp(
            `^${pattern(desk.deadline.collectBy, language)} · ${pattern(desk.deadline.minutesLeft, language, { minutes: "(9|10)" })}$`,
          ),
        );
        // Hand over and what the undo did are both whole on screen.
        await expect(winnerCard.getByRole("button", { name: desk.handOver, exact: true })).toBeInViewport({ ratio: 1 });
        await expect(winnerCard.getByRole("status")).toBeInViewport({ ratio: 1 });
        await noSidewaysOverflow(page);
        await screenshotAsIs(page, `desk-undo-late-${language}-390`);
        await context.close();
      },
    );
  }

  test("@desktop-only at 1920 px the big screen stops showing and counting a win once it expired", async ({ browser }, testInfo) => {
    await awayFromDayTurn(TEST_TIME_ZONE, 20);
    const prize = await seedPrize(own.database.db, { total: 5, maintenance: 1, name: "Screen cap" });
    const [stand] = await seedPages(own.database.db, 1, "Screen", [prize]);
    await winAsVisitor(own.server.url, stand!.urlPath, "Lateone", "5173");
    const context = await contextOn(browser, testInfo, "en");
    const page = await context.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/display/${await admin.displayToken()}`);
    await expect(page.getByRole("status")).toHaveText("Live");
    const win = page.getByRole("listitem").filter({ hasText: "L******" });
    await expect(win).toBeVisible();
    const before = Number(await page.getByTestId("winners-today").textContent());
    await screenshotAsIs(page, "bigscreen-expired-win-1920-before-expiry");

    await passDeadline("Lateone");
    // The open screen follows (the expiry gives the unit back: the prize's change reaches it).
    await expect(win).toHaveCount(0);
    await expect(page.getByTestId("winners-today")).toHaveText(String(before - 1));
    await screenshotAsIs(page, "bigscreen-expired-win-1920");
    await context.close();
  });
});
