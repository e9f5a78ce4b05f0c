import { expect, type Page } from "@playwright/test";
import { screenshotAsIs, widthName } from "../support/screenshot";

/** The sign-in screen and the admin shell, as a person sees them. */
export class AdminPages {
  constructor(readonly page: Page) {}

  async openLogin() {
    await this.page.goto("/admin/login");
    await expect(this.page.getByRole("button", { name: /sign in/i })).toBeVisible();
  }

  async signIn(credentials: { name: string; password: string }) {
    await this.page.getByLabel("ID").fill(credentials.name);
    await this.page.getByLabel("Password").fill(credentials.password);
    await this.page.getByRole("button", { name: /sign in/i }).click();
  }

  /** On a phone the sidebar lives in a drawer behind the menu button. */
  async openNavigation() {
    const menu = this.page.getByRole("button", { name: /open (navigation|menu)/i });
    const sidebar = this.page.getByRole("navigation", { name: "Admin" }).first();
    // Whichever this width shows (a phone's menu button, a desktop's sidebar), once the screen has drawn it:
    // asked at once, a phone's screen still loading had no button yet, and its menu stayed shut.
    await expect(menu.or(sidebar).first()).toBeVisible();
    if (!(await menu.isVisible())) return;
    // The button is drawn by the server: a tap before the page's scripts have run does nothing, so tap again
    // until the menu's dialog is open (roles.spec.ts failed once on a fast sign-in, its menu still shut).
    const drawer = this.page.getByRole("dialog");
    await expect(async () => {
      if (!(await drawer.isVisible())) await menu.click();
      await expect(drawer).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  async signOut() {
    await this.openNavigation();
    await this.page.getByRole("button", { name: /log ?out|sign out/i }).click();
    await expect(this.page).toHaveURL(/\/admin\/login$/);
  }

  screenshot(name: string) {
    return screenshotAsIs(this.page, `${name}-${widthName(this.page)}`, { fullPage: true });
  }
}
