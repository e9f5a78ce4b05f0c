import { expect, type Locator, type Page } from "@playwright/test";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/dashboard as the organiser watches it. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/dashboard");
    await expect(this.page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(this.page.getByText(/Updated \d/)).toBeVisible();
  }

  stat(label: string): Locator {
    return this.page.getByText(label, { exact: true }).locator("xpath=following-sibling::p");
  }

  section(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  get countdown(): Locator {
    return this.page.getByText(/Refresh in \d+ s/);
  }

  /** At 390 px on the phone project, 1440 px on the desktop one (see reviewScreenshot). */
  async screenshot(name: string) {
    await reviewScreenshot(this.page, name);
  }
}
