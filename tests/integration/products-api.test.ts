import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { FORM_MESSAGES } from "@/lib/api/form";
import { qrPng } from "@/lib/qr/render";
import { IMAGE_WIDTHS } from "@/shared/urls/images";
import { english } from "@/tests/support/english";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct, type ProductJson, pngBlob, sendDeclaredBody } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
// Every product made here carries this run's token, so searches only see this file's rows.
const token = `t${Date.now().toString(36)}`;

const productShape = {
  id: expect.any(Number),
  name: expect.any(String),
  description: expect.any(String),
  // The optional names in English and Korean: none unless given.
  name_en: null,
  name_ko: null,
  description_en: null,
  description_ko: null,
  image: expect.toSatisfy((value: unknown) => value === null || /^\/api\/images\/[0-9a-f]{64}\.webp$/.test(String(value))),
  qr_code: expect.stringMatching(/^\/api\/products\/\d+\/qr\/$/),
  url_path: expect.stringMatching(/^[a-zA-Z0-9]{10}$/),
  winners_count: expect.any(Number),
  // What the page holds now (a live prize or a drop set aside on it): nothing on a new page.
  live_prize: null,
};

describe("POST /api/admin/create-product/", () => {
  it("creates a product page with a normalised image and a random url_path", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await client.form("POST", "/api/admin/create-product/", {
      name: `  Aurora ${token}  `,
      description: "Noise-cancelling headphones",
      image: { file: await pngBlob("#3355ff", 1600, 900), name: "aurora.png" },
    });
    expect(response.status).toBe(201);
    const product = (await response.json()) as ProductJson;
    expect(product).toEqual({ ...productShape, name: `Aurora ${token}`, description: "Noise-cancelling headphones", winners_count: 0 });
    expect(product.image).not.toBeNull();

    const image = await fetch(`${baseUrl}${product.image}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toContain("immutable");
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
    expect(Math.max(metadata.width!, metadata.height!)).toBe(1200);

    // The served widths a phone picks from (srcset), resized from the stored picture; any other width is a 400.
    for (const width of IMAGE_WIDTHS) {
      const resized = await fetch(`${baseUrl}${product.image}?w=${width}`);
      expect(resized.status).toBe(200);
      expect(resized.headers.get("cache-control")).toContain("immutable");
      const size = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
      expect([size.format, size.width]).toEqual(["webp", width]);
    }
    for (const width of ["1200", "100", "abc", "0x10"]) {
      const refused = await fetch(`${baseUrl}${product.image}?w=${width}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ w: [expect.stringContaining("240, 360, 480, 640, 960")] });
    }

    const other = await createProduct(client, { name: `Second ${token}` });
    expect(other.url_path).not.toBe(product.url_path);
    expect(other.image).toBeNull();
    expect(other.description).toBe("");
  });

  it("answers 400 with the spec's message when the name is missing or blank", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    for (const fields of [{ description: "no name" }, { name: "   " }] as Record<string, string>[]) {
      const response = await client.form("POST", "/api/admin/create-product/", fields);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ name: ["Please enter a product name."] });
    }
  });

  it("refuses a text file renamed .png and an SVG with 400 {image: [...]}", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const fakes = [
      { file: new Blob(["just some text, not a picture"], { type: "image/png" }), name: "notes.png" },
      {
        file: new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'], {
          type: "image/svg+xml",
        }),
        name: "logo.svg",
      },
    ];
    for (const image of fakes) {
      const response = await client.form("POST", "/api/admin/create-product/", { name: `Fake ${token}`, image });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ image: ["Only image files can be uploaded (JPG, PNG, WebP or GIF)."] });
    }
    const list = await (await client.get(`/api/products/?search=Fake ${token}`)).json();
    expect(list.count).toBe(0);
  });

  it("answers 400 when `image` is text rather than a file, and for unknown fields", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const text = await client.form("POST", "/api/admin/create-product/", { name: "x", image: "not-a-file" });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ image: [expect.stringContaining("not a file")] });
    const unknown = await client.form("POST", "/api/admin/create-product/", { name: "x", price: "10" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ price: [english(FORM_MESSAGES.unknownField)] });
  });

  it("refuses an upload declared over 20 MB with 413 before the body arrives", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await sendDeclaredBody(`${baseUrl}/api/admin/create-product/`, {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=----x",
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": client.csrfToken!,
      },
      declaredBytes: 30 * 1024 * 1024,
      sent: 64 * 1024,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ detail: "Image size is limited to 20MB or less." });
  });

  it("accepts a 15 MB image whole (uploads must not pass through the proxy's 10 MB body buffer)", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const noisy = await sharp({
      create: { width: 2400, height: 2200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(15 * 1024 * 1024);
    const product = await createProduct(client, {
      name: `Large ${token}`,
      image: new Blob([new Uint8Array(noisy)], { type: "image/png" }),
    });
    expect(product.image).toMatch(/^\/api\/images\//);
  });

  it("answers 401 without a session and 403 without the CSRF header, creating nothing", async () => {
    const anonymous = await new TestClient(baseUrl).init();
    const unauthorised = await anonymous.form("POST", "/api/admin/create-product/", { name: `Nobody ${token}` });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({ detail: expect.any(String) });

    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const forged = await client.form("POST", "/api/admin/create-product/", { name: `Forged ${token}` }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ detail: "CSRF Failed: CSRF token missing or incorrect." });
    const list = await (await client.get(`/api/products/?search=${token}`)).json();
    expect(list.results.map((product: ProductJson) => product.name)).not.toContain(`Forged ${token}`);
  });
});

