import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import type { ProductRow as ApiProduct } from "../../../shared/contracts/products";
import { expectAnnounced } from "../support/announcements";
import { reviewScreenshot } from "../support/screenshot";

export type { ApiProduct };

/** A PNG file for a file input, made on the spot. */
export async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** /admin/products as an organiser uses it, plus API shortcuts for arranging data. */
export class ProductsPage {
  constructor(readonly page: Page) {}

  /** Signs in through the API (the browser context keeps the cookies): the sign-in screen has its own tests. */
  async signIn(credentials: { name: string; password: string }) {
    await this.page.request.get("/api/health/");
    const response = await this.page.request.post("/api/admin/login/", { data: credentials, headers: await this.csrfHeader() });
    expect(response.status()).toBe(200);
  }

  private async csrfHeader(): Promise<Record<string, string>> {
    const cookie = (await this.page.context().cookies()).find((candidate) => candidate.name === "csrftoken");
    return cookie ? { "X-CSRFToken": cookie.value } : {};
  }

  async createViaApi(name: string, description = ""): Promise<ApiProduct> {
    const response = await this.page.request.post("/api/admin/create-product/", {
      multipart: { name, description },
      headers: await this.csrfHeader(),
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as ApiProduct;
  }

  async findViaApi(name: string): Promise<ApiProduct | undefined> {
    const response = await this.page.request.get(`/api/products/?page_size=100&search=${encodeURIComponent(name)}`);
    const page = (await response.json()) as { results: ApiProduct[] };
    return page.results.find((product) => product.name === name);
  }

  async open() {
    await this.page.goto("/admin/products");
    await expect(this.page.getByRole("heading", { level: 1, name: "Product management" })).toBeVisible();
    await expect(this.page.getByText(/^Total \d+ products?$|products? matching/)).toBeVisible();
  }

  get searchBox(): Locator {
    return this.page.getByRole("searchbox", { name: "Search products" });
  }

  get summary(): Locator {
    return this.page.getByText(/^Total \d+ products?$|products? matching/);
  }

  async search(term: string) {
    await this.searchBox.fill(term);
    await this.searchBox.press("Enter");
    await expect(this.summary).toContainText(`matching “${term}”`);
  }

  row(name: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  get addPanel(): Locator {
    return this.page.getByRole("region", { name: "Add product" });
  }

  async openAddForm() {
    const toggle = this.page.getByRole("button", { name: "Add product" }).first();
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(this.addPanel).toBeVisible();
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  /** The success banner was shown (it vanishes after 3 s, spec §9: announcements.ts); returns it, to watch it go. */
  async expectSuccess(text: string | RegExp) {
    await expectAnnounced(this.page, text);
    return this.page.getByRole("status").filter({ hasText: text });
  }

  /** Modals are fixed to the viewport, so they are captured as seen (`fullPage: false`). At 1440 or 390 px. */
  screenshot(name: string, options?: { fullPage?: boolean }) {
    return reviewScreenshot(this.page, name, options);
  }
}
