import { expect, type Page, test } from "@playwright/test";
import ko from "../../messages/ko.json";
import { ProductPage } from "./pages/product-page";
import { type GiveawayAdmin, type PageAllocator, signInWithPrize, winAsVisitor } from "./support/giveaway-admin";
import { screenshotAsIs } from "./support/screenshot";

// A phone whose browser asks for Korean sees the whole visitor flow in Korean, from the scan to
// the winner's proof, the refusal and the not-found page. The English run of the same flow is
// public-page.spec.ts. Each screen is checked for sideways overflow (Korean runs wider) and photographed.
test.use({ locale: "ko-KR" });

const words = ko.visitor;
let admin: GiveawayAdmin;
let pages: PageAllocator;
let prizeName: string;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.beforeAll(async ({}, testInfo) => {
  ({ admin, pages, prizeName } = await signInWithPrize(testInfo, "KO"));
});

test.afterAll(async () => {
  await admin?.dispose();
});

// The widths the screens are reviewed at: a 390 px phone, a 1440 px desktop.
test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 });
});

async function expectNoSidewaysOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The Korean page's parts, by their Korean names. */
function korean(page: Page) {
  return {
    ticket: page.getByRole("button", { name: words.page.tapTicket }),
    claimDialog: page.getByRole("dialog", { name: words.claim.title }),
    alert: (title: string) => page.getByRole("alertdialog", { name: title }),
  };
}

async function look(visitor: ProductPage, name: string) {
  await expectNoSidewaysOverflow(visitor.page);
  await visitor.screenshot(`ko-${name}`);
}

