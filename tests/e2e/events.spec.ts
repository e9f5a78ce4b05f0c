import { ProductPage } from "./pages/product-page";
import { expectAnnounced } from "./support/announcements";
import { expectNoNewViolations } from "./support/axe";
import { GiveawayAdmin } from "./support/giveaway-admin";
import { reviewScreenshot } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

/**
 * The events screen and the header's event picker (server-behaviour.md, "Several events"). The organiser is
 * one account on a server the spec files share, and the seeded event is what they all act on: each test
 * puts the default event back live, the default and the account's selected event, whatever happens.
 */
test.use({ signedIn: true });

const stamp = () => Date.now().toString(36);

test.describe("events in Korean at 1440 px", { tag: "@desktop-only" }, () => {
  test.use({ locale: "ko-KR", viewport: { width: 1440, height: 900 } });

  test("create, copy keeping the addresses, switch to the copy in the header, go live and close", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    const seeded = (await admin.events()).find((event) => event.is_default);
    if (!seeded) throw new Error("No default event");
    const name = `행사 ${stamp()}`;
    const copyName = `사본 ${stamp()}`;
    try {
      await page.goto("/admin/events");
      const row = (text: string) => page.getByRole("row").filter({ hasText: text });
      await expect(row(seeded.name)).toBeVisible();

      await page.getByRole("button", { name: "새 행사" }).click();
      await page.getByRole("form", { name: "새 행사" }).getByLabel("이름").fill(name);
      await page.getByRole("button", { name: "행사 만들기" }).click();
      await expectAnnounced(page, `"${name}" 행사를 초안으로 만들었어요.`);
      await expect(row(name)).toContainText("초안");

      // A stand in the new event, so its copy has a page of its own to show.
      const created = (await admin.events()).find((event) => event.name === name);
      if (!created) throw new Error("The new event is not listed");
      await admin.selectEvent(created.id);
      const stand = `부스 ${stamp()}`;
      await admin.createPage(stand);
      await admin.selectEvent(seeded.id);

      await page.getByRole("button", { name: `복사 ${name}` }).click();
      const copying = page.getByRole("dialog");
      await expect(copying.getByLabel("이름")).toHaveValue(`${name} (복사본)`);
      await copying.getByLabel("이름").fill(copyName);
      await copying.getByRole("checkbox", { name: /주소 유지/ }).check();
      await copying.getByRole("button", { name: "복사", exact: true }).click();
      await expect(row(copyName)).toContainText("초안");
      await expect(row(copyName).getByRole("cell").nth(2)).toHaveText("1");
      await expectNoNewViolations(page, "events (ko)", testInfo, []);
      await reviewScreenshot(page, "events-ko");

      // The header's picker: the account's events with their status, the acting one chosen.
      const picker = page.getByRole("combobox", { name: "행사" });
      await expect(picker.locator("option:checked")).toHaveText(`${seeded.name} (진행 중)`);
      await picker.selectOption({ label: `${copyName} (초안)` });
      await expect(picker).toBeEnabled();
      await page.getByRole("link", { name: "제품 관리" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "제품 관리" })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: stand })).toBeVisible();
      await expect(picker.locator("option:checked")).toHaveText(`${copyName} (초안)`);
      await reviewScreenshot(page, "events-picker-ko", { fullPage: false });

      await page.getByRole("link", { name: "행사", exact: true }).first().click();
      await page.getByRole("button", { name: `공개 ${copyName}` }).click();
      const goLive = page.getByRole("dialog");
      await expect(goLive).toContainText("페이지 주소를 함께 쓰는 진행 중인 행사는 종료되고");
      await goLive.getByRole("button", { name: "공개", exact: true }).click();
      await expect(row(copyName)).toContainText("진행 중");
      await expect(row(seeded.name)).toContainText("진행 중");

      await page.getByRole("button", { name: `종료 ${copyName}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "행사 종료" }).click();
      await expect(row(copyName)).toContainText("종료");
      await expect(picker.locator("option:checked")).toHaveText(`${copyName} (종료)`);
    } finally {
      await admin.selectEvent(seeded.id);
      await admin.dispose();
    }
  });
});

test.describe("events on a 390 px phone", { tag: "@phone-only" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a copy keeping the addresses, once live, serves the printed QR code with its own prize", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
    const seeded = (await admin.events()).find((event) => event.is_default);
    if (!seeded) throw new Error("No default event");
    const copyName = `Day 2 ${stamp()}`;
    const prizeName = `Day 2 prize ${stamp()}`;
    try {
      await page.goto("/admin/events");
      await page.getByRole("button", { name: `Copy ${seeded.name}` }).click();
      const copying = page.getByRole("dialog");
      await copying.getByLabel("Name").fill(copyName);
      await copying.getByRole("checkbox", { name: /Keep the addresses/ }).check();
      await copying.getByRole("button", { name: "Copy", exact: true }).click();
      const copyRow = page.getByRole("row").filter({ hasText: copyName });
      await expect(copyRow).toContainText("Draft");
      await expectNoNewViolations(page, "events (en)", testInfo, []);
      await reviewScreenshot(page, "events-en");

      // The copy's own prize on one of its pages, which kept the seeded page's address.
      const copy = (await admin.events()).find((event) => event.name === copyName);
      if (!copy) throw new Error("The copy is not listed");
      await admin.selectEvent(copy.id);
      await admin.stopMaintenanceMode();
      const stand = await admin.firstPage();
      await admin.place(await admin.createPrize(prizeName), stand);

      await copyRow.getByRole("button", { name: `Go live ${copyName}` }).click();
      const goLive = page.getByRole("dialog");
      await expect(goLive).toContainText("A live event that shares one of its page addresses closes");
      await goLive.getByRole("button", { name: "Go live", exact: true }).click();
      await expect(copyRow).toContainText("Live");
      await expect(page.getByRole("row").filter({ hasText: seeded.name }).first()).toContainText("Closed");

      const visitor = new ProductPage(page);
      await visitor.open(stand.urlPath);
      await visitor.expectTicketReady();
      await visitor.tapTicket();
      await visitor.fillClaim("Daytwo", "1357");
      await visitor.submitClaim();
      await expect(visitor.alert("Congratulations!")).toContainText(`You won ${prizeName}.`);
      await expectNoNewViolations(page, "product page of the copy", testInfo, []);
    } finally {
      // The seeded event live and the default again (its copy closes: they share the addresses).
      if ((await admin.events()).find((event) => event.id === seeded.id)?.status !== "live") await admin.goLive(seeded.id);
      await admin.selectEvent(seeded.id);
      await admin.dispose();
    }
  });
});
