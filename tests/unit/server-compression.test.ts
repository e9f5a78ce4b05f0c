import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRequest } from "../support/raw-http";

// The production server's own CommonJS module, and the zlib object it calls (the same module instance).
const require = createRequire(import.meta.url);
type KeptBodies = {
  bytes: number;
  get(key: string, source: string, encoding: string): Buffer | undefined;
  set(key: string, source: string, encoding: string, compressed: Buffer): void;
};
const { compressResponse, acceptsGzip, CompressedBodies } = require("../../scripts/server-compression.cjs") as {
  compressResponse: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  acceptsGzip: (header: unknown) => boolean;
  CompressedBodies: new (maxBytes: number) => KeptBodies;
};
const zlib = require("node:zlib") as typeof import("node:zlib");

const PAGE = `<!doctype html><html><body>${"<p>A stand at the event, with a prize waiting.</p>".repeat(200)}</body></html>`;

const LATIN1_PAGE = PAGE.replace("stand", "ständ");

/** What /changing answers next: one cached address whose page changes (an edit re-renders it). */
let changingPage = PAGE;

/**
 * Answers as Next.js does: a page from its cache whole, marked X-Nextjs-Cache, under the address the proxy
 * rewrote the visitor's path to (/p/... here all show one cached copy); a streamed page in chunks.
 */
function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  compressResponse(request, response);
  const url = request.url ?? "/";
  if (url.startsWith("/api/") || url.startsWith("/streamed-html")) {
    answerAsRouteHandler(url, response);
    return;
  }
  const body = url.startsWith("/latin1")
    ? LATIN1_PAGE
    : url.startsWith("/other")
      ? PAGE.replace("prize", "present")
      : url.startsWith("/changing")
        ? changingPage
        : PAGE;
  response.setHeader("Content-Type", url.startsWith("/data") ? "application/octet-stream" : "text/html; charset=utf-8");
  if (!url.startsWith("/not-cached")) response.setHeader("X-Nextjs-Cache", "HIT");
  if (url.startsWith("/p/")) response.setHeader("X-Middleware-Rewrite", "/p/stand/v/1-0/waiting");
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

const SMALL_JSON = JSON.stringify({ detail: "Sorry, someone else got there first." });
const LARGE_JSON = JSON.stringify({ results: Array.from({ length: 40 }, (_, id) => ({ id, name: `Prize ${id}` })) });
/** Whether the streamed page's headers had gone out before its body was written (they must: a skeleton). */
let streamedHeadersSentEarly: boolean | undefined;
/** Whether the large JSON answer had started to stream before end() (it must: it is not held whole). */
let largeJsonStreamingBeforeEnd: boolean | undefined;

/** As Next.js sends a route handler's Response (next/dist/server/pipe-readable.js): headers, chunks, end. */
function answerAsRouteHandler(url: string, response: http.ServerResponse) {
  const html = url.startsWith("/streamed-html");
  response.setHeader("Content-Type", html ? "text/html; charset=utf-8" : "application/json");
  const body = html ? PAGE : url.startsWith("/api/large") ? LARGE_JSON : SMALL_JSON;
  response.flushHeaders();
  if (html) streamedHeadersSentEarly = response.headersSent;
  // Next.js writes its Response body's chunks as Uint8Arrays.
  for (let at = 0; at < body.length; at += 500) response.write(new Uint8Array(Buffer.from(body.slice(at, at + 500))));
  if (url.startsWith("/api/large")) largeJsonStreamingBeforeEnd = response.headersSent;
  response.end();
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
    // Three scans of one cached copy: compressed once. Another page is compressed anew.
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

  it("never sends a kept copy of what the page was: a page changed at the same address is compressed anew", async () => {
    const gzip = vi.spyOn(zlib, "gzipSync");
    changingPage = PAGE;
    const before = await get("/changing", "gzip");
    changingPage = PAGE.replace("waiting", "claimed");
    const after = await get("/changing", "gzip");
    expect(zlib.gunzipSync(before.bytes).toString("utf8")).toBe(PAGE);
    expect(zlib.gunzipSync(after.bytes).toString("utf8")).toBe(changingPage);
    expect(gzip).toHaveBeenCalledTimes(2);
  });

  it("keeps one copy of a page whatever query string it is asked with", async () => {
    const gzip = vi.spyOn(zlib, "gzipSync");
    for (const query of ["?1", "?2", "?3"]) {
      const { headers, bytes } = await get(`/page${query}`, "gzip");
      expect(headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(PAGE);
    }
    expect(gzip).toHaveBeenCalledTimes(1);
  });

  it("keeps compressed pages within its byte budget (page and gzip counted), least recently used out first", () => {
    // A page's characters count two bytes each (V8 keeps a page with any "★" so); each entry here is 70.
    const kept = new CompressedBodies(200);
    const page = (letter: string) => letter.repeat(30);
    kept.set("a", page("a"), "utf8", Buffer.alloc(10));
    kept.set("b", page("b"), "utf8", Buffer.alloc(10));
    kept.get("a", page("a"), "utf8");
    kept.set("c", page("c"), "utf8", Buffer.alloc(10));
    const found = (key: string) => kept.get(key, page(key), "utf8")?.length;
    expect(["a", "b", "c"].map(found)).toEqual([10, undefined, 10]);
    // Only the very page it was made from, in the same encoding.
    expect(kept.get("a", page("x"), "utf8")).toBeUndefined();
    expect(kept.get("a", page("a"), "latin1")).toBeUndefined();
    kept.set("c", page("c"), "utf8", Buffer.alloc(20));
    expect(kept.bytes).toBe(150);
    kept.set("huge", "h".repeat(96), "utf8", Buffer.alloc(10));
    expect(kept.get("huge", "h".repeat(96), "utf8")).toBeUndefined();
  });

  it("sends the page as it is to a client that does not take gzip (no Accept-Encoding, identity, q=0)", async () => {
    for (const acceptEncoding of [undefined, "identity", "gzip;q=0, deflate;q=0"]) {
      const { headers, body } = await get("/p/plain", acceptEncoding);
      expect(headers["content-encoding"]).toBeUndefined();
      expect(body).toBe(PAGE);
    }
  });

  it("compresses other answers as they stream, keeping nothing: not from the cache, streamed, not a 200", async () => {
    const gzip = vi.spyOn(zlib, "gzipSync");
    for (const path of ["/not-cached", "/streamed", "/missing"]) {
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

  it("sends a small streamed JSON answer whole, with its length and uncompressed: gzip would only grow it", async () => {
    const gzip = vi.spyOn(zlib, "createGzip");
    const { status, headers, bytes } = await get("/api/p/x/prize/claim/", "gzip");
    expect(status).toBe(200);
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers["content-length"]).toBe(String(SMALL_JSON.length));
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(bytes.toString("utf8")).toBe(SMALL_JSON);
    expect(gzip).not.toHaveBeenCalled();
  });

  it("still compresses a JSON answer of a kilobyte or more as it streams, and never holds back a streamed page", async () => {
    largeJsonStreamingBeforeEnd = undefined;
    const large = await get("/api/large/", "gzip");
    expect(largeJsonStreamingBeforeEnd).toBe(true);
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(large.bytes).toString("utf8")).toBe(LARGE_JSON);

    streamedHeadersSentEarly = undefined;
    const page = await get("/streamed-html/", "gzip");
    expect(streamedHeadersSentEarly).toBe(true);
    expect(zlib.gunzipSync(page.bytes).toString("utf8")).toBe(PAGE);
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
