import { expect, type Locator, type Page } from "@playwright/test";
import { reviewScreenshot } from "../support/screenshot";

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

  /** At 390 px on the phone project, 1440 px on the desktop one (see reviewScreenshot). */
  async screenshot(name: string) {
    await reviewScreenshot(this.page, name);
  }
}
