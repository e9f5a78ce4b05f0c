import { expect, type Locator, type Page } from "@playwright/test";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/winners as the organiser uses it. */
export class WinnersPage {
  constructor(readonly page: Page) {}

  async open(query = "") {
    await this.page.goto(`/admin/winners${query}`);
    await expect(this.page.getByRole("heading", { name: "Winner management" })).toBeVisible();
  }

  row(nickname: string): Locator {
    return this.page.getByRole("row").filter({ hasText: nickname });
  }

  /** The nickname as the row shows it in bold, its first line. */
  nickname(nickname: string): Locator {
    return this.row(nickname).getByText(nickname, { exact: true });
  }

  get rows(): Locator {
    return this.page.getByRole("table", { name: "Winners" }).locator("tbody tr");
  }

  get footer(): Locator {
    return this.page.getByText(/^Page \d+ \/ \d+ · \d+ winners?$/);
  }

  async search(text: string) {
    await this.page.getByLabel("Search", { exact: true }).fill(text);
  }

  /** At 390 px on the phone project, 1440 px on the desktop one (see reviewScreenshot). */
  async screenshot(name: string) {
    await reviewScreenshot(this.page, name);
  }
}
