import { expect, type Locator, type Page } from "@playwright/test";

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
    return this.page.getByRole("region", { name: title });
  }

  get countdown(): Locator {
    return this.page.getByText(/Refresh in \d+ s/);
  }

  async screenshot(name: string) {
    const width = (this.page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop";
    await this.page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
}
