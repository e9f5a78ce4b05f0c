import { expect, type Locator, type Page } from "@playwright/test";

/** /admin/desk as the staff at the prize desk use it. */
export class DeskPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/desk");
    await expect(this.page.getByRole("heading", { name: "Prize desk" })).toBeVisible();
  }

  get password(): Locator {
    return this.page.getByLabel("Password");
  }

  async lookUp(password: string) {
    await this.password.fill(password);
  }

  winner(nickname: string): Locator {
    return this.page.getByRole("article", { name: new RegExp(`^${nickname}:`) });
  }

  async screenshot(name: string) {
    const width = (this.page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop";
    await this.page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
}
