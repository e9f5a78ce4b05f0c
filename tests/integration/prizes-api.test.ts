import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type FormFieldValue, signedInClient, TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
let admin: TestClient;

beforeAll(async () => {
  admin = await signedInClient(baseUrl, TEST_ADMIN);
});

const validPrize = {
  name: "Umbrella",
  description: "Golf umbrella",
  total_quantity: "10",
  daily_distribution: "2",
  maintenance_count: "2",
  is_active: "true",
};

async function createPrize(fields: Record<string, FormFieldValue> = {}) {
  const response = await admin.form("POST", "/api/prizes/", { ...validPrize, ...fields });
  expect(response.status).toBe(201);
  return response.json();
}

describe("POST /api/prizes/", () => {
  it("creates a prize with full stock and the spec's fields", async () => {
    const prize = await createPrize({ name: "Water bottle" });
    expect(prize).toMatchObject({
      name: "Water bottle",
      total_quantity: 10,
      remaining_quantity: 10,
      daily_distribution: 2,
      today_distributed: 0,
      maintenance_count: 2,
      is_active: true,
      image: null,
    });
    expect(typeof prize.id).toBe("number");
    expect(prize.created_at).toEqual(expect.any(String));
  });

  it("stores an uploaded image as a normalised WebP served with immutable caching", async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const prize = await createPrize({ image: { file: new Blob([new Uint8Array(png)], { type: "image/png" }), name: "prize.png" } });
    expect(prize.image).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    const image = await fetch(`${baseUrl}${prize.image}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toContain("immutable");
    const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(Math.max(width!, height!)).toBe(1200);
  });

  it.each([
    [{ daily_distribution: "11" }, { daily_distribution: ["Daily distribution cannot be greater than total quantity."] }],
    [{ maintenance_count: "3" }, { maintenance_count: ["“Pages at once” cannot be greater than daily distribution."] }],
    [{ total_quantity: "0" }, { total_quantity: ["The total quantity must be at least 1."] }],
    [{ total_quantity: "2.5" }, { total_quantity: ["Enter the total quantity as a whole number."] }],
    [{ name: "   " }, { name: ["Please enter a prize name."] }],
  ])("refuses %o with the field and the reason, creating nothing", async (fields, errors) => {
    const before = (await (await admin.get("/api/prizes/?page_size=1")).json()).count;
    const response = await admin.form("POST", "/api/prizes/", { ...validPrize, ...fields });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(errors);
    expect((await (await admin.get("/api/prizes/?page_size=1")).json()).count).toBe(before);
  });

  it.each([
    ["a text file named .png", new Blob(["hello, not an image"], { type: "image/png" }), "fake.png"],
    [
      "an SVG",
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'], {
        type: "image/svg+xml",
      }),
      "x.svg",
    ],
  ])("refuses %s as the image", async (_label, blob, name) => {
    const response = await admin.form("POST", "/api/prizes/", { ...validPrize, image: { file: blob, name } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ image: ["Only image files can be uploaded (JPG, PNG, WebP or GIF)."] });
  });

  it("refuses an upload over 10 MB from its declared length, before reading it", async () => {
    const response = await admin.request("POST", "/api/prizes/", {
      body: new Uint8Array(11 * 1024 * 1024),
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: "Image size is limited to 10MB or less." });
  });

  it("needs a session (401) and the CSRF header (403)", async () => {
    const anonymous = await new TestClient(baseUrl).init();
    expect((await anonymous.form("POST", "/api/prizes/", validPrize)).status).toBe(401);
    expect((await admin.form("POST", "/api/prizes/", validPrize, { csrf: false })).status).toBe(403);
  });
});

describe("GET /api/prizes/", () => {
  it("pages and searches, with % and _ taken literally", async () => {
    await createPrize({ name: "100% cotton tee" });
    await createPrize({ name: "1000 cotton tee" });
    const literal = await (await admin.get(`/api/prizes/?search=${encodeURIComponent("100%")}`)).json();
    expect(literal.results.map((prize: { name: string }) => prize.name)).toEqual(["100% cotton tee"]);
    const page = await (await admin.get("/api/prizes/?page=1&page_size=2")).json();
    expect(page.results).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
    expect(page.next).toContain("page=2");
  });

  it("answers 400 for a bad page size and 404 'Invalid page.' past the end", async () => {
    expect((await admin.get("/api/prizes/?page_size=5000")).status).toBe(400);
    const past = await admin.get("/api/prizes/?page=9999");
    expect(past.status).toBe(404);
    expect(await past.json()).toEqual({ detail: "Invalid page." });
  });
});

describe("PUT, DELETE and counters on /api/prizes/{id}/", () => {
  it("edits the stock within the rules, and keeps the image unless removed", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const prize = await createPrize({ image: { file: new Blob([new Uint8Array(png)]), name: "p.png" } });
    const edited = await admin.form("PUT", `/api/prizes/${prize.id}/`, { ...validPrize, remaining_quantity: "7" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ remaining_quantity: 7, image: prize.image });
    const tooMany = await admin.form("PUT", `/api/prizes/${prize.id}/`, { ...validPrize, remaining_quantity: "11" });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ remaining_quantity: ["Remaining quantity cannot be greater than total quantity."] });
    const removed = await admin.form("PUT", `/api/prizes/${prize.id}/`, {
      ...validPrize,
      remaining_quantity: "7",
      remove_image: "true",
      image: "",
    });
    expect(await removed.json()).toMatchObject({ image: null });
  });

  it("refuses an edit made on stale stock (409 with the stock now), and a missing checkbox means inactive", async () => {
    const prize = await createPrize();
    const stale = await admin.form("PUT", `/api/prizes/${prize.id}/`, {
      ...validPrize,
      remaining_quantity: "10",
      expected_remaining_quantity: "9",
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ remaining_quantity: 10 });
    const { is_active: _omitted, ...withoutCheckbox } = validPrize;
    const fresh = await admin.form("PUT", `/api/prizes/${prize.id}/`, {
      ...withoutCheckbox,
      remaining_quantity: "8",
      expected_remaining_quantity: "10",
    });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ remaining_quantity: 8, is_active: false });
  });

  it("resets the daily counters and lists a prize's winners", async () => {
    const prize = await createPrize();
    expect((await admin.post(`/api/prizes/${prize.id}/reset_daily/`)).status).toBe(200);
    const all = await admin.post("/api/prizes/reset_all_daily/");
    expect(all.status).toBe(200);
    expect((await all.json()).detail).toMatch(/daily distribution counters/);
    const list = await (await admin.get(`/api/prizes/${prize.id}/winners/`)).json();
    expect(list).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("deletes with 204, then answers 404; a malformed id is 404 too", async () => {
    const prize = await createPrize();
    expect((await admin.request("DELETE", `/api/prizes/${prize.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/prizes/${prize.id}/`)).status).toBe(404);
    expect((await admin.get("/api/prizes/abc/")).status).toBe(404);
    expect((await admin.request("DELETE", "/api/prizes/99999999/")).status).toBe(404);
  });
});
