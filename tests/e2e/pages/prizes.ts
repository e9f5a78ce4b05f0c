import { expect, type Locator, type Page } from "@playwright/test";
import { expectAnnounced } from "../support/announcements";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/prizes as the organiser uses it. */
export class PrizesPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/prizes");
    await expect(this.page.getByRole("heading", { level: 1, name: "Prize management" })).toBeVisible();
    await expect(this.summary).toBeVisible();
  }

  get summary(): Locator {
    return this.page.getByText(/^Total \d+ prizes?$|prizes? matching/);
  }

  async search(term: string) {
    const box = this.page.getByRole("searchbox", { name: "Search prizes" });
    await box.fill(term);
    await box.press("Enter");
    await expect(this.summary).toContainText(`matching “${term}”`);
  }

  row(name: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  get addPanel(): Locator {
    return this.page.getByRole("region", { name: "Add prize" });
  }

  /** Holds the next new prize's save (POST /api/prizes/) until the returned function is called. */
  async holdNextSave(): Promise<() => void> {
    let answerSave = () => {};
    const saveHeld = new Promise<void>((resolve) => {
      answerSave = resolve;
    });
    await this.page.route("**/api/prizes/", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await saveHeld;
      await route.continue();
    });
    return answerSave;
  }

  async openAddForm() {
    await this.page.getByRole("button", { name: "Add prize" }).first().click();
    await expect(this.addPanel).toBeVisible();
  }

  /** A form's number field, by its label. */
  field(form: Locator, label: string): Locator {
    return form.getByRole("textbox", { name: label, exact: true });
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  async openEdit(name: string) {
    await this.row(name)
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    await expect(this.dialog.getByRole("heading", { name: "Edit prize" })).toBeVisible();
  }

  /** The success message was shown (it hides itself after 3 s: announcements.ts). */
  async expectSuccess(text: string | RegExp) {
    await expectAnnounced(this.page, text);
  }

  screenshot(name: string, options?: { fullPage?: boolean }) {
    return reviewScreenshot(this.page, name, options);
  }
}