describe("GET /api/products/", () => {
  it("pages newest first with count, next and previous", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const pageToken = `${token}page`;
    for (let index = 1; index <= 5; index += 1) await createProduct(client, { name: `Paged ${index} ${pageToken}` });
    const first = await (await client.get(`/api/products/?search=${pageToken}&page_size=2`)).json();
    expect(first.count).toBe(5);
    expect(first.results.map((product: ProductJson) => product.name)).toEqual([`Paged 5 ${pageToken}`, `Paged 4 ${pageToken}`]);
    expect(first.results[0]).toEqual(productShape);
    expect(first.previous).toBeNull();
    expect(new URL(first.next).searchParams.get("page")).toBe("2");
    const last = await (await client.get(`/api/products/?search=${pageToken}&page_size=2&page=3`)).json();
    expect(last.results.map((product: ProductJson) => product.name)).toEqual([`Paged 1 ${pageToken}`]);
    expect(last.next).toBeNull();
  });

  it("answers 404 'Invalid page.' past the end and 400 for a bad page or page_size", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const past = await client.get(`/api/products/?search=${token}&page=999`);
    expect(past.status).toBe(404);
    expect(await past.json()).toEqual({ detail: "Invalid page." });
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["page_size=0", "page_size"],
      ["page_size=1001", "page_size"],
      ["page_size=2.5", "page_size"],
    ]) {
      const response = await client.get(`/api/products/?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(await response.json()), query).toEqual([field]);
    }
    expect((await client.get("/api/products/?page_size=1000")).status).toBe(200);
  });

  it("searches name and description, case-insensitively, with %, _ and \\ taken literally", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const names = [
      `100% cotton ${token}`,
      `1000 cotton ${token}`,
      `snake_case ${token}`,
      `snakeXcase ${token}`,
      `back\\slash ${token}`,
      `backslash ${token}`,
    ];
    for (const name of names) await createProduct(client, { name });
    await createProduct(client, { name: `Plain ${token}`, description: "Has a HIDDEN word" });
    const search = async (term: string) => {
      const response = await client.get(`/api/products/?page_size=100&search=${encodeURIComponent(term)}`);
      expect(response.status).toBe(200);
      return ((await response.json()).results as ProductJson[]).map((product) => product.name).filter((name) => name.includes(token));
    };
    expect(await search("100%")).toEqual([`100% cotton ${token}`]);
    expect(await search("e_c")).toEqual([`snake_case ${token}`]);
    expect(await search("k\\s")).toEqual([`back\\slash ${token}`]);
    expect(await search("%")).toEqual([`100% cotton ${token}`]);
    expect(await search("hidden word")).toEqual([`Plain ${token}`]);
    expect(await search(`  COTTON ${token.toUpperCase()}  `)).toHaveLength(2);
  });

  it("finds a product by its URL path, also written as a printed address", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Printed ${token}` });
    for (const term of [product.url_path, `/p/${product.url_path}`, `https://event.example/p/${product.url_path}/`]) {
      const response = await client.get(`/api/products/?search=${encodeURIComponent(term)}`);
      expect(
        ((await response.json()).results as ProductJson[]).map((found) => found.id),
        term,
      ).toEqual([product.id]);
    }
  });

  it("answers 401 without a session", async () => {
    const response = await fetch(`${baseUrl}/api/products/`);
    expect(response.status).toBe(401);
  });
});

