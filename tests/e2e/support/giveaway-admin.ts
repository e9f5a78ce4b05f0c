import { type APIRequestContext, expect, request as playwrightRequest, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../../playwright.config";

/**
 * Test data through the organiser's own API, the way an admin sets up an event: sign in, create a prize
 * and product pages, place the prize on a page.
 */

/** A plain 400x400 picture, as organisers upload for a stand. */
function standPicture(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
}

export type ProductPageRef = { productId: number; urlPath: string };

export class GiveawayAdmin {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly csrf: string,
  ) {}

  static async signIn(baseURL: string, credentials: { name: string; password: string } = E2E_ADMIN): Promise<GiveawayAdmin> {
    const api = await playwrightRequest.newContext({ baseURL });
    // Any response hands out the csrftoken cookie; unsafe calls echo it in X-CSRFToken.
    expect((await api.get("/api/health/")).ok()).toBe(true);
    const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === "csrftoken")?.value;
    if (!csrf) throw new Error("The server set no csrftoken cookie");
    const login = await api.post("/api/admin/login/", { headers: { "X-CSRFToken": csrf }, data: credentials });
    expect(login.status(), await login.text()).toBe(200);
    return new GiveawayAdmin(api, csrf);
  }

  /** This session's cookies, for a browser to start signed in with (support/signed-in.ts). */
  sessionState(): ReturnType<APIRequestContext["storageState"]> {
    return this.api.storageState();
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

  /** Automatic placement (maintenance mode) as the server has it now. */
  async maintenanceMode(): Promise<boolean> {
    const response = await this.api.get("/api/admin/settings/");
    expect(response.status()).toBe(200);
    return ((await response.json()) as { maintenance_mode: boolean }).maintenance_mode;
  }

  /** The event's settings as the server has them now: what a test puts back after changing them. */
  async settings(): Promise<{ collect_within_minutes: number | null }> {
    const response = await this.api.get("/api/admin/settings/");
    expect(response.status()).toBe(200);
    return (await response.json()) as { collect_within_minutes: number | null };
  }

  /** Changes the event's settings (opening hours, pause, win limit) as the settings screen does. */
  async updateSettings(changes: Record<string, unknown>): Promise<void> {
    const response = await this.api.patch("/api/admin/settings/", { headers: this.headers(), data: changes });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** The event's logo (the settings screen's branding section, through its API). */
  async uploadLogo(picture: Buffer): Promise<void> {
    const response = await this.api.put("/api/admin/settings/logo/", {
      headers: this.headers(),
      multipart: { logo: { name: "logo.png", mimeType: "image/png", buffer: picture } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async removeLogo(): Promise<void> {
    const response = await this.api.delete("/api/admin/settings/logo/", { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** A prize with room for a placement on every page, so placing it never hits its target. */
  async createPrize(name: string): Promise<number> {
    const response = await this.api.post("/api/prizes/", {
      headers: this.headers(),
      multipart: {
        name,
        description: "Placed by the browser tests.",
        total_quantity: "100",
        daily_distribution: "100",
        maintenance_count: "100",
        is_active: "true",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /** A prize with a picture (an amber square), as the product page shows it before the tap. */
  async createPrizeWithPicture(name: string): Promise<number> {
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    const response = await this.api.post("/api/prizes/", {
      headers: this.headers(),
      multipart: {
        name,
        total_quantity: "100",
        daily_distribution: "100",
        maintenance_count: "100",
        is_active: "true",
        image: { name: "prize.png", mimeType: "image/png", buffer: picture },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /** A prize with the given stock, daily limit and maintenance count. */
  async createPrizeWith(
    name: string,
    numbers: { total: number; daily: number; maintenance: number },
    /** Further form fields, e.g. the names in English and Korean (`name_en`, `name_ko`). */
    fields: Record<string, string> = {},
  ): Promise<number> {
    const response = await this.api.post("/api/prizes/", {
      headers: this.headers(),
      multipart: {
        ...fields,
        name,
        total_quantity: String(numbers.total),
        daily_distribution: String(numbers.daily),
        maintenance_count: String(numbers.maintenance),
        is_active: "true",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /**
   * Takes every prize off every page (a placement a visitor holds stays). The placement list shows active
   * ones first, 10 a page: a test that watches one of its rows turn inactive needs it to stay on page 1.
   */
  async clearPlacements(): Promise<void> {
    const response = await this.api.get("/api/prize-distributions/?page_size=1000");
    expect(response.status()).toBe(200);
    const { results } = (await response.json()) as { results: { id: number }[] };
    for (const { id } of results) {
      const deleted = await this.api.delete(`/api/prize-distributions/${id}/`, { headers: this.headers() });
      expect([204, 404, 409]).toContain(deleted.status());
    }
  }

  /** Whether a visitor opening this page now finds a prize waiting. */
  async hasPrize(urlPath: string): Promise<boolean> {
    const response = await this.api.get(`/api/p/${urlPath}/prize/`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { has_prize: boolean }).has_prize;
  }

  /** A new product page of the test's own, as the products screen creates one. */
  async createPage(name: string, fields: Record<string, string> = {}): Promise<ProductPageRef> {
    const response = await this.api.post("/api/admin/create-product/", {
      headers: this.headers(),
      multipart: {
        ...fields,
        name,
        description: "Created by the browser tests.",
        image: { name: "stand.png", mimeType: "image/png", buffer: await standPicture() },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const product = (await response.json()) as { id: number; url_path: string };
    return { productId: product.id, urlPath: product.url_path };
  }

  async place(prizeId: number, page: ProductPageRef): Promise<void> {
    const response = await this.api.post("/api/prize-distributions/", {
      headers: this.headers(),
      data: { prize: prizeId, product: page.productId, is_active: true },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** A drop of this prize on this page at `dropsAt` (ms), announced unless told otherwise: its placement's id. */
  async scheduleDrop(prizeId: number, page: ProductPageRef, dropsAt: number, announce = true): Promise<number> {
    const response = await this.api.post("/api/prize-distributions/", {
      headers: this.headers(),
      data: { prize: prizeId, product: page.productId, drops_at: new Date(dropsAt).toISOString(), announce },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /** Deletes one placement (cancels its drop); its status. */
  async removePlacement(id: number): Promise<number> {
    return (await this.api.delete(`/api/prize-distributions/${id}/`, { headers: this.headers() })).status();
  }

  /** The server's clock (ms), from a page's state call (`now`). */
  async serverNow(urlPath: string): Promise<number> {
    const response = await this.api.get(`/api/p/${urlPath}/prize/`);
    return Date.parse(((await response.json()) as { now: string }).now);
  }

  /** The big screen's current token (the placements screen shows its address). */
  async displayToken(): Promise<string> {
    const response = await this.api.get("/api/admin/display/");
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /** A new account with this role (the owner's accounts screen, through its API); its name is unique to the run. */
  async createAccount(label: string, role: "owner" | "manager" | "desk" | "viewer"): Promise<{ name: string; password: string }> {
    const account = { name: `${label}-${Date.now().toString(36)}`, password: "desk-password-1", role };
    const response = await this.api.post("/api/admin/accounts/", { headers: this.headers(), data: account });
    expect(response.status(), await response.text()).toBe(201);
    return { name: account.name, password: account.password };
  }

  /** The prize desk hands a winner's prize over, found by nickname; returns the winner's id. */
  /** The winner with this code and nickname, as this account's role may see them (the desk: no code). */
  async winner(nickname: string, password: string): Promise<{ id: number; is_received: boolean; password: string | null }> {
    const found = await this.api.get(`/api/winners/?code=${password}&name=${encodeURIComponent(nickname)}`);
    expect(found.status()).toBe(200);
    const [winner] = ((await found.json()) as { results: { id: number; is_received: boolean; password: string | null }[] }).results;
    if (!winner) throw new Error(`No winner named ${nickname} with that code`);
    return winner;
  }

  /** Finds the winner as the prize desk does (the code the visitor shows, and the nickname) and hands over. */
  async handOver(nickname: string, password: string): Promise<number> {
    const found = await this.api.get(`/api/winners/?code=${password}&name=${encodeURIComponent(nickname)}`);
    expect(found.status()).toBe(200);
    const [winner] = ((await found.json()) as { results: { id: number }[] }).results;
    if (!winner) throw new Error(`No winner named ${nickname}`);
    const marked = await this.api.post(`/api/winners/${winner.id}/mark_received/`, { headers: this.headers() });
    expect(marked.status(), await marked.text()).toBe(200);
    return winner.id;
  }

  /** The events this account may act on (the events screen's list). */
  async events(): Promise<{ id: number; name: string; status: string; is_default: boolean }[]> {
    const response = await this.api.get("/api/admin/events/?page_size=1000");
    expect(response.status()).toBe(200);
    return ((await response.json()) as { results: { id: number; name: string; status: string; is_default: boolean }[] }).results;
  }

  /**
   * What this account's calls act on when they name none, as the header's switcher sets it. The browser tests'
   * organiser is one account on a server the spec files share: a test that moves it puts the default back.
   */
  async selectEvent(id: number): Promise<void> {
    const response = await this.api.put("/api/admin/selected-event/", { headers: this.headers(), data: { event: id } });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** The acting event's first product page. */
  async firstPage(): Promise<ProductPageRef> {
    const response = await this.api.get("/api/products/?page_size=1");
    expect(response.status()).toBe(200);
    const [page] = ((await response.json()) as { results: { id: number; url_path: string }[] }).results;
    if (!page) throw new Error("The event has no product page");
    return { productId: page.id, urlPath: page.url_path };
  }

  /** Takes an event live; a live event sharing one of its addresses closes (and hands it the default). */
  async goLive(id: number): Promise<void> {
    const response = await this.api.post(`/api/admin/events/${id}/go_live/`, { headers: this.headers() });
    expect(response.status(), await response.text()).toBe(200);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}

/** A visitor on another phone wins the prize waiting on `urlPath` with this nickname and password. */
export async function winAsVisitor(baseURL: string, urlPath: string, name: string, password: string): Promise<void> {
  const phone = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await phone.get("/api/health/")).ok()).toBe(true);
    const csrf = (await phone.storageState()).cookies.find((cookie) => cookie.name === "csrftoken")?.value ?? "";
    const claim = `/api/p/${urlPath}/prize/claim/`;
    expect((await phone.post(claim, { headers: { "X-CSRFToken": csrf } })).status()).toBe(200);
    const won = await phone.post(claim, { headers: { "X-CSRFToken": csrf }, data: { name, password } });
    expect(won.status(), await won.text()).toBe(201);
  } finally {
    await phone.dispose();
  }
}

/**
 * Hands each test a product page of its own, created fresh: with the test prize waiting on it, or with
 * nothing on it. No test depends on what another left (the products tests delete pages, for one).
 */
export class PageAllocator {
  private created = 0;

  constructor(
    private readonly admin: GiveawayAdmin,
    private readonly prizeId: number,
    private readonly label: string,
  ) {}

  private pick(): Promise<ProductPageRef> {
    this.created += 1;
    return this.admin.createPage(`${this.label} page ${this.created}`);
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

/**
 * What a visitor-page spec needs before its tests: the admin signed in, maintenance mode off, and one prize
 * of this worker's, placed afresh on a page of its own for each test (PageAllocator).
 */
export async function signInWithPrize(
  testInfo: TestInfo,
  label: string,
): Promise<{ admin: GiveawayAdmin; pages: PageAllocator; prizeName: string }> {
  const admin = await GiveawayAdmin.signIn(String(testInfo.project.use.baseURL));
  await admin.stopMaintenanceMode();
  const prizeName = `${label} prize ${testInfo.project.name} ${Date.now()}`;
  const pages = new PageAllocator(admin, await admin.createPrize(prizeName), `${label} ${testInfo.project.name} ${Date.now()}`);
  return { admin, pages, prizeName };
}
