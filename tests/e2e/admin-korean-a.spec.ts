import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectAnnounced } from "./support/announcements";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

// A browser that asks for Korean (Accept-Language ko-KR): the admin speaks Korean from the sign-in page on.
test.use({ locale: "ko-KR" });

const unique = (label: string, project: string) => `${label} ${project} ${Date.now().toString(36)}`;

/** Korean runs wider: no screen may scroll sideways, at 390 px or 1440 px. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page wider than the window").toBeLessThanOrEqual(innerWidth);
}

/** Checks the screen at the phone's width or at 1440 px (the desktop project), then back at 1440. */
async function lookAt(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await reviewScreenshot(page, `ko-${name}`);
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  if (!phone) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

async function signInInKorean(page: Page) {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "관리자 로그인" })).toBeVisible();
  await lookAt(page, "login");
  await page.getByLabel("아이디").fill(E2E_ADMIN.name);
  await page.getByLabel("비밀번호").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // The dashboard's data has come: the page is live (a tap on the phone's menu button before then is lost).
  await expect(page.getByText("스캔에서 당첨까지")).toBeVisible({ timeout: 15_000 });
}

/** Opens a screen from the menu (a drawer on phones). */
async function openFromMenu(page: Page, label: string) {
  // Below the md breakpoint (48rem) the menu is a drawer behind a button; waited for, not peeked at.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole("button", { name: "메뉴 열기" }).click();
  await page.getByRole("link", { name: label }).first().click();
}

test.describe("the admin in Korean", { tag: "@desktop-only" }, () => {
  // Two long walks through several screens, each looked at twice (390 px or 1280 and 1440 px).
  test.describe.configure({ timeout: 120_000 });

  test("sign-in, shell and dashboard, products with a modal and the print sheet", async ({ page }, testInfo) => {
    // A wrong password first: the server's answer comes back in Korean.
    await page.goto("/admin/login");
    await page.getByLabel("아이디").fill(E2E_ADMIN.name);
    await page.getByLabel("비밀번호").fill("wrong-password");
    await page.getByRole("button", { name: "로그인" }).click();
    await expect(page.getByText("로그인하지 못했습니다. 아이디와 비밀번호를 확인해 주세요.")).toBeVisible();

    await signInInKorean(page);
    await expect(page.getByRole("heading", { name: "대시보드", level: 1 })).toBeVisible();
    await expect(page.getByText("스캔에서 당첨까지")).toBeVisible({ timeout: 15_000 });
    await lookAt(page, "dashboard");

    const name = unique("우산", testInfo.project.name);
    await openFromMenu(page, "제품 관리");
    await expect(page.getByRole("heading", { name: "제품 관리", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "제품 추가" }).first().click();
    const panel = page.getByRole("region", { name: "제품 추가" });
    await panel.getByRole("button", { name: "저장" }).click();
    await expect(panel.getByText("제품명을 입력해 주세요.")).toBeVisible();
    await panel.getByRole("textbox", { name: "이름", exact: true }).fill(name);
    await panel.getByRole("button", { name: "저장" }).click();
    await expectAnnounced(page, `제품 “${name}”을(를) 만들었습니다.`);
    await page.getByRole("button", { name: "추가 양식 닫기" }).click();
    await lookAt(page, "products");

    // The QR modal of the new product.
    await page
      .getByRole("button", { name: `${name}의 QR 코드` })
      .first()
      .click();
    const qr = page.getByRole("dialog", { name: `QR 코드: ${name}` });
    await expect(qr.getByText("전체 URL")).toBeVisible();
    await lookAt(page, "products-qr-modal");
    await qr.getByRole("button", { name: "닫기" }).click();

    await page.goto("/admin/products/print");
    await expect(page.getByRole("heading", { name: "QR 코드 인쇄" })).toBeVisible();
    await expect(page.getByRole("button", { name: "인쇄" })).toBeVisible();
    await lookAt(page, "print");
  });

  test("prizes with a Korean validation error, placements, and the switch back to English", async ({ page }) => {
    await signInInKorean(page);
    await openFromMenu(page, "경품 관리");
    await expect(page.getByRole("heading", { name: "경품 관리", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "경품 추가" }).first().click();
    const panel = page.getByRole("region", { name: "경품 추가" });
    await panel.getByLabel("총수량").fill("1");
    await expect(panel.getByText("하루 당첨 한도는 총수량보다 클 수 없습니다.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "저장" })).toBeDisabled();
    await lookAt(page, "prizes-form");

    await openFromMenu(page, "경품 배치");
    await expect(page.getByRole("heading", { name: "경품 배치", level: 1 })).toBeVisible();
    const showForms = page.getByRole("button", { name: "경품 배치 · 자동 배치" });
    if (await showForms.isVisible()) await showForms.click();
    await expect(page.getByRole("button", { name: "경품 랜덤 배치" })).toBeVisible();
    await lookAt(page, "placements");

    // The language switch in the header: English from then on, on this screen and the next.
    await page.getByRole("combobox", { name: "언어" }).selectOption("en");
    await expect(page.getByRole("heading", { name: "Prize placement", level: 1 })).toBeVisible();
    // The switch names itself in the reader's language: English now.
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
    await lookAt(page, "placements-switched-to-english");
  });
});
