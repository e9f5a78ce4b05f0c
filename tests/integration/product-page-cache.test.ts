import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { rawRequest } from "../support/raw-http";
import { seedPages, seedPrize } from "../support/seed";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

let file: FileServer;
let baseUrl: string;

const TICKET = "You found a prize!";
const HELD = "Someone is claiming this prize right now";
const NO_PRIZE = "No prize is waiting here right now";

/** A visitor's GET of the product page: what it shows, and whether it came from the cache. */
async function visit(urlPath: string) {
  const response = await fetch(`${baseUrl}/p/${urlPath}`);
  const html = await response.text();
  const shows = [TICKET, HELD, NO_PRIZE].filter((text) => html.includes(text));
  return {
    status: response.status,
    html,
    shows,
    cache: response.headers.get("x-nextjs-cache"),
    cacheControl: response.headers.get("cache-control"),
  };
}

/** The page as visitors see it once a change has reached them (the state is re-read every 0.5 s). */
async function visitOnceShowing(urlPath: string, shown: (visited: Awaited<ReturnType<typeof visit>>) => boolean) {
  let visited = await visit(urlPath);
  const deadline = Date.now() + 3000;
  while (!shown(visited) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    visited = await visit(urlPath);
  }
  return visited;
}

/**
 * The product page served from Next.js's cache (proxy.ts -> app/p/[urlPath]/v/...): a copy per product
 * version and prize state, so whatever a visitor sees is the page's current state, on every change.
 */
describe("the product page's cached copies", () => {
  let admin: TestClient;
  let maintenanceBefore: boolean | undefined;
  let prizePage: string;
  beforeAll(async () => {
    file = await serverForFile("product-page-cache");
    baseUrl = file.url;
    admin = await signedInClient(baseUrl, TEST_ADMIN);
    // Maintenance mode may be on, left so by another file: its tick and top-ups would put other files' prizes
    // on this file's pages at any moment (a new copy of the page, not the cache's doing). Off while here.
    maintenanceBefore = await setMaintenanceMode(admin, false);
    // Before the tests: on PGlite a reach into the database restarts the file's server, and its cache with it.
    // One unit: once won there is nothing left for any top-up to place, here or elsewhere.
    prizePage = await file.withDatabase(async (db) => {
      const prizeId = await seedPrize(db, { total: 1, daily: 1, maintenance: 1, name: "Cached prize" });
      const [page] = await seedPages(db, 1, "Cache", [prizeId]);
      return page!.urlPath;
    });
  });
  afterAll(async () => {
    try {
      if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
    } finally {
      await file?.stop();
    }
  });

  it("serves a page's second visit from the cache, marked for no browser or CDN to keep", async () => {
    const product = await createProduct(admin, { name: `Cached stand ${Date.now()}` });
    const first = await visit(product.url_path);
    expect(first.status).toBe(200);
    expect(first.html).toContain(product.name);
    const second = await visit(product.url_path);
    expect(second.cache).toBe("HIT");
    expect(second.html).toBe(first.html);
    for (const answer of [first, second]) expect(answer.cacheControl).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
  });

  it("shows an edited name and description within a second", async () => {
    const product = await createProduct(admin, { name: `Before edit ${Date.now()}` });
    await visit(product.url_path);
    expect((await visit(product.url_path)).cache).toBe("HIT");
    const edited = await admin.form("PUT", `/api/products/${product.id}/`, {
      name: `After edit ${Date.now()}`,
      description: "Fresh words",
    });
    expect(edited.status).toBe(200);
    const { name } = (await edited.json()) as { name: string };
    const after = await visitOnceShowing(product.url_path, ({ html }) => html.includes(name));
    expect(after.html).toContain(name);
    expect(after.html).toContain("Fresh words");
    expect(after.html).not.toContain(product.name);
  });

  it("follows the prize: waiting, held, given back, won; each state from its own copy", async () => {
    const urlPath = prizePage;
    expect((await visit(urlPath)).shows).toEqual([TICKET]);

    const visitor = await newVisitor(baseUrl);
    expect((await visitor.post(claimPath(urlPath))).status).toBe(200);
    expect((await visitOnceShowing(urlPath, ({ shows }) => shows.includes(HELD))).shows).toEqual([HELD]);

    expect((await visitor.request("PATCH", claimPath(urlPath))).status).toBeLessThan(300);
    const givenBack = await visitOnceShowing(urlPath, ({ shows }) => shows.includes(TICKET));
    expect(givenBack.shows).toEqual([TICKET]);
    expect(givenBack.cache).toBe("HIT");

    // Another visitor: one who has just given a prize back waits before holding it again.
    const winner = await newVisitor(baseUrl);
    expect((await winner.post(claimPath(urlPath))).status).toBe(200);
    expect((await winner.post(claimPath(urlPath), { name: "Cacher", password: "2468" })).status).toBe(201);
    expect((await visitOnceShowing(urlPath, ({ shows }) => shows.includes(NO_PRIZE))).shows).toEqual([NO_PRIZE]);
  });

  it("sends the page compressed once and kept (server.mjs), scripts compressed, the visitor's small JSON as it is", async () => {
    const product = await createProduct(admin, { name: `Compressed stand ${Date.now()}` });
    const plain = await rawRequest(baseUrl, { method: "GET", path: `/p/${product.url_path}` });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [encoding, unpack] of [
      ["gzip", gunzipSync],
      ["br", brotliDecompressSync],
    ] as const) {
      const packed = await rawRequest(baseUrl, { method: "GET", path: `/p/${product.url_path}`, headers: { "accept-encoding": encoding } });
      expect(packed.headers["content-encoding"]).toBe(encoding);
      // A length, not chunks: the body went out from the kept compressed copy, not through a zlib stream.
      expect(packed.headers["content-length"]).toBe(String(packed.bytes.length));
      expect(packed.headers.vary).toContain("Accept-Encoding");
      expect(unpack(packed.bytes).toString("utf8")).toBe(plain.body);
    }
    const script = plain.body.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const compressedScript = await rawRequest(baseUrl, { method: "GET", path: script!, headers: { "accept-encoding": "gzip" } });
    expect(compressedScript.headers["content-encoding"]).toBe("gzip");
    // A few hundred bytes of JSON come out larger gzipped, at a zlib stream's cost: sent as they are.
    const status = await rawRequest(baseUrl, {
      method: "GET",
      path: `/api/p/${product.url_path}/prize/`,
      headers: { "accept-encoding": "gzip" },
    });
    expect(status.status).toBe(200);
    expect(status.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(status.body)).toHaveProperty("has_prize");
  });

  it("answers 404 for an unknown page, and for the cached copies' own addresses asked for directly", async () => {
    expect((await visit("Zz9Zz9Zz9Zq")).status).toBe(404);
    const product = await createProduct(admin, { name: `Direct ${Date.now()}` });
    // Also with the upload content type, which other paths let past the proxy (proxy.ts matcher).
    const asked: Record<string, string>[] = [{}, { "content-type": "multipart/form-data; boundary=x" }];
    for (const headers of asked) {
      const direct = await fetch(`${baseUrl}/p/${product.url_path}/v/1-0/waiting`, { headers });
      expect(direct.status).toBe(404);
      expect(await direct.text()).not.toContain(product.name);
    }
  });
});
