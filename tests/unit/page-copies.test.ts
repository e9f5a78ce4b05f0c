import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppResponse, PageCopies, pageEncoding } from "@/server/page-copies.mjs";

describe("pageEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pageEncoding("gzip, deflate, br")).toBe("br");
    expect(pageEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pageEncoding("identity")).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding("*")).toBe("br");
  });
});

describe("PageCopies", () => {
  it("compresses a page once while its HTML stays the same, afresh when it changes, and keeps within its bytes", () => {
    const copies = new PageCopies(10_000);
    const html = Buffer.from("<html>".padEnd(5000, "x"));
    const first = copies.copy("/p/a", html, "gzip");
    expect(copies.copy("/p/a", Buffer.from(html), "gzip")).toBe(first);
    const changed = copies.copy("/p/a", Buffer.from("<html>".padEnd(5000, "y")), "gzip");
    expect(changed).not.toBe(first);
    expect(gunzipSync(changed).toString()).toBe("<html>".padEnd(5000, "y"));
    copies.copy("/p/b", Buffer.from("<html>".padEnd(6000, "z")), "gzip");
    expect(copies.bytes).toBeLessThanOrEqual(10_000);
    expect(copies.pages.has("/p/a")).toBe(false);
  });
});

/** A server using AppResponse as server.mjs does; `page` says how the app answers. */
async function serve(page: (response: AppResponse) => void): Promise<{ url: string; close: () => void }> {
  const copies = new PageCopies(1_000_000);
  const server = createServer({ ServerResponse: AppResponse }, (_request, response) => {
    response.keepCopy({ copies, path: "/p/a", encoding: "gzip", otherwise: () => {} });
    page(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/a`, close: () => server.close() };
}

describe("AppResponse", () => {
  const html = `<!doctype html><p>${"prize ".repeat(2000)}</p>`;

  it("answers a whole page from the kept copy, with its length and Vary", async () => {
    const server = await serve((response) => {
      response.statusCode = 200;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(html);
    });
    const answer = await fetch(server.url, { headers: { "accept-encoding": "gzip" } });
    server.close();
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await answer.text()).toBe(html);
  });

  it("sends a page streamed in parts as it is (never stuck waiting for a drain), and tells head listeners once", async () => {
    let heads = 0;
    const server = await serve((response) => {
      response.onHead(() => (heads += 1));
      response.statusCode = 200;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.write(html.slice(0, 100));
      setTimeout(() => response.end(html.slice(100)), 10);
    });
    const answer = await fetch(server.url, { headers: { "accept-encoding": "gzip" } });
    const text = await answer.text();
    server.close();
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(text).toBe(html);
    expect(heads).toBe(1);
  });

  it("leaves an error answer to the middleware", async () => {
    const server = await serve((response) => {
      response.statusCode = 404;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(html);
    });
    const answer = await fetch(server.url, { headers: { "accept-encoding": "gzip" } });
    server.close();
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe(html);
  });
});
