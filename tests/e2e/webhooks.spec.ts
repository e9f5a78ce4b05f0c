import type { Page, TestInfo } from "@playwright/test";
import { AdminPages } from "./pages/admin";
import { LocalReceiver, WebhooksPage } from "./pages/webhooks";
import { expectAnnounced } from "./support/announcements";
import { expectNoNewViolations } from "./support/axe";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

test.use({ signedIn: true });

// The e2e servers run with WEBHOOKS_ALLOW_PRIVATE=1 (playwright.config.ts): this receiver is on 127.0.0.1.
const receiver = new LocalReceiver();
test.beforeAll(async () => {
  await receiver.start();
});
test.afterAll(async () => receiver.stop());

/** A receiver address unique to this test and run. */
const addressFor = (label: string, testInfo: TestInfo) => receiver.url(`${label}-${testInfo.project.name}-${Date.now().toString(36)}`);

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page wider than the window").toBeLessThanOrEqual(innerWidth);
}

test.describe("webhook receivers", { tag: "@desktop-only" }, () => {
  test("added with its secret shown once, tested, sent again, given a new secret, turned off and deleted", async ({ page }, testInfo) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const screen = new WebhooksPage(page);
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    // Nothing ticked: refused in the browser, on the types. A name that resolves nowhere: refused by the server, on the URL.
    await page.getByRole("button", { name: "New receiver" }).click();
    const form = screen.newForm;
    await expect(form.getByRole("checkbox", { name: /^Include the winner's nickname/ })).not.toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^On\b/ })).toBeChecked();
    const url = form.getByLabel("Receiver URL");
    await url.fill("http://receiver.invalid/hook");
    await form.getByRole("button", { name: "Create receiver" }).click();
    await expect(form.getByRole("group", { name: "Message types" })).toHaveAccessibleDescription("Choose at least one message type.");
    await screen.typeBox(form, "winner.created").check();
    await form.getByRole("button", { name: "Create receiver" }).click();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(/receiver\.invalid does not resolve/);

    const address = addressFor("flow", testInfo);
    await url.fill(address);
    await form.getByRole("button", { name: "Create receiver" }).click();
    const secret = await screen.readSecretOnce("Receiver created: its signing secret");
    const secretDialog = page.getByRole("dialog", { name: "Receiver created: its signing secret" });
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await expect(secretDialog.getByRole("status")).toHaveText("The secret is on the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole("button", { name: "I have saved it" }).click();
    await expect(screen.row(address)).toContainText("winner.created");
    await expect(screen.row(address)).toContainText("On");
    // Once: the list, and the screen opened again, never show it.
    await page.reload();
    await expect(screen.row(address)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A test message reaches the receiver, signed with the secret; the log says so and lists it.
    await screen.action(address, "Send test message").click();
    await expect(screen.log).toContainText("webhook.test delivered: the receiver answered 200.");
    await expect(screen.logRows("webhook.test")).toHaveCount(1);
    await expect(screen.logRows("webhook.test")).toContainText("Delivered");
    await expect(screen.logRows("webhook.test").getByRole("cell").nth(3)).toHaveText("1");
    expect(receiver.at(address, secret)).toEqual([{ id: expect.stringMatching(/^msg_/), type: "webhook.test", signedBySecret: true }]);

    // Sent again: the same message (same id) a second time, two tries in the log.
    await screen
      .logRows("webhook.test")
      .getByRole("button", { name: /^Send again: webhook\.test/ })
      .click();
    await expect(screen.logRows("webhook.test").getByRole("cell").nth(3)).toHaveText("2");
    const [first, again] = receiver.at(address, secret);
    expect(again?.id).toBe(first?.id);
    await page.keyboard.press("Escape");

    // A new secret: confirmed first, shown once, and the next message is signed with it, not the old one.
    await screen.action(address, "New secret").click();
    await page.getByRole("dialog", { name: "Make a new signing secret?" }).getByRole("button", { name: "Make a new secret" }).click();
    const rolled = await screen.readSecretOnce("The new signing secret");
    expect(rolled).not.toBe(secret);
    await page.getByRole("dialog", { name: "The new signing secret" }).getByRole("button", { name: "I have saved it" }).click();
    await screen.action(address, "Send test message").click();
    await expect(screen.logRows("webhook.test")).toHaveCount(2);
    await expect(screen.logRows("webhook.test").first()).toContainText("Delivered");
    expect(receiver.at(address, rolled).map((arrival) => arrival.signedBySecret)).toEqual([false, false, true]);
    await page.keyboard.press("Escape");

    // Turned off in the edit form.
    await screen.action(address, "Edit").click();
    const edit = page.getByRole("dialog", { name: "Edit receiver" });
    await edit.getByRole("checkbox", { name: /^On\b/ }).uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await expectAnnounced(page, `Receiver ${address} saved.`);
    await expect(screen.row(address)).toContainText("Off");

    // Deleted after a confirmation.
    await screen.action(address, "Delete").click();
    await page.getByRole("dialog", { name: "Delete this receiver?" }).getByRole("button", { name: "Delete" }).click();
    await expectAnnounced(page, `Receiver ${address} deleted.`);
    await expect(screen.row(address)).toHaveCount(0);
  });
});

test.describe("the webhooks screen's roles", { tag: "@desktop-only" }, () => {
  // Signed in through the form, as each role in turn.
  test.use({ signedIn: false });

  test("is in the menu of owners and managers, and refused to a viewer", async ({ page }, testInfo) => {
    const owner = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    const manager = await owner.createAccount(`webhooks-manager-${testInfo.project.name}`, "manager");
    const viewer = await owner.createAccount(`webhooks-viewer-${testInfo.project.name}`, "viewer");
    await owner.dispose();
    const admin = new AdminPages(page);
    const menu = page.getByRole("navigation", { name: "Admin", exact: true });

    await admin.openLogin();
    await admin.signIn(manager);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
    await menu.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await page.context().clearCookies();
    await admin.openLogin();
    await admin.signIn(viewer);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
    await page.goto("/admin/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed for your role" })).toBeVisible();
  });
});

for (const { language, locale, words } of [
  {
    language: "English",
    locale: "en-US",
    words: {
      title: "Webhooks",
      add: "New receiver",
      url: "Receiver URL",
      create: "Create receiver",
      done: "I have saved it",
      log: "Delivery log",
      remove: "Delete",
    },
  },
  {
    language: "Korean",
    locale: "ko-KR",
    words: {
      title: "웹훅",
      add: "새 수신처",
      url: "수신 URL",
      create: "수신처 만들기",
      done: "저장했어요",
      log: "전송 기록",
      remove: "삭제",
    },
  },
]) {
  test.describe(`the webhooks screen in ${language}`, () => {
    test.use({ locale });

    test("list, new-receiver form, secret shown once and delivery log: no axe violation, nothing scrolls sideways", async ({
      page,
    }, testInfo) => {
      const check = (screen: string) => expectNoNewViolations(page, `webhooks ${screen} (${language})`, testInfo, []);
      const shot = (name: string) => reviewScreenshot(page, `webhooks-${name}-${locale}`);
      await page.goto("/admin/webhooks");
      await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();
      await page.getByRole("button", { name: words.add }).click();
      const form = page.getByRole("form", { name: words.add });
      const address = addressFor("layout", testInfo);
      await form.getByLabel(words.url).fill(address);
      await form.getByRole("checkbox", { name: /^winner\.created/ }).check();
      await form.getByRole("checkbox", { name: /^event\.paused/ }).check();
      await check("new-receiver form");
      await expectNoSidewaysScroll(page);
      await shot("form");

      await form.getByRole("button", { name: words.create }).click();
      const secret = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: words.done }) });
      await expect(secret.getByRole("textbox")).toHaveValue(/^whsec_/);
      await check("secret shown once");
      await shot("secret");
      await secret.getByRole("button", { name: words.done }).click();

      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
      await check("list");
      await expectNoSidewaysScroll(page);
      await shot("list");

      // A new receiver's log is empty, then holds the test message sent from it.
      const row = page.getByRole("table").getByRole("row").filter({ hasText: address });
      await row.getByRole("button", { name: `${words.log} ${address}` }).click();
      const log = page.getByRole("dialog", { name: words.log });
      await expect(log.getByText(locale === "ko-KR" ? "아직 보낸 메시지가 없어요" : "No messages yet")).toBeVisible();
      await check("empty delivery log");
      await log.getByRole("button", { name: locale === "ko-KR" ? "테스트 메시지 보내기" : "Send test message" }).click();
      await expect(log.getByRole("table").getByRole("row").filter({ hasText: "webhook.test" })).toHaveCount(1);
      await expect(log.getByText(/webhook\.test (delivered|전달 완료)/)).toBeVisible();
      await check("delivery log");
      await expectNoSidewaysScroll(page);
      await shot("log");

      // Gone again, so no later file's wins are posted to it.
      await page.keyboard.press("Escape");
      await row.getByRole("button", { name: `${words.remove} ${address}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: words.remove }).click();
      await expect(row).toHaveCount(0);
    });
  });
}
