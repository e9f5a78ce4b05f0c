import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONLY_IMAGES } from "@/lib/validation/image";
import type { DisplayAddress, DisplaySnapshot } from "@/shared/contracts/display";
import type { SystemSettings } from "@/shared/contracts/settings";
import { text as textOf } from "@/shared/i18n/text";
import { english } from "@/tests/support/english";
import { auditRows } from "../support/accounts";
import { EventStreamReader } from "../support/event-stream";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

const DEFAULTS = {
  event_name: null,
  event_name_en: null,
  event_name_ko: null,
  primary_color: null,
  footer_text: null,
  footer_text_en: null,
  footer_text_ko: null,
};

/**
 * Branding: validation, and a change reaching the visitor page and the big screen with no restart, on a
 * server and database of its own (branding applies to every page: no other file may share it). The change
 * reaching another instance is several-instances.test.ts's.
 */
describe("branding", () => {
  let own: FileServer;
  let admin: TestClient;

  beforeAll(async () => {
    own = await startOwnServer("brand");
    admin = await signedInClient(own.url, TEST_ADMIN);
  }, 120_000);
  afterAll(async () => {
    await own?.stop();
  });

  /** The branding as stored, read back through the settings the organiser's screen reads. */
  async function storedBranding() {
    const read = (await (await admin.get("/api/admin/settings/")).json()) as SystemSettings;
    return { eventName: read.event_name, primaryColor: read.primary_color, footerText: read.footer_text, logo: read.logo_url };
  }

  /** A product page of its own, named `${label} <stamp>`. */
  async function newPage(label: string) {
    const product = await createProduct(admin, { name: `${label} ${Date.now().toString(36)}` });
    return { urlPath: product.url_path };
  }

  async function expectRefused(body: Record<string, unknown>, field: string, message: string | RegExp) {
    const before = await storedBranding();
    const response = await admin.patch("/api/admin/settings/", body);
    expect(response.status).toBe(400);
    const errors = (await response.json()) as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]![0]).toMatch(message);
    expect(await storedBranding()).toEqual(before);
  }

  /** What a visitor gets from /p/{urlPath} on an instance once the change has reached it (state re-read every 0.5 s). */
  /** The visitor page once its brand bar names `eventName` (the name is also in the page's other words). */
  async function visitShowing(urlPath: string, eventName: string): Promise<string> {
    const brandBar = `data-testid="event-name">${eventName}</span>`;
    let html = "";
    for (let attempt = 0; attempt < 30 && !html.includes(brandBar); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(`${own.url}/p/${urlPath}`);
      expect(response.status).toBe(200);
      html = await response.text();
    }
    return html;
  }

  it("PATCH /api/admin/settings/: a colour white text is unreadable on is refused with its ratio, and nothing changes", async () => {
    await expectRefused(
      { primary_color: "#ffcc00", event_name: "Refused too" },
      "primary_color",
      /too faint to read \(1\.5:1; it needs 4\.5:1 or more\)/,
    );
    // Just under the line (4.47:1) is refused; just over (4.54:1) is taken.
    await expectRefused({ primary_color: "#777777" }, "primary_color", /\(4\.4:1; it needs 4\.5:1 or more\)/);
    await expectRefused({ primary_color: "red" }, "primary_color", "Enter a colour as #rrggbb, e.g. #4f39f6.");
    await expectRefused({ primary_color: "#12345" }, "primary_color", "Enter a colour as #rrggbb, e.g. #4f39f6.");
    const taken = await admin.patch("/api/admin/settings/", { primary_color: "#767676" });
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as SystemSettings).primary_color).toBe("#767676");
    // Upper case is stored in lower case; blank means the default.
    expect((await (await admin.patch("/api/admin/settings/", { primary_color: "#0F766E" })).json()).primary_color).toBe("#0f766e");
    expect((await (await admin.patch("/api/admin/settings/", { primary_color: "" })).json()).primary_color).toBeNull();
  });

  it("PATCH /api/admin/settings/: the event name and footer line have length limits; blank means the default", async () => {
    await expectRefused({ event_name: "x".repeat(61) }, "event_name", "Keep it to 60 characters or fewer.");
    await expectRefused({ footer_text: "x".repeat(121) }, "footer_text", "Keep it to 120 characters or fewer.");
    await expectRefused({ event_name: 12 }, "event_name", "Must be text, or null.");
    const saved = (await (
      await admin.patch("/api/admin/settings/", { event_name: "  Spring Fair  ", footer_text: "   " })
    ).json()) as SystemSettings;
    expect(saved).toMatchObject({ event_name: "Spring Fair", footer_text: null });
    // Audited like every other setting: the change, before and after.
    const [entry] = await auditRows(admin, { action: "settings.update" });
    expect(entry!.changes).toEqual({ event_name: { before: null, after: "Spring Fair" } });
    expect((await admin.patch("/api/admin/settings/", DEFAULTS)).status).toBe(200);
  });

  it("PATCH /api/admin/settings/: the name and footer in each language, refused by field when too long, saved and audited", async () => {
    await expectRefused({ event_name_ko: "가".repeat(61) }, "event_name_ko", "Keep it to 60 characters or fewer.");
    await expectRefused({ footer_text_en: "x".repeat(121) }, "footer_text_en", "Keep it to 120 characters or fewer.");
    await expectRefused({ event_name_en: 7 }, "event_name_en", "Must be text, or null.");
    const forms = {
      event_name_en: "Spring Fair",
      event_name_ko: "봄 축제",
      footer_text_en: "Collect at Hall B",
      footer_text_ko: "B홀에서 받아 가세요",
    };
    const saved = await admin.patch("/api/admin/settings/", { ...forms, footer_text_ko: `  ${forms.footer_text_ko}  ` });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...forms, event_name: null, footer_text: null });
    expect(await (await admin.get("/api/admin/settings/")).json()).toMatchObject(forms);
    const [entry] = await auditRows(admin, { action: "settings.update" });
    expect(entry!.changes).toMatchObject({ event_name_ko: { before: null, after: "봄 축제" } });
    expect((await admin.patch("/api/admin/settings/", DEFAULTS)).status).toBe(200);
  });

  it("each visitor reads the event's name and footer in their language; the plain name is the fallback", async () => {
    const page = await newPage("Bilingual");
    const visit = async (language: string) =>
      (await fetch(`${own.url}/p/${page.urlPath}`, { headers: { "accept-language": language } })).text();
    /** The page in `language` once its brand bar names `name` (the state is re-read every 0.5 s). */
    const showing = async (language: string, name: string) => {
      let html = "";
      for (let attempt = 0; attempt < 30 && !html.includes(`data-testid="event-name">${name}</span>`); attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        html = await visit(language);
      }
      expect(html).toContain(`data-testid="event-name">${name}</span>`);
      return html;
    };
    try {
      await admin.patch("/api/admin/settings/", {
        event_name: "Plain Fair",
        event_name_en: "Spring Fair",
        event_name_ko: "봄 축제",
        footer_text_en: "Collect at Hall B",
        footer_text_ko: "B홀에서 받아 가세요",
      });
      const english = await showing("en", "Spring Fair");
      expect(english).toMatch(/<title>Bilingual [\w-]+ \| Spring Fair<\/title>/);
      expect(english).toContain("Collect at Hall B");
      expect(english).not.toContain("봄 축제");
      expect(english).not.toContain("B홀에서 받아 가세요");
      const korean = await showing("ko", "봄 축제");
      expect(korean).toContain("B홀에서 받아 가세요");
      expect(korean).not.toContain("Collect at Hall B");
      // Without the English form, English readers get the plain name (the spec's client sets only that).
      await admin.patch("/api/admin/settings/", { event_name_en: null });
      await showing("en", "Plain Fair");
    } finally {
      expect((await admin.patch("/api/admin/settings/", DEFAULTS)).status).toBe(200);
    }
  });

  it("PUT /api/admin/settings/logo/: only real images within the prizes' 10 MB; a logo is served resized, and DELETE removes it", async () => {
    const text = { file: new Blob(["not an image"], { type: "image/png" }), name: "logo.png" };
    const notImage = await admin.form("PUT", "/api/admin/settings/logo/", { logo: text });
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toEqual({ logo: [english(textOf(ONLY_IMAGES))] });
    const svg = { file: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" }), name: "logo.svg" };
    expect(await (await admin.form("PUT", "/api/admin/settings/logo/", { logo: svg })).json()).toEqual({
      logo: [english(textOf(ONLY_IMAGES))],
    });
    const huge = { file: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" }), name: "huge.png" };
    const tooLarge = await admin.form("PUT", "/api/admin/settings/logo/", { logo: huge });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ logo: ["Image size is limited to 10MB or less."] });
    const missing = await admin.form("PUT", "/api/admin/settings/logo/", {});
    expect(await missing.json()).toEqual({ logo: ["Choose an image for the logo."] });
    expect((await storedBranding())!.logo).toBeNull();

    const png = await sharp({ create: { width: 800, height: 200, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const uploaded = await admin.form("PUT", "/api/admin/settings/logo/", {
      logo: { file: new Blob([new Uint8Array(png)], { type: "image/png" }), name: "logo.png" },
    });
    expect(uploaded.status).toBe(200);
    const { logo_url } = (await uploaded.json()) as SystemSettings;
    expect(logo_url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    const small = await fetch(`${own.url}${logo_url}?w=240`);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(240);

    const removed = await admin.delete("/api/admin/settings/logo/");
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as SystemSettings).logo_url).toBeNull();
    expect((await storedBranding())!.logo).toBeNull();
  });

  it("a branding change reaches the visitor page and the big screen, with no restart", async () => {
    const { urlPath } = await newPage("Branded");
    const token = ((await (await admin.get("/api/admin/display/")).json()) as DisplayAddress).token;
    // The instance has served (and cached) today's look first.
    const before = await visitShowing(urlPath, "Prize Giveaway");
    expect(before).toMatch(/<title>Branded [\w-]+ \| Prize Giveaway<\/title>/);
    expect(before).not.toContain(":root{--brand-primary:");
    expect(await (await fetch(`${own.url}/display/${token}`)).text()).toContain("Prize Giveaway");
    const stream = new EventStreamReader(`${own.url}/api/display/${token}/events/`);
    try {
      await stream.waitFor<DisplaySnapshot>((message) => message.branding.event_name === null, 10_000, 0);

      const saved = await admin.patch("/api/admin/settings/", {
        event_name: "Spring Fair 2027",
        primary_color: "#0f766e",
        footer_text: "Collect your prize at Hall B, desk 3",
      });
      expect(saved.status).toBe(200);

      const html = await visitShowing(urlPath, "Spring Fair 2027");
      expect(html).toMatch(/<title>Branded [\w-]+ \| Spring Fair 2027<\/title>/);
      expect(html).toContain(":root{--brand-primary:#0f766e}");
      expect(html).toContain("Collect your prize at Hall B, desk 3");
      const display = await (await fetch(`${own.url}/display/${token}`)).text();
      expect(display).toContain("<title>Winners | Spring Fair 2027</title>");
      expect(display).toContain(":root{--brand-primary:#0f766e}");
      // A screen already open is told at once (the branding trigger's NOTIFY).
      const live = await stream.waitFor<DisplaySnapshot>((message) => message.branding.event_name === "Spring Fair 2027", 10_000, 0);
      expect(live.branding.primary_color).toBe("#0f766e");
    } finally {
      stream.close();
      expect((await admin.patch("/api/admin/settings/", DEFAULTS)).status).toBe(200);
    }
    // And back: the default look again, no colour set.
    const restored = await visitShowing(urlPath, "Prize Giveaway");
    expect(restored).not.toContain(":root{--brand-primary:");
  });

  it("a settings change that is not branding leaves the visitor page's cached copy alone", async () => {
    const { urlPath } = await newPage("Cached");
    /** The cached copy a visit is served from: its address names the branding's version (the proxy's rewrite). */
    const cachedCopy = async () => {
      // The page's state is shared for half a second: a visit after that reads the settings as they are now.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const response = await fetch(`${own.url}/p/${urlPath}`);
      await response.arrayBuffer();
      return [...response.headers.values()].find((value) => value.includes(`/p/${urlPath}/v/`));
    };
    const before = await cachedCopy();
    expect(before).toEqual(expect.stringContaining(`/p/${urlPath}/v/`));
    expect((await admin.patch("/api/admin/settings/", { wins_per_visitor: "one_per_day" })).status).toBe(200);
    expect((await admin.patch("/api/admin/settings/", { wins_per_visitor: "unlimited", event_name: null })).status).toBe(200);
    expect(await cachedCopy()).toBe(before);
    // A branding change is a new copy.
    try {
      expect((await admin.patch("/api/admin/settings/", { footer_text: "Collect at Hall C" })).status).toBe(200);
      expect(await cachedCopy()).not.toBe(before);
    } finally {
      expect((await admin.patch("/api/admin/settings/", DEFAULTS)).status).toBe(200);
    }
  });

  it("without a session or CSRF token the logo cannot be changed", async () => {
    expect((await (await new TestClient(own.url).init()).delete("/api/admin/settings/logo/")).status).toBe(401);
    expect((await admin.delete("/api/admin/settings/logo/", { csrf: false })).status).toBe(403);
  });
});
