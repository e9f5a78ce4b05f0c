import type { Browser, Page } from "@playwright/test";
import { DeskPage } from "./pages/desk";
import { expectAnnounced, recordAnnouncements } from "./support/announcements";
import { GiveawayAdmin, signInWithPrize, winAsVisitor } from "./support/giveaway-admin";
import { screenshotAsIs } from "./support/screenshot";
import { expect, test } from "./support/signed-in";
import { holdPageScripts } from "./support/visitors";

/**
 * A desk volunteer's own browser: signed in (through the API) as a desk account, in this language. The
 * desk role is the subject here: the organiser's shared session would see what the desk must not.
 */
async function deskBrowser(browser: Browser, baseURL: string, account: { name: string; password: string }, locale: "en" | "ko") {
  const desk = await GiveawayAdmin.signIn(baseURL, account);
  const context = await browser.newContext({ baseURL, storageState: await desk.sessionState() });
  await desk.dispose();
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  return context.newPage();
}

/** Winners of this run: two share a code (the nickname tells them apart), a third has one of its own. */
async function winnersOfThisRun(baseURL: string, label: string) {
  const admin = await GiveawayAdmin.signIn(baseURL);
  await admin.stopMaintenanceMode();
  const prizeName = `Desk prize ${label} ${Date.now()}`;
  const prizeId = await admin.createPrize(prizeName);
  const shared = String(1000 + (Date.now() % 9000));
  const own = String(1000 + ((Date.now() + 4500) % 9000));
  for (const [nickname, password] of [
    ["Deskone", shared],
    ["Desktwo", shared],
    ["Deskthree", own],
  ] as const) {
    const stand = await admin.createPage(`Desk stand ${nickname} ${Date.now()}`);
    await admin.place(prizeId, stand);
    await winAsVisitor(baseURL, stand.urlPath, nickname, password);
  }
  const desk = await admin.createAccount(`desk-${label}`, "desk");
  return { admin, prizeName, shared, own, desk };
}

