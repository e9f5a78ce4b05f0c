import { expect, type Locator, type Page } from "@playwright/test";
import { reviewScreenshot } from "../support/screenshot";

/** /admin/audit and /admin/accounts as an owner uses them. */
export class AccountsAndAuditPages {
  constructor(readonly page: Page) {}

  async openAccounts() {
    await this.page.goto("/admin/accounts");
    await expect(this.page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
  }

  async createAccount(name: string, role: string, password: string) {
    await this.page.getByRole("button", { name: "New account" }).click();
    const form = this.page.getByRole("form", { name: "New account" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Role").selectOption(role);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Create account" }).click();
  }

  accountRow(name: string): Locator {
    return this.page.getByRole("row").filter({ hasText: name });
  }

  auditRows(): Locator {
    return this.page.getByRole("table", { name: "Audit log" }).getByRole("row");
  }

  async screenshot(name: string) {
    await reviewScreenshot(this.page, name);
  }
}
