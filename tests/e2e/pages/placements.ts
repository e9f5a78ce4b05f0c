import { expect, type Locator, type Page } from "@playwright/test";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/distributions as the organiser uses it. */
export class PlacementsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/distributions");
    await expect(this.page.getByRole("heading", { level: 1, name: "Prize placement" })).toBeVisible();
    await expect(this.counts).toBeVisible();
  }

  get counts(): Locator {
    return this.page.getByText(/^\d+ active · \d+ inactive$/);
  }

  panel(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  /** Finds an option of a search picker by typing, then chooses it. */
  async choose(panel: Locator, label: string, optionName: string) {
    await panel.getByRole("searchbox", { name: `Search ${label.toLowerCase()}` }).fill(optionName);
    const select = panel.getByRole("combobox", { name: label, exact: true });
    await expect(select.getByRole("option", { name: optionName, exact: true })).toBeAttached();
    await select.selectOption({ label: optionName });
  }

  /** The placements table's row of this product page. */
  row(productName: string): Locator {
    return this.page
      .getByRole("table", { name: "Placements" })
      .getByRole("row")
      .filter({ has: this.page.getByText(productName, { exact: true }) });
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  async expectSuccess(text: string | RegExp) {
    await expect(this.page.getByRole("status").filter({ hasText: text })).toBeVisible();
  }

  screenshot(name: string, options?: { fullPage?: boolean }) {
    return reviewScreenshot(this.page, name, options);
  }
}
