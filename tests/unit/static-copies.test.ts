import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "@/server/security-headers.mjs";
import { StaticCopies } from "@/server/static-copies.mjs";

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request, its body as sent (not decompressed). */
function ask(base: string, urlPath: string, { method = "GET", headers = {} as Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${urlPath}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("StaticCopies", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "static-copies-"));
  const script = `console.log(${JSON.stringify("a prize for every stand ".repeat(400))});`;
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    mkdirSync(path.join(folder, "chunks"));
    writeFileSync(path.join(folder, "chunks", "app.js"), script);
    writeFileSync(path.join(folder, "chunks", "tiny.css"), "p{color:red}");
    writeFileSync(path.join(folder, "chunks", "notes.unknown"), "not a kind it answers");
    writeFileSync(path.join(folder, "chunks", "[locale].js"), script);
    writeFileSync(path.join(folder, "..", "outside.js"), script);
    const copies = new StaticCopies(folder);
    // Whatever the copies leave goes on to "Next.js": here a 404 that says so.
    const server = createServer((request, response) => {
      if (copies.answer(request, response)) return;
      response.statusCode = 404;
      response.end("left to next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers a script in brotli or gzip as the client takes them, with Next.js's headers and the app's", async () => {
    const brotli = await ask(base, "/_next/static/chunks/app.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(script.length / 4);
    expect(brotli.headers).toMatchObject({
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      "accept-ranges": "bytes",
      vary: "Accept-Encoding",
    });
    expect(new Date(String(brotli.headers["last-modified"])).getTime()).toBeGreaterThan(0);
    for (const { key, value } of securityHeaders({ dev: false })) expect(brotli.headers[key.toLowerCase()]).toBe(value);

    const gzip = await ask(base, "/_next/static/chunks/app.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await ask(base, "/_next/static/chunks/app.js?dpl=1");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("reads and compresses a file once: a change on disk afterwards is not seen (the build's files never change)", async () => {
    const first = await ask(base, "/_next/static/chunks/app.js", { headers: { "accept-encoding": "br" } });
    writeFileSync(path.join(folder, "chunks", "app.js"), "changed");
    const again = await ask(base, "/_next/static/chunks/app.js", { headers: { "accept-encoding": "br" } });
    const plain = await ask(base, "/_next/static/chunks/app.js");
    writeFileSync(path.join(folder, "chunks", "app.js"), script);
    expect(again.body.equals(first.body)).toBe(true);
    expect(plain.body.toString()).toBe(script);
  });

  it("sends a file under a kilobyte as it is, and HEAD with the headers only", async () => {
    const tiny = await ask(base, "/_next/static/chunks/tiny.css", { headers: { "accept-encoding": "br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(tiny.body.toString()).toBe("p{color:red}");
    const head = await ask(base, "/_next/static/chunks/app.js", { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("finds a file whose name the browser escaped", async () => {
    const escaped = await ask(base, "/_next/static/chunks/%5Blocale%5D.js");
    expect(escaped.status).toBe(200);
    expect(escaped.body.toString()).toBe(script);
  });

  it.each([
    ["another method", "/_next/static/chunks/app.js", { method: "POST" }],
    ["a range", "/_next/static/chunks/app.js", { headers: { range: "bytes=0-10" } }],
    ["a conditional request", "/_next/static/chunks/app.js", { headers: { "if-modified-since": new Date().toUTCString() } }],
    ["a file the build did not write", "/_next/static/chunks/missing.js", {}],
    ["a kind of file it does not know", "/_next/static/chunks/notes.unknown", {}],
    ["a path out of the folder", "/_next/static/../outside.js", {}],
    ["an escaped path out of the folder", "/_next/static/%2e%2e/outside.js", {}],
    ["a path that does not decode", "/_next/static/chunks/%E0%A4%A.js", {}],
    ["another path", "/p/abc", {}],
  ])("leaves %s to Next.js", async (_what, urlPath, options) => {
    const answer = await ask(base, urlPath, options);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe("left to next");
  });
});
