import type { Page, TestInfo } from "@playwright/test";
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

/**
 * The receivers' table has `address`'s row and is no longer dimmed for a load: axe reads a dimmed table's
 * contrast as it is drawn, and the list reloads behind the secret's dialog after a create.
 */
async function listSettled(page: Page, address: string) {
  const list = page.locator("table").first();
  await expect(list.locator("tr", { hasText: address })).toHaveCount(1);
  await expect(list).not.toHaveAttribute("aria-busy", "true");
  await expect(list).toHaveCSS("opacity", "1");
}

test.describe("webhook receivers", { tag: "@desktop-only" }, () => {
  test("added with its secret shown once, tested, given a new secret, sent again, turned off and deleted", async ({ page }, testInfo) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const screen = new WebhooksPage(page);
    await screen.open();
    await expect(page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Webhooks" })).toBeVisible();

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

    await page.keyboard.press("Escape");

    // A new secret: confirmed first, shown once.
    await screen.action(address, "New secret").click();
    await page.getByRole("dialog", { name: "Make a new signing secret?" }).getByRole("button", { name: "Make a new secret" }).click();
    const rolled = await screen.readSecretOnce("The new signing secret");
    expect(rolled).not.toBe(secret);
    await page.getByRole("dialog", { name: "The new signing secret" }).getByRole("button", { name: "I have saved it" }).click();

    // Sent again from the log: the same message (same id), now signed with the new secret and not the old one.
    await screen.action(address, "Delivery log").click();
    await screen
      .logRows("webhook.test")
      .getByRole("button", { name: /^Send again: webhook\.test/ })
      .click();
    await expect(screen.logRows("webhook.test").getByRole("cell").nth(3)).toHaveText("2");
    await expect(screen.logRows("webhook.test")).toContainText("Delivered");
    const [first, again] = receiver.at(address, rolled);
    expect(again?.id).toBe(first?.id);
    expect([first?.signedBySecret, again?.signedBySecret]).toEqual([false, true]);
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
  // Each role's own session, made through the API (the sign-in form is not this file's subject).
  test.use({ signedIn: false });

  test("is in the menu of owners and managers, and refused to a viewer", async ({ page }, testInfo) => {
    const baseURL = String(testInfo.project.use.baseURL);
    const owner = await GiveawayAdmin.signIn(baseURL);
    const manager = await owner.createAccount(`webhooks-manager-${testInfo.project.name}`, "manager");
    const viewer = await owner.createAccount(`webhooks-viewer-${testInfo.project.name}`, "viewer");
    await owner.dispose();
    const menu = page.getByRole("navigation", { name: "Admin", exact: true });
    const signInAs = async (account: { name: string; password: string }) => {
      const session = await GiveawayAdmin.signIn(baseURL, account);
      await page.context().clearCookies();
      await page.context().addCookies((await session.sessionState()).cookies);
      await session.dispose();
    };

    await signInAs(manager);
    await page.goto("/admin/audit");
    await menu.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await signInAs(viewer);
    await page.goto("/admin/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed for your role" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
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
      await listSettled(page, address);
      await check("secret shown once");
      await shot("secret");
      await secret.getByRole("button", { name: words.done }).click();

      await listSettled(page, address);
      await check("list");
      await expectNoSidewaysScroll(page);
      await shot("list");

      // A new receiver's log is empty, then holds the test message sent from it.
      const row = page.getByRole("table").getByRole("row").filter({ hasText: address });
      await row.getByRole("button", { name: `${words.log} ${address}` }).click();
      const log = page.getByRole("dialog", { name: words.log });
      await expect(log.getByText(locale === "ko-KR" ? "아직 보낸 메시지가 없어요" : "No messages yet")).toBeVisible();
      await log.getByRole("button", { name: locale === "ko-KR" ? "테스트 메시지 보내기" : "Send test message" }).click();
      await expect(log.getByRole("table").getByRole("row").filter({ hasText: "webhook.test" })).toHaveCount(1);
      await expect(log.getByText(/webhook\.test (delivered|전달 완료)/)).toBeVisible();
      await expect(log.locator("table")).toHaveCSS("opacity", "1");
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
