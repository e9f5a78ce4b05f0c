import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectAnnounced } from "./support/announcements";
import { GiveawayAdmin, winAsVisitor } from "./support/giveaway-admin";
import { screenshotAsIs, widthName } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

/**
 * A team member whose browser asks for Korean runs the winners, prize desk, audit log, accounts
 * and settings screens in Korean, on a phone (390 px) and a wide screen (1440 px), with nothing wider than
 * the screen. Screenshots in .tmp/screenshots/ko-*.png are for a person to look at.
 */
test.use({ locale: "ko-KR" });

/** Signs the browser in through the API (the sign-in form belongs to another screen's test). */
async function signInBrowser(page: Page) {
  expect((await page.request.get("/api/health/")).ok()).toBe(true);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const login = await page.request.post("/api/admin/login/", { headers: { "X-CSRFToken": csrf }, data: E2E_ADMIN });
  expect(await login.json()).toEqual({ message: "Login successful" });
}

/**
 * No part of the page is wider than the screen, and a screenshot for review. A phone browser zooms out to
 * show a page wider than itself (window.innerWidth grows with it), so the page must also fit the width the
 * test set; a failure names the elements that stick out.
 */
async function checkScreen(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAsIs(page, `ko-${name}-${widthName(page)}`, { fullPage: true });
  const {
    content,
    window: windowWidth,
    sticking,
  } = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    const beyond = (element: Element) => element.getBoundingClientRect().right > edge;
    return {
      content: document.documentElement.scrollWidth,
      window: window.innerWidth,
      sticking: [...document.querySelectorAll("body *")]
        .filter((element) => beyond(element) && ![...element.children].some(beyond))
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()}> ${element.textContent?.slice(0, 40)}`),
    };
  });
  const screen = Math.min(windowWidth, page.viewportSize()!.width);
  expect(content, `${name} is wider than the screen: ${sticking.join(", ")}`).toBeLessThanOrEqual(screen);
}

test.describe("admin screens in Korean (winners, desk, audit, accounts, settings)", { tag: "@desktop-only" }, () => {
  test("a Korean-speaking team member runs the screens", async ({ page }, testInfo) => {
    // Five screens, setup through the API and a screenshot each, on a busy 2-core machine.
    test.setTimeout(150_000);
    const phone = testInfo.project.name === "phone";
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    const baseURL = String(testInfo.project.use.baseURL);
    const admin = await GiveawayAdmin.signIn(baseURL);
    await admin.stopMaintenanceMode();
    const run = Date.now().toString(36).slice(-4);
    const prizeId = await admin.createPrize(`우산 ${run}`);
    const password = String(1000 + (Date.now() % 9000));
    const [first, second] = [`민지${run}`.slice(0, 10), `서준${run}`.slice(0, 10)];
    for (const nickname of [first, second]) {
      const stand = await admin.createPage(`부스 ${nickname}`);
      await admin.place(prizeId, stand);
      await winAsVisitor(baseURL, stand.urlPath, nickname, password);
    }
    await admin.dispose();
    await signInBrowser(page);

    // Winners: find by password, only those not received, mark one received.
    await page.goto("/admin/winners");
    await expect(page.getByRole("heading", { name: "당첨자 관리" })).toBeVisible();
    await page.getByLabel("검색").fill(password);
    const table = page.getByRole("table", { name: "당첨자" });
    // The search applies after a pause in typing: the next filter waits for it.
    await expect(page.getByText("당첨자 2명")).toBeVisible();
    await page.getByLabel("수령 여부").selectOption({ label: "미수령" });
    await expect(page).toHaveURL(/is_received=false/);
    await expect(table.getByRole("row").filter({ hasText: first })).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: second })).toBeVisible();
    await checkScreen(page, "winners-list");
    await table.getByRole("button", { name: `수령 처리 ${first}` }).click();
    await expectAnnounced(page, `${first}: 수령 완료.`);
    await expect(table.getByRole("row").filter({ hasText: first })).toHaveCount(0);
    await checkScreen(page, "winners");

    // The prize desk: the second winner's prize, then the same code again.
    await page.goto("/admin/desk");
    await expect(page.getByRole("heading", { name: "경품 데스크" })).toBeVisible();
    await page.getByLabel("비밀번호").fill(password);
    const card = page.getByRole("article", { name: new RegExp(`^${second}:`) });
    await card.getByRole("button", { name: "수령 처리" }).click();
    await expect(card.getByRole("status")).toHaveText("수령 완료! 즐거운 시간 보내세요.");
    await page.reload();
    await page.getByLabel("비밀번호").fill(password);
    await expect(page.getByRole("article", { name: new RegExp(`^${first}:`) })).toContainText(
      new RegExp(`(오전|오후) \\d{1,2}:\\d{2}에 이미 ${first}님이 수령했어요\\.`),
    );
    await checkScreen(page, "desk");

    // The audit log shows both hand-overs.
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: "활동 기록" })).toBeVisible();
    // The rows come from the screen's own call, made once its scripts run: a choice made before that would be
    // drawn over by hydration (a native select's choice is not taken up the way a typed search is).
    const auditRows = page.getByRole("table", { name: "활동 기록" }).getByRole("row");
    await expect(auditRows.nth(1)).toBeVisible();
    await page.getByLabel("작업").selectOption("winner.mark_received");
    await expect(page).toHaveURL(/action=winner\.mark_received/);
    // Winners are named by id and prize, never by nickname (server-behaviour.md, "Privacy").
    await expect(auditRows.filter({ hasText: new RegExp(`winner: #\\d+ \\(우산 ${run}\\)`) }).first()).toBeVisible();
    await expect(auditRows.filter({ hasText: first })).toHaveCount(0);
    await checkScreen(page, "audit");

    // Accounts: a too-short password is refused in Korean by the form; then a desk account, made a manager.
    await page.goto("/admin/accounts");
    await expect(page.getByRole("heading", { name: "계정" })).toBeVisible();
    await page.getByRole("button", { name: "새 계정" }).click();
    const form = page.getByRole("form", { name: "새 계정" });
    const accountName = `팀원-${run}`;
    await form.getByLabel("이름").fill(accountName);
    await form.getByLabel("비밀번호").fill("short");
    await form.getByRole("button", { name: "계정 만들기" }).click();
    await expect(form.getByText("비밀번호는 8자 이상이어야 해요.")).toBeVisible();
    await checkScreen(page, "accounts-form");
    await form.getByLabel("비밀번호").fill("long-enough-password");
    await form.getByRole("button", { name: "계정 만들기" }).click();
    await expectAnnounced(page, `${accountName} 계정을 만들었어요 (경품 데스크).`);
    await page.getByRole("combobox", { name: `${accountName}의 역할` }).selectOption({ label: "관리자" });
    await expectAnnounced(page, `${accountName} 계정의 역할을 관리자(으)로 바꿨어요.`);
    await checkScreen(page, "accounts");

    // Settings: where the event stands, and a pause message saved.
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "행사 설정" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "방문객당 하루 1개" })).toBeVisible();
    await page.getByLabel("방문객에게 보여 줄 안내").fill(`잠시 쉬어요 ${run}`);
    await page.getByRole("button", { name: "행사 규칙 저장" }).click();
    await expectAnnounced(page, "행사 설정을 저장했어요.");
    await checkScreen(page, "settings");
  });
});
