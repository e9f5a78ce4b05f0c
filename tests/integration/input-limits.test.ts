import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import { signedInClient, TestClient } from "../support/http-client";
import { rawRequest } from "../support/raw-http";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const CLAIM_MESSAGES = en.visitor.claim.errors;

const baseUrl = inject("baseUrl");
const SOME_PAGE = "AbCdEfGhJk";

/** Every kind of odd input is a clear 4xx, never a 500 or a stalled server. */
describe("long text is refused before any costly check", () => {
  it("a 10 KB nickname gets one field error: the character count never ran", async () => {
    const response = await (await newVisitor(baseUrl)).post(claimPath(SOME_PAGE), { name: "x".repeat(10_000), password: "1234" });
    expect(response.status).toBe(400);
    // Before the fix the length check and the (slow, superlinear) character count both ran: two messages.
    expect(await response.json()).toEqual({ name: [CLAIM_MESSAGES.nameTooLong] });
  });

  // 900 KB fitted under the old 1 MB body cap, and counting its characters stalled the server for minutes.
  it("a 900 KB nickname is refused unread (413), and the server answers others meanwhile", async () => {
    const visitor = await newVisitor(baseUrl);
    const started = performance.now();
    const [huge, ping] = await Promise.all([
      visitor.post(claimPath(SOME_PAGE), { name: "x".repeat(900 * 1024), password: "1234" }),
      fetch(`${baseUrl}/api/ping/`),
    ]);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ detail: "The request body is too large." });
    expect(ping.status).toBe(200);
    console.log(`900 KB nickname refused in ${(performance.now() - started).toFixed(0)} ms`);
  });

  it("a login name that grows past its column when lowercased (76 x İ) is a plain failed sign-in", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", { name: "İ".repeat(76), password: "whatever-it-is" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Login failed. Please check your ID and password." });
  });
});

describe("bodies", () => {
  it("JSON nested 10,000 deep is a 400 naming the problem", async () => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const deep = `{"prize":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    const response = await admin.request("POST", "/api/prize-distributions/", {
      body: deep,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ["The request is nested too deeply (more than 32 levels)."] });
  });

  it.each([
    ["text/plain", JSON.stringify({ name: "Mina", password: "1234" })],
    ["application/xml", "<claim><name>Mina</name></claim>"],
    ["application/octet-stream", "\u00ff\u00fe"],
  ])("a %s body is 415, not read as JSON", async (type, body) => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await admin.request("POST", "/api/prize-distributions/", { body, headers: { "content-type": type } });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ detail: `Unsupported media type "${type}" in request.` });
  });

  it.each([["0x10"], ["0b1"], ["1e3"], [[1]], [true]])("%j is not an id", async (value) => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await admin.post("/api/prize-distributions/", { prize: value, product: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      prize: ["Please choose both a prize and a product."],
      product: ["Please choose both a prize and a product."],
    });
  });

  it.each(["0x10", "0b1", "1e1", "%5B1%5D"])("page=%s is not a page number", async (value) => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await admin.get(`/api/products/?page=${value}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ page: ["A valid page number is required."] });
  });

  it("decimal digits still work, as JSON numbers and as text", async () => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    expect((await admin.get("/api/products/?page=1&page_size=5")).status).toBe(200);
    const response = await admin.post("/api/prize-distributions/", { prize: "2147483647", product: 2147483647 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ product: ["Choose an existing product page."] });
  });
});

describe("paths", () => {
  it.each(["/api/p/%ED%A0%80/", "/api/p/%ED%A0%80/prize/claim/", "/api/images/%ED%A0%80", "/api/products/%FF/"])(
    "invalid UTF-8 in %s is 404 {detail}",
    async (path) => {
      for (const method of ["GET", "PUT"]) {
        const response = await rawRequest(baseUrl, { method, path, headers: { "content-type": "multipart/form-data; boundary=x" } });
        expect(response.status).toBe(404);
        expect(JSON.parse(response.body)).toEqual({ detail: "Not found." });
      }
    },
  );

  it("invalid UTF-8 in a page path is a 404 page", async () => {
    const response = await rawRequest(baseUrl, { method: "GET", path: "/p/%ED%A0%80" });
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
  });

  it.each(["/api/nothing-here/", "/api/products/1/unknown/", "/api/products/../nothing/", "/api/p/x/prize/claim/../../.."])(
    "%s answers 404 {detail} in JSON",
    async (path) => {
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await rawRequest(baseUrl, { method, path });
        expect(response.status).toBe(404);
        expect(JSON.parse(response.body)).toEqual({ detail: "Not found." });
      }
    },
  );

  it.each(["TRACE", "PROPFIND", "PURGE", "SEARCH", "LINK"])(
    "an unknown method (%s) is 405 with Allow on every kind of path, never a 500",
    async (method) => {
      for (const path of ["/api/health/", "/api/p/AbCdEfGhJk/prize/claim/", "/p/AbCdEfGhJk", "/admin/login", "/", "/_next/static/x.js"]) {
        const response = await rawRequest(baseUrl, { method, path });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        if (path.startsWith("/api/")) expect(JSON.parse(response.body)).toEqual({ detail: "Method not allowed." });
      }
    },
  );

  it("`..` as an id is an unknown id", async () => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await rawRequest(baseUrl, { method: "GET", path: "/api/products/%2e%2e/", headers: { cookie: cookieHeader(admin) } });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toHaveProperty("detail");
  });
});

const cookieHeader = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
