import { expect, type Locator, type Page } from "@playwright/test";
import { screenshotAsIs, widthName } from "../support/screenshot";

/** The public product page at /p/{urlPath}, as a visitor with a phone sees it. */
export class ProductPage {
  constructor(readonly page: Page) {}

  /** `beforeScripts`: go on as soon as the HTML is in, without waiting for the page's scripts (load). */
  /**
   * Opens the page; unless `beforeScripts`, also waits for its first state call, which hands a new visitor
   * the cookies (the page's HTML sets none: a tap before it is a 428, then the hold).
   */
  async open(urlPath: string, { beforeScripts = false } = {}) {
    const stateCall = beforeScripts
      ? null
      : this.page.waitForResponse(
          (response) => response.url().includes(`/api/p/${urlPath}/prize/`) && response.request().method() === "GET",
        );
    await this.page.goto(`/p/${urlPath}`, { waitUntil: beforeScripts ? "domcontentloaded" : "load" });
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
    await stateCall;
  }

  get ticket(): Locator {
    return this.page.getByRole("button", { name: "Tap the ticket to claim your prize" });
  }

  get claimDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Claim your prize" });
  }

  get nickname(): Locator {
    return this.claimDialog.getByLabel("Nickname");
  }

  get password(): Locator {
    return this.claimDialog.getByLabel("Password", { exact: true });
  }

  get countdown(): Locator {
    return this.claimDialog.getByRole("timer");
  }

  /** The one-button messages: result, first-come-first-served failure, time up. */
  alert(title: string | RegExp): Locator {
    return this.page.getByRole("alertdialog", { name: title });
  }

  get failedDialog(): Locator {
    return this.alert("Someone else got there first");
  }

  /** The refusal of a tap soon after this visitor let the prize go (the server's pause for them). */
  get letGoDialog(): Locator {
    return this.alert("Others get a turn first");
  }

  /** The product picture, which the seeded pages all have. */
  get productImage(): Locator {
    return this.page.getByRole("main").locator("img");
  }

  async expectTicketReady() {
    // The ticket sits beside the product picture's frame; the picture must really load, not fail.
    await expect(this.ticket).toBeVisible();
    await expect.poll(() => this.productImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  }

  /** Taps the ticket and waits for the reservation call to answer. */
  /** The tap's answer: the hold or the refusal (past a 428 for a tap made before the cookies came, which is sent again). */
  async tapTicket() {
    const reserved = this.page.waitForResponse(
      (response) => response.url().includes("/prize/claim/") && response.request().method() === "POST" && response.status() !== 428,
    );
    await this.ticket.click();
    return reserved;
  }

  async fillClaim(nickname: string, password: string) {
    await this.nickname.fill(nickname);
    await this.password.fill(password);
  }

  async submitClaim() {
    await this.claimDialog.getByRole("button", { name: "Claim my prize" }).click();
  }

  /** Closes the claim form without winning, and waits for the cancel (PATCH) to reach the server. */
  async cancelClaim(how: "button" | "escape" = "button") {
    const cancelled = this.page.waitForResponse(
      (response) => response.url().includes("/prize/claim/") && response.request().method() === "PATCH",
    );
    if (how === "escape") await this.page.keyboard.press("Escape");
    else await this.claimDialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(this.claimDialog).toBeHidden();
    expect((await cancelled).status()).toBe(200);
  }

  screenshot(name: string) {
    return screenshotAsIs(this.page, `public-${name}-${widthName(this.page)}`, { settled: true });
  }
}