describe("GET /api/products/{id}/", () => {
  it("returns the product, and 404 {detail} for an unknown, non-numeric or out-of-range id", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Single ${token}`, description: "one" });
    const response = await client.get(`/api/products/${product.id}/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(product);
    expect((await client.get(`/api/products/${product.id}`)).status).toBe(200);
    for (const id of ["999999", "abc", "1.5", "-1", "0", "99999999999", "%20"]) {
      const missing = await client.get(`/api/products/${id}/`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json(), id).toEqual({ detail: expect.any(String) });
    }
  });

  it("answers 401 without a session", async () => {
    expect((await fetch(`${baseUrl}/api/products/1/`)).status).toBe(401);
  });
});

describe("PUT /api/products/{id}/", () => {
  it("keeps the image when none is sent, replaces it with a new one, removes it with remove_image", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const original = await createProduct(client, { name: `Editable ${token}`, image: await pngBlob("#00aa00") });
    const path = `/api/products/${original.id}/`;

    const renamed = await client.form("PUT", path, { name: `Renamed ${token}`, description: "new words" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ ...original, name: `Renamed ${token}`, description: "new words" });

    const replaced = await client.form("PUT", path, {
      name: `Renamed ${token}`,
      image: { file: await pngBlob("#aa00aa"), name: "new.png" },
    });
    expect(replaced.status).toBe(200);
    const withNewImage = (await replaced.json()) as ProductJson;
    expect(withNewImage.image).toMatch(/^\/api\/images\//);
    expect(withNewImage.image).not.toBe(original.image);
    expect(withNewImage.url_path).toBe(original.url_path);

    // The spec's prize client sends an empty `image` next to remove_image; that is "no new image".
    const removed = await client.form("PUT", path, { name: `Renamed ${token}`, remove_image: "true", image: "" });
    expect(removed.status).toBe(200);
    expect((await removed.json()).image).toBeNull();
    expect((await (await client.get(path)).json()).image).toBeNull();
  });

  it("answers 400 per field for a blank name, a non-image, a bad flag, or an image together with remove_image", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Strict ${token}` });
    const path = `/api/products/${product.id}/`;
    const blank = await client.form("PUT", path, { name: "" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ name: ["Please enter a product name."] });
    const fake = await client.form("PUT", path, { name: "x", image: { file: new Blob(["hello"], { type: "image/jpeg" }), name: "a.jpg" } });
    expect(await fake.json()).toEqual({ image: ["Only image files can be uploaded (JPG, PNG, WebP or GIF)."] });
    const flag = await client.form("PUT", path, { name: "x", remove_image: "maybe" });
    expect(flag.status).toBe(400);
    expect(await flag.json()).toEqual({ remove_image: ["Must be true or false."] });
    const both = await client.form("PUT", path, { name: "x", remove_image: "true", image: { file: await pngBlob(), name: "a.png" } });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({ non_field_errors: ["Send either a new image or remove_image=true, not both."] });
    expect(await (await client.get(path)).json()).toEqual(product);
  });

  it("answers 404 for an unknown id, 401 without a session and 403 without CSRF", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    expect((await client.form("PUT", "/api/products/999999/", { name: "x" })).status).toBe(404);
    expect((await client.form("PUT", "/api/products/abc/", { name: "x" })).status).toBe(404);
    const product = await createProduct(client, { name: `Guarded ${token}` });
    expect((await client.form("PUT", `/api/products/${product.id}/`, { name: "x" }, { csrf: false })).status).toBe(403);
    const anonymous = await new TestClient(baseUrl).init();
    expect((await anonymous.form("PUT", `/api/products/${product.id}/`, { name: "x" })).status).toBe(401);
    expect((await (await client.get(`/api/products/${product.id}/`)).json()).name).toBe(`Guarded ${token}`);
  });
});

describe("GET /api/products/{id}/qr/", () => {
  it("is a PNG of at least 600 px encoding the request origin + /p/{url_path}, revalidated by ETag", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `QR ${token}` });
    const response = await client.get(product.qr_code);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(png).metadata();
    expect(metadata.width).toBeGreaterThanOrEqual(600);
    // No PUBLIC_BASE_URL in the test server: the code follows the address the request used.
    expect(png.equals(await qrPng(`${baseUrl}/p/${product.url_path}`))).toBe(true);

    const etag = response.headers.get("etag")!;
    const again = await client.request("GET", product.qr_code, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers 401 to visitors (url_path is the secret) and 404 for an unknown product", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const product = await createProduct(client, { name: `Secret QR ${token}` });
    expect((await fetch(`${baseUrl}${product.qr_code}`)).status).toBe(401);
    expect((await client.get("/api/products/999999/qr/")).status).toBe(404);
    expect((await client.get("/api/products/abc/qr/")).status).toBe(404);
  });
});
