import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";

/**
 * Test data through the organiser's own API, the way an admin sets up an event: sign in, create a prize,
 * place it on a product page. Product pages come from the demo seed the e2e server starts with
 * (playwright.config.ts), found through the placement list.
 */

type Placement = {
  id: number;
  prize: number;
  product: number;
  is_active: boolean;
  is_reserved: boolean;
  product_url_path: string;
};

export type ProductPageRef = { productId: number; urlPath: string };

export class GiveawayAdmin {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly csrf: string,
  ) {}

  static async signIn(baseURL: string): Promise<GiveawayAdmin> {
    const api = await playwrightRequest.newContext({ baseURL });
    // Any response hands out the csrftoken cookie; unsafe calls echo it in X-CSRFToken.
    expect((await api.get("/api/health/")).ok()).toBe(true);
    const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === "csrftoken")?.value;
    if (!csrf) throw new Error("The server set no csrftoken cookie");
    const login = await api.post("/api/admin/login/", { headers: { "X-CSRFToken": csrf }, data: E2E_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    return new GiveawayAdmin(api, csrf);
  }

  private headers() {
    return { "X-CSRFToken": this.csrf };
  }

  /**
   * No automatic top-ups during the tests: in maintenance mode the server re-places prizes on random free
   * pages (every 30 s and after each win), which would put a prize on a page a test wants empty.
   */
  async stopMaintenanceMode(): Promise<void> {
    const response = await this.api.patch("/api/admin/settings/", { headers: this.headers(), data: { maintenance_mode: false } });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** A prize with room for a placement on every page, so placing it never hits its target. */
  async createPrize(name: string): Promise<number> {
    const response = await this.api.post("/api/prizes/", {
      headers: this.headers(),
      multipart: { name, description: "Placed by the browser tests.", total_quantity: "100", daily_distribution: "100", maintenance_count: "100", is_active: "true" },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /**
   * Places `prizeId` on every page with nothing live, so that every seeded page shows up in the placement
   * list (the only admin listing of product pages on this branch).
   */
  async revealAllPages(prizeId: number): Promise<void> {
    const response = await this.api.post("/api/prize-distributions/randomize/", {
      headers: this.headers(),
      data: { reset: false, maintenance_mode: false, prize_id: prizeId },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  private async placements(): Promise<Placement[]> {
    const response = await this.api.get("/api/prize-distributions/?page_size=1000");
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { results: Placement[] }).results;
  }

  /** Every product page the placement list knows, with its live placement if any. */
  async pages(): Promise<Array<ProductPageRef & { live?: Placement }>> {
    const byProduct = new Map<number, ProductPageRef & { live?: Placement }>();
    for (const placement of await this.placements()) {
      const page = byProduct.get(placement.product) ?? { productId: placement.product, urlPath: placement.product_url_path };
      if (placement.is_active) page.live = placement;
      byProduct.set(placement.product, page);
    }
    return [...byProduct.values()];
  }

  /** Takes the page's live placement away (refused with 409 while a visitor holds it). */
  async clearPage(page: ProductPageRef & { live?: Placement }): Promise<boolean> {
    if (!page.live) return true;
    const response = await this.api.delete(`/api/prize-distributions/${page.live.id}/`, { headers: this.headers() });
    if (response.status() === 409) return false;
    expect(response.status(), await response.text()).toBe(204);
    return true;
  }

  async place(prizeId: number, page: ProductPageRef): Promise<void> {
    const response = await this.api.post("/api/prize-distributions/", { headers: this.headers(), data: { prize: prizeId, product: page.productId, is_active: true } });
    expect(response.status(), await response.text()).toBe(201);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}

/**
 * Hands each test a page of its own, set up from scratch: with a fresh placement of the test prize, or
 * with nothing on it. Pages not used yet in this worker come first; should a page serve again, it is
 * reset here first, and never taken while someone still holds it: no test depends on what another left.
 */
export class PageAllocator {
  private readonly used = new Set<number>();

  constructor(
    private readonly admin: GiveawayAdmin,
    private readonly prizeId: number,
  ) {}

  private async pick(): Promise<ProductPageRef & { live?: Placement }> {
    const pages = (await this.admin.pages()).filter((page) => !page.live?.is_reserved);
    pages.sort((a, b) => Number(this.used.has(a.productId)) - Number(this.used.has(b.productId)));
    for (const page of pages) {
      if (await this.admin.clearPage(page)) {
        this.used.add(page.productId);
        return page;
      }
    }
    throw new Error("No product page is free for this test");
  }

  /** A page with the test prize waiting on it, nobody holding it. */
  async withPrize(): Promise<string> {
    const page = await this.pick();
    await this.admin.place(this.prizeId, page);
    return page.urlPath;
  }

  /** A page with no prize on it. */
  async withoutPrize(): Promise<string> {
    return (await this.pick()).urlPath;
  }
}
