import { createHash } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRequest } from "../support/raw-http";

// The production server's own CommonJS module, and the zlib object it calls (the same module instance).
const require = createRequire(import.meta.url);
type KeptBodies = { bytes: number; get(key: string): Buffer | undefined; set(key: string, body: Buffer): void };
const { compressResponse, acceptsGzip, CompressedBodies } = require("../../scripts/server-compression.cjs") as {
  compressResponse: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  acceptsGzip: (header: unknown) => boolean;
  CompressedBodies: new (maxBytes: number) => KeptBodies;
};
const zlib = require("node:zlib") as typeof import("node:zlib");

const PAGE = `<!doctype html><html><body>${"<p>A stand at the event, with a prize waiting.</p>".repeat(200)}</body></html>`;

const LATIN1_PAGE = PAGE.replace("stand", "ständ");

/**
 * Answers as Next.js does: a cached page whole, with a strong ETag computed from its bytes (so the same
 * page has the same ETag at any address, and another page another one); a streamed page in chunks.
 */
function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  compressResponse(request, response);
  const url = request.url ?? "/";
  const [body, encoding]: [string, BufferEncoding] = url.startsWith("/latin1")
    ? [LATIN1_PAGE, "latin1"]
    : [url.startsWith("/other") ? PAGE.replace("prize", "present") : PAGE, "utf8"];
  response.setHeader("Content-Type", url.startsWith("/data") ? "application/octet-stream" : "text/html; charset=utf-8");
  if (!url.startsWith("/no-etag")) response.setHeader("ETag", `"${createHash("sha1").update(body, encoding).digest("hex")}"`);
  if (url.startsWith("/streamed")) {
    response.write(body.slice(0, 5000));
    response.end(body.slice(5000));
    return;
  }
  if (url.startsWith("/missing")) response.statusCode = 404;
  if (url.startsWith("/no-transform")) response.setHeader("Cache-Control", "private, no-transform");
  if (url.startsWith("/latin1")) {
    response.end(body, "latin1", () => response.emit("sent-callback"));
    return;
  }
  response.end(body);
}

let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  rawRequest(baseUrl, { method, path, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressResponse (the production server's compression)", () => {
  it("sends a whole cached page gzipped with its length, and compresses the same page only once", async () => {
    const gzip = vi.spyOn(zlib, "gzipSync");
    const answers = [await get("/p/once", "gzip, deflate, br"), await get("/p/once", "gzip"), await get("/p/again", "gzip")];
    for (const { status, headers, bytes } of answers) {
      expect(status).toBe(200);
      expect(headers["content-encoding"]).toBe("gzip");
      expect(headers["content-length"]).toBe(String(bytes.length));
      expect(headers.vary).toContain("Accept-Encoding");
      expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(PAGE);
    }
    // The same body at two addresses is still one compressed copy; a different body is compressed anew.
    expect(gzip).toHaveBeenCalledTimes(1);
    const other = await get("/other", "gzip");
    expect(zlib.gunzipSync(other.bytes).toString("utf8")).toContain("present");
    expect(gzip).toHaveBeenCalledTimes(2);
  });

  it("keeps a page written with another encoding as those bytes, and calls the sender back", async () => {
    let calledBack = false;
    server.once("request", (_request, response: http.ServerResponse) => response.once("sent-callback", () => (calledBack = true)));
    const { headers, bytes } = await get("/latin1", "gzip");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(bytes).equals(Buffer.from(LATIN1_PAGE, "latin1"))).toBe(true);
    expect(calledBack).toBe(true);
  });

  it("never sends gzip to a client that refuses it, nor a page marked no-transform compressed", async () => {
    // gzip refused, anything else welcome: the middleware picks deflate.
    const refused = await get("/p/plain", "gzip;q=0, *");
    expect(refused.headers["content-encoding"]).toBe("deflate");
    expect(zlib.inflateSync(refused.bytes).toString("utf8")).toBe(PAGE);
    const untransformed = await get("/no-transform", "gzip");
    expect(untransformed.headers["content-encoding"]).toBeUndefined();
    expect(untransformed.body).toBe(PAGE);
  });

  it("keeps compressed pages within its byte budget, least recently used out first", () => {
    const kept = new CompressedBodies(100);
    kept.set("a", Buffer.alloc(40));
    kept.set("b", Buffer.alloc(40));
    kept.get("a");
    kept.set("c", Buffer.alloc(40));
    expect([kept.get("a"), kept.get("b"), kept.get("c")].map((body) => body?.length)).toEqual([40, undefined, 40]);
    kept.set("c", Buffer.alloc(50));
    expect(kept.bytes).toBe(90);
    kept.set("huge", Buffer.alloc(101));
    expect(kept.get("huge")).toBeUndefined();
  });

  it("sends the page as it is to a client that does not take gzip (no Accept-Encoding, identity, q=0)", async () => {
    for (const acceptEncoding of [undefined, "identity", "gzip;q=0, deflate;q=0"]) {
      const { headers, body } = await get("/p/plain", acceptEncoding);
      expect(headers["content-encoding"]).toBeUndefined();
      expect(body).toBe(PAGE);
    }
  });

  it("compresses other answers as they stream, keeping nothing: no ETag, streamed, not a 200", async () => {
    const gzip = vi.spyOn(zlib, "gzipSync");
    for (const path of ["/no-etag", "/streamed", "/missing"]) {
      const { headers, bytes } = await get(path, "gzip");
      expect(headers["content-encoding"]).toBe("gzip");
      expect(headers["transfer-encoding"]).toBe("chunked");
      expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(PAGE);
    }
    expect(gzip).not.toHaveBeenCalled();
  });

  it("leaves what does not compress, and HEAD, alone", async () => {
    const data = await get("/data", "gzip");
    expect(data.headers["content-encoding"]).toBeUndefined();
    expect(data.body).toBe(PAGE);
    const head = await get("/p/head", "gzip", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it("reads Accept-Encoding as HTTP does", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("identity;q=1, *;q=0.1")).toBe(true);
    expect(acceptsGzip("identity, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
