import { expect, type Locator, type Page } from "@playwright/test";

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

  get rows(): Locator {
    return this.page.getByRole("table", { name: "Winners" }).locator("tbody tr");
  }

  get footer(): Locator {
    return this.page.getByText(/^Page \d+ \/ \d+ · \d+ winners?$/);
  }

  async search(text: string) {
    await this.page.getByLabel("Search", { exact: true }).fill(text);
  }

  async screenshot(name: string) {
    const width = (this.page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop";
    await this.page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
}
