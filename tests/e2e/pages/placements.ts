import { expect, type Locator, type Page } from "@playwright/test";
import { expectAnnounced } from "../support/announcements";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/distributions as the organiser uses it. */
export class PlacementsPage {
  constructor(readonly page: Page) {}

  /** `forms`: on a narrow screen, also open the placing forms (behind a button there, under the header). */
  async open({ forms = true } = {}) {
    await this.page.goto("/admin/distributions");
    await expect(this.page.getByRole("heading", { level: 1, name: "Prize placement" })).toBeVisible();
    await expect(this.counts).toBeVisible();
    if (forms && (await this.formsButton.isVisible())) await this.formsButton.click();
  }

  /** Phones and tablets: the button that shows the placing forms above the list. */
  get formsButton(): Locator {
    return this.page.getByRole("button", { name: /^(Place prizes · automatic placement|Hide the placing forms)$/ });
  }

  get counts(): Locator {
    return this.page.getByText(/^\d+ active · \d+ inactive$/);
  }

  panel(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  /** Finds an option of a search select by typing part of it, then chooses it. */
  async choose(panel: Locator, label: string, optionName: string) {
    const field = panel.getByRole("combobox", { name: label, exact: true });
    await field.fill(optionName);
    await panel.getByRole("listbox", { name: label }).getByRole("option", { name: optionName, exact: true }).click();
    await expect(field).toHaveValue(optionName);
  }

  /** The placements table's row of this product page. */
  row(productName: string): Locator {
    return this.page
      .getByRole("table", { name: "Placements" })
      .getByRole("row")
      .filter({ has: this.page.getByText(productName, { exact: true }) });
  }

  /** What a placement left on no page, and the switch for automatic placement. */
  get unplacedNotice(): Locator {
    return this.page.getByTestId("unplaced-notice");
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  /** The success message was shown (it hides itself after 3 s: announcements.ts). */
  async expectSuccess(text: string | RegExp, options?: { timeout?: number }) {
    await expectAnnounced(this.page, text, options);
  }

  screenshot(name: string, options?: { fullPage?: boolean }) {
    return reviewScreenshot(this.page, name, options);
  }
}
