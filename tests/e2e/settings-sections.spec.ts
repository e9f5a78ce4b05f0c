import { screenshotAsIs } from "./support/screenshot";
import { expect, test } from "./support/signed-in";

// The organiser in Korean on a wide screen: the settings screen's topics and the prize form's names.
test.use({ signedIn: true, locale: "ko-KR" });

/** The settings screen's topics in Korean, each with what its own save button says (none a bare "저장"). */
const TOPICS = [
  { link: "행사 규칙", id: "event-rules", save: "행사 규칙 저장" },
  { link: "브랜딩", id: "branding", save: "브랜딩 저장" },
  { link: "경품 수령", id: "collection", save: "경품 수령 설정 저장" },
  { link: "개인정보", id: "privacy", save: "개인정보 설정 저장" },
  { link: "새 행사 시작", id: "new-event", save: null },
] as const;

test.describe("settings and the prize form at 1440 px in Korean", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("@desktop-only each settings topic is reached from the screen's own menu, by pointer or keyboard, and says what it saves", async ({
    page,
  }) => {
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "행사 설정" })).toBeVisible();
    const topics = page.getByRole("navigation", { name: "설정 항목" });
    await expect(topics.getByRole("link")).toHaveText(TOPICS.map((topic) => topic.link));
    await screenshotAsIs(page, "settings-topics-ko-1440");

    // No save button is a bare "저장": each names what it saves, in its own topic.
    await expect(page.getByRole("button", { name: "저장", exact: true })).toHaveCount(0);
    for (const topic of TOPICS) {
      await topics.getByRole("link", { name: topic.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${topic.id}$`));
      const part = page.locator(`#${topic.id}`);
      // The topic starts on screen, below the admin's sticky header, with its own title.
      await expect(part.getByRole("heading", { level: 2 }).first()).toBeInViewport();
      expect((await part.boundingBox())!.y).toBeGreaterThanOrEqual(64);
      if (topic.save) await expect(part.getByRole("button", { name: topic.save, exact: true })).toHaveCount(1);
    }
    await screenshotAsIs(page, "settings-privacy-ko-1440");

    // By keyboard: the menu's links are in the tab order, and Enter takes the reader to the topic. The settings
    // answer late (as on venue Wi-Fi): the link is followed before the topics above it are drawn, and the topic
    // stays in view once they are.
    let settingsRead = false;
    await page.route("**/api/admin/settings/", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
      settingsRead = true;
    });
    await page.goto("/admin/settings");
    const branding = topics.getByRole("link", { name: "브랜딩", exact: true });
    await branding.focus();
    await expect(branding).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#branding$/);
    await expect.poll(() => settingsRead).toBe(true);
    await expect(page.locator("#event-rules")).toBeVisible();
    await expect(page.locator("#branding").getByRole("heading", { level: 2, name: "브랜딩" })).toBeInViewport();
  });

  test("@desktop-only the prize form shows the name in English and in Korean side by side, without unfolding anything", async ({
    page,
  }) => {
    await page.goto("/admin/prizes");
    await expect(page.getByRole("heading", { level: 1, name: "경품 관리" })).toBeVisible();
    await page.getByRole("button", { name: "경품 추가" }).first().click();
    const form = page.getByRole("region", { name: "경품 추가" });
    const english = form.getByRole("textbox", { name: "영어 이름", exact: true });
    const korean = form.getByRole("textbox", { name: "한국어 이름", exact: true });
    await expect(english).toBeVisible();
    await expect(korean).toBeVisible();
    const [left, right] = [(await english.boundingBox())!, (await korean.boundingBox())!];
    // Side by side: one row, English first.
    expect(Math.abs(left.y - right.y)).toBeLessThan(2);
    expect(left.x + left.width).toBeLessThanOrEqual(right.x);
    // Right under the name the form requires, before the description.
    const main = (await form.getByRole("textbox", { name: "이름", exact: true }).boundingBox())!;
    const description = (await form.getByRole("textbox", { name: "설명", exact: true }).boundingBox())!;
    expect(left.y).toBeGreaterThan(main.y);
    expect(left.y).toBeLessThan(description.y);
    await form.scrollIntoViewIfNeeded();
    await screenshotAsIs(page, "settings-prize-form-ko-1440");
  });
});