/** The phone project's screens at 390 px, the desktop one's at 1440 px. */
async function atReviewWidth(page: Page, project: string) {
  await page.setViewportSize(project === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
}

test.describe("prize desk", () => {
  test(
    "the desk finds a winner by the code (and nickname), never sees a code, hands over and undoes a mis-tap",
    { tag: "@desktop-only" },
    async ({ browser }, testInfo) => {
      // Two sign-ins, four winners, several screenshots at two widths: more than 30 s on a busy 2-core machine.
      test.setTimeout(120_000);
      const baseURL = String(testInfo.project.use.baseURL);
      const run = await winnersOfThisRun(baseURL, testInfo.project.name);
      const page = await deskBrowser(browser, baseURL, run.desk, "en");
      await atReviewWidth(page, testInfo.project.name);
      const desk = new DeskPage(page);
      await desk.open();

      // A nickname alone finds no one: the desk waits for the code the visitor shows.
      await page.getByLabel(/Nickname/).fill("Deskthree");
      await expect(page.getByText("Waiting for the 4-digit password.")).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);
      // The right nickname with another winner's code: no match.
      await desk.lookUp(run.shared);
      await expect(page.getByText(`No winner named “Deskthree” has the password ${run.shared}.`, { exact: false })).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);

      // The code alone, which two waiting winners chose: neither is shown until the nickname is typed.
      await page.getByLabel(/Nickname/).fill("");
      await expect(page.getByText(`More than one winner is waiting with the password ${run.shared}.`)).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);
      await page.getByLabel(/Nickname/).fill("desktwo");
      await expect(page.getByText("Nickname and password match.")).toBeVisible();
      await expect(desk.winner("Deskone")).toBeHidden();
      await desk.screenshot("desk-match");

      // Handed over, then undone right there (a mis-tap), then handed over again.
      const card = desk.winner("Desktwo");
      await card.getByRole("button", { name: "Hand over" }).click();
      await expect(card.getByRole("status")).toHaveText("Handed over. Enjoy!");
      await desk.screenshot("desk-handed-over");
      await card.getByRole("button", { name: "Undo hand-over" }).click();
      await expect(card.getByRole("status")).toHaveText("Hand-over undone: Desktwo has not received the prize.");
      await expect.poll(async () => (await run.admin.winner("Desktwo", run.shared)).is_received).toBe(false);
      await desk.screenshot("desk-undone");
      await card.getByRole("button", { name: "Hand over" }).click();
      await expect(card.getByRole("status")).toHaveText("Handed over. Enjoy!");
      expect((await run.admin.winner("Desktwo", run.shared)).is_received).toBe(true);

      // The same code shown again (or at another desk): refused, with the time, in red.
      await page.reload();
      // Only one of the two is still waiting now: the code shows both, the other one as handed over.
      await desk.lookUp(run.shared);
      await expect(page.getByText("The password matches. Check the nickname with the visitor.")).toBeVisible();
      await expect(desk.winner("Desktwo")).toContainText(/Already handed over to Desktwo at \d{2}:\d{2}\./);
      await expect(desk.winner("Desktwo").getByRole("button", { name: "Hand over" })).toHaveCount(0);
      await expect(desk.winner("Deskone").getByRole("button", { name: "Hand over" })).toBeVisible();
      // No code anywhere on the page but in the box the volunteer typed it into.
      await expect(page.locator("main")).not.toContainText(new RegExp(`\\b${run.shared}\\b`));
      await desk.screenshot("desk-already");
      await page.context().close();
      await run.admin.dispose();
    },
  );

  test("in Korean: the code and nickname, a match, the hand-over and its undo", { tag: "@desktop-only" }, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const run = await winnersOfThisRun(baseURL, `${testInfo.project.name}-ko`);
    const page = await deskBrowser(browser, baseURL, run.desk, "ko");
    await atReviewWidth(page, testInfo.project.name);
    await page.goto("/admin/desk");
    await expect(page.getByRole("heading", { level: 1, name: "경품 데스크" })).toBeVisible();
    await page.getByLabel("비밀번호").fill(run.own);
    await page.getByLabel(/닉네임/).fill("Deskthree");
    await expect(page.getByText("닉네임과 비밀번호가 일치해요.")).toBeVisible();
    const card = page.getByRole("article", { name: /^Deskthree:/ });
    await card.getByRole("button", { name: "수령 처리" }).click();
    await expect(card.getByRole("status")).toHaveText("수령 완료! 즐거운 시간 보내세요.");
    await expect(card.getByRole("button", { name: "수령 취소" })).toBeVisible();
    await screenshotAsIs(page, `desk-ko-handed-over-${testInfo.project.name}`, { fullPage: true });
    await card.getByRole("button", { name: "수령 취소" }).click();
    await expect(card.getByRole("status")).toHaveText("수령 처리를 취소했어요. Deskthree님은 아직 경품을 받지 않은 상태예요.");
    await screenshotAsIs(page, `desk-ko-undone-${testInfo.project.name}`, { fullPage: true });
    await page.context().close();
    await run.admin.dispose();
  });

  test("@phone-only at 390 px in Korean and English: a shared code asks for the nickname, an undo keeps the deadline and Hand over in view", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const baseURL = String(testInfo.project.use.baseURL);
    const organiser = await GiveawayAdmin.signIn(baseURL);
    const minutesBefore = (await organiser.settings()).collect_within_minutes;
    await organiser.updateSettings({ collect_within_minutes: 30 });
    try {
      const run = await winnersOfThisRun(baseURL, `${testInfo.project.name}-390`);
      for (const [language, words] of [
        ["ko", { needed: "당첨자가 여러 명", both: "닉네임과 비밀번호가 일치해요.", handOver: "수령 처리", undo: "수령 취소" }],
        [
          "en",
          {
            needed: "More than one winner is waiting",
            both: "Nickname and password match.",
            handOver: "Hand over",
            undo: "Undo hand-over",
          },
        ],
      ] as const) {
        const page = await deskBrowser(browser, baseURL, run.desk, language);
        await recordAnnouncements(page);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto("/admin/desk");
        await page.getByLabel(language === "ko" ? "비밀번호" : "Password").fill(run.shared);
        // Two winners wait with this code: the desk asks for the nickname and shows neither.
        await expect(page.locator("#desk-status")).toContainText(words.needed);
        await expect(page.locator("#desk-status")).toContainText(run.shared);
        await expect(page.getByRole("article")).toHaveCount(0);
        // The question takes the volunteer to the nickname box.
        await expect(page.getByLabel(language === "ko" ? /닉네임/ : /Nickname/)).toBeFocused();
        await screenshotAsIs(page, `desk-shared-code-${language}-390`);
        const nickname = language === "ko" ? "Deskone" : "Desktwo";
        await page.keyboard.type(nickname.toLowerCase());
        await expect(page.getByText(words.both)).toBeVisible();
        const card = page.getByRole("article", { name: new RegExp(`^${nickname}:`) });
        const deadline = await card.getByTestId("deadline").textContent();
        await card.getByRole("button", { name: words.handOver }).click();
        await card.getByRole("button", { name: words.undo }).click();
        // The winner keeps the deadline they were told, and the desk says so.
        const time = /\d{1,2}:\d{2}/.exec(deadline ?? "")?.[0];
        expect(time).toBeDefined();
        await expectAnnounced(page, new RegExp(`${nickname}.*${time}`));
        await expect(card.getByTestId("deadline")).toHaveText(deadline!);
        // Hand over again is whole on screen, and where the keyboard is.
        const handOver = card.getByRole("button", { name: words.handOver });
        await expect(handOver).toBeFocused();
        await expect(handOver).toBeInViewport({ ratio: 1 });
        await expect(card.getByRole("status")).toBeInViewport({ ratio: 1 });
        const box = (await handOver.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await screenshotAsIs(page, `desk-undone-${language}-390`);
        await page.context().close();
      }
      await run.admin.dispose();
    } finally {
      await organiser.updateSettings({ collect_within_minutes: minutesBefore });
      await organiser.dispose();
    }
  });

  test(
    "a code and nickname typed before the desk's scripts have run are looked up once they have",
    { tag: "@desktop-only" },
    async ({ browser }, testInfo) => {
      const baseURL = String(testInfo.project.use.baseURL);
      const { admin, pages } = await signInWithPrize(testInfo, "Early desk");
      const password = String(1000 + (Date.now() % 9000));
      await winAsVisitor(baseURL, await pages.withPrize(), "Earlybird", password);
      const deskAccount = await admin.createAccount(`desk-early-${testInfo.project.name}`, "desk");
      const page = await deskBrowser(browser, baseURL, deskAccount, "en");
      // A tablet on venue Wi-Fi: the screen is drawn, its scripts still on the way, and the desk types.
      const releaseScripts = await holdPageScripts(page);
      await page.goto("/admin/desk", { waitUntil: "commit" });
      await expect(page.getByRole("heading", { name: "Prize desk" })).toBeVisible();
      const desk = new DeskPage(page);
      await desk.lookUp(password);
      await page.getByLabel(/Nickname/).fill("Earlybird");
      await releaseScripts();
      await expect(desk.winner("Earlybird")).toBeVisible();
      await expect(page.getByText("Nickname and password match.")).toBeVisible();
      await page.context().close();
      await admin.dispose();
    },
  );
});