test.describe("the visitor's page in Korean", () => {
  test("from the scan to the winner's proof, all in Korean", { tag: "@phone-only" }, async ({ page }) => {
    const urlPath = await pages.withPrize();
    const visitor = new ProductPage(page);
    const screen = korean(page);
    await visitor.open(urlPath);
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    await expect(page.getByRole("heading", { name: words.page.foundPrize })).toBeVisible();
    await expect(page.getByText("선착순이에요. 티켓을 누르고 60초 안에 닉네임과 비밀번호를 입력하세요.")).toBeVisible();
    await expect(screen.ticket).toBeVisible();
    await expect(screen.ticket).toBeInViewport({ ratio: 0.3 });
    // The switch names each language in its own words, and says which is on.
    await expect(page.getByRole("combobox", { name: ko.language.label })).toHaveValue("ko");
    await look(visitor, "prize");

    const reserved = page.waitForResponse((response) => response.url().includes("/prize/claim/") && response.request().method() === "POST");
    await screen.ticket.click();
    expect((await reserved).status()).toBe(200);
    await expect(screen.claimDialog).toBeVisible();
    await expect(screen.claimDialog.getByRole("timer")).toHaveText(/^\d+초$/);
    await expect(screen.claimDialog.getByText(words.claim.intro)).toBeVisible();
    await expect(screen.claimDialog.getByText("10자까지 입력할 수 있어요.")).toBeVisible();
    const nickname = screen.claimDialog.getByLabel(words.claim.nickname);
    const password = screen.claimDialog.getByLabel(words.claim.password, { exact: true });
    await expect(nickname).toBeFocused();
    await look(visitor, "claim");

    // The form's own checks, in Korean; the nickname's 10 characters are counted as characters.
    const submit = screen.claimDialog.getByRole("button", { name: words.claim.submit, exact: true });
    await submit.click();
    await expect(screen.claimDialog.getByText(words.claim.errors.nameRequired)).toBeVisible();
    await expect(screen.claimDialog.getByText(words.claim.errors.passwordRequired)).toBeVisible();
    await nickname.fill("가나다라마바사아자차카");
    await password.fill("12a");
    await submit.click();
    await expect(screen.claimDialog.getByText("닉네임은 10자 이내로 입력해 주세요.")).toBeVisible();
    await expect(screen.claimDialog.getByText("비밀번호는 숫자 4자리로 입력해 주세요.")).toBeVisible();
    await look(visitor, "claim-errors");

    await nickname.fill("가나다라마바사아자차");
    await password.fill("2580");
    await submit.click();
    const result = screen.alert("축하합니다!");
    await expect(result).toBeVisible();
    await expect(result).toContainText(`${prizeName}에 당첨되셨어요.`);
    await expect(result.getByText(words.win.showAtDesk)).toBeVisible();
    await expect(result.getByTestId("won-nickname")).toHaveText("가나다라마바사아자차");
    await expect(result.getByTestId("won-password")).toHaveText("2580");
    // The time it was won, in Korean on the event's clock ("당첨 시각 오후 2:05").
    await expect(result.getByTestId("won-at")).toHaveText(/^당첨 시각 (오전|오후|저녁|밤|아침|새벽|낮) \d{1,2}:\d{2}$/);
    await look(visitor, "success");
    await result.getByRole("button", { name: words.result.ok }).click();
    await expect(page.getByRole("heading", { name: `${prizeName} 당첨!` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: `${prizeName} 당첨!` })).toBeVisible();
    await look(visitor, "win-kept");
  });

  test(
    "the slower of two Korean visitors is told in Korean that someone else got there first",
    { tag: "@phone-only" },
    async ({ page, browser }, testInfo) => {
      const urlPath = await pages.withPrize();
      const first = new ProductPage(page);
      const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport: page.viewportSize(),
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        locale: "ko-KR",
      });
      const second = new ProductPage(await context.newPage());
      await first.open(urlPath);
      await second.open(urlPath);
      const reserved = page.waitForResponse(
        (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST",
      );
      await korean(page).ticket.click();
      expect((await reserved).status()).toBe(200);

      const refused = second.page.waitForResponse((response) => response.url().includes("/prize/claim/"));
      await korean(second.page).ticket.click();
      expect((await refused).status()).toBe(409);
      const dialog = korean(second.page).alert(words.refused.takenTitle);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("죄송해요, 다른 분이 먼저 받았어요.");
      await expect(dialog).toContainText(words.refused.takenBody);
      await look(second, "refused");

      // OK reloads: the page now says, in Korean, that someone is claiming it.
      await Promise.all([second.page.waitForEvent("load"), dialog.getByRole("button", { name: words.result.ok }).click()]);
      await expect(second.page.getByRole("heading", { name: words.page.heldTitle })).toBeVisible();
      await look(second, "reserved");
      await context.close();
    },
  );

  test("an unknown page and the not-found page in Korean; the switch turns the page English", { tag: "@phone-only" }, async ({ page }) => {
    const visitor = new ProductPage(page);
    await page.goto("/p/doesnotexist");
    await expect(page.getByRole("heading", { name: ko.notFound.product })).toBeVisible();
    await expect(page.getByText(ko.notFound.body)).toBeVisible();
    await look(visitor, "product-not-found");
    await page.getByRole("link", { name: ko.notFound.returnHome }).click();
    await expect(page.getByRole("heading", { name: ko.notFound.title })).toBeVisible();
    await look(visitor, "not-found");

    // The visitor's choice beats the browser's: English, at the same address.
    const urlPath = await pages.withPrize();
    await visitor.open(urlPath);
    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: ko.language.label }).selectOption("en")]);
    await expect(page.getByRole("heading", { name: "You found a prize!" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/p/${urlPath}`);
    await visitor.screenshot("en-after-switch");
  });

  test("@desktop-only the big screen in Korean at 1920x1080: its words, a win's time on the event's clock", async ({ page }, testInfo) => {
    const token = await admin.displayToken();
    const stand = await pages.withPrize();
    await winAsVisitor(String(testInfo.project.use.baseURL), stand, `Kim${String(Date.now()).slice(-5)}`, "4321");
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/display/${token}`);
    await expect(page.getByRole("heading", { name: ko.display.latestWinners })).toBeVisible();
    await expect(page.getByRole("heading", { name: ko.display.heading })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(ko.display.live);
    // Each prize says where it can be won now, apart from the stock for later.
    await expect(page.getByText(/^(지금 \d+곳에서|지금은 부스에 없어요)( · 나중에 \d+개 더)?$/).first()).toBeVisible();
    // A win's time as a Korean TV says it: "오후 2:05".
    await expect(page.locator("time").first()).toHaveText(/^(오전|오후|저녁|밤|아침|새벽|낮) \d{1,2}:\d{2}$/);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    await expectNoSidewaysOverflow(page);
    await screenshotAsIs(page, "big-screen-ko-dark-1920");
  });
});
