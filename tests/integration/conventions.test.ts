import { describe, expect, inject, it } from "vitest";
import { signedInClient, TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");

describe("GET /api/health/", () => {
  it("answers 200 when the database answers", async () => {
    const response = await fetch(`${baseUrl}/api/health/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });
});

describe("trailing slashes", () => {
  it.each(["/api/health", "/api/health/"])("GET %s answers directly, with no redirect", async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    expect(response.status).toBe(200);
  });

  it.each(["/api/admin/session", "/api/admin/session/"])("admin GET %s answers with a session, no redirect", async (path) => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    expect((await client.get(path)).status).toBe(200);
  });

  it.each(["/api/admin/login", "/api/admin/login/"])("POST %s works without the slash too", async (path) => {
    const client = await new TestClient(baseUrl).init();
    expect((await client.post(path, TEST_ADMIN)).status).toBe(200);
  });
});

describe("CSRF cookie", () => {
  it("is set, readable by scripts, on the first response of a visitor", async () => {
    for (const path of ["/api/health/", "/admin/login"]) {
      const client = new TestClient(baseUrl);
      await client.get(path);
      const cookie = client.lastSetCookies.find((candidate) => candidate.name === "csrftoken");
      expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
      expect(cookie?.attributes).not.toContain("httponly");
    }
  });

  it("is not replaced once the visitor has one", async () => {
    const client = await new TestClient(baseUrl).init();
    await client.get("/api/health/");
    expect(client.lastSetCookies.find((cookie) => cookie.name === "csrftoken")).toBeUndefined();
  });

  it("is required on public unsafe methods too", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", TEST_ADMIN, { csrf: false });
    expect(response.status).toBe(403);
    expect(client.sessionCookieName()).toBeUndefined();
  });
});

describe("security headers", () => {
  it.each(["/api/health/", "/admin/login", "/not-found"])("are on %s", async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("bad input", () => {
  it("refuses a body over the limit with 413 before reading it", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.request("POST", "/api/admin/login/", {
      body: JSON.stringify({ name: "x", password: "y".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: "The request body is too large." });
  });

  it("answers 404 for an unknown API path", async () => {
    const response = await fetch(`${baseUrl}/api/no-such-thing/`);
    expect(response.status).toBe(404);
  });
});

describe("pages", () => {
  it("an unknown path shows the not-found screen with status 404", async () => {
    const response = await fetch(`${baseUrl}/some/unknown/path`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("scanning the QR code");
  });

  it("/admin/dashboard shows the admin area to a session made through the API, even after a failed sign-in", async () => {
    const failed = await new TestClient(baseUrl).init();
    await failed.post("/api/admin/login/", { name: TEST_ADMIN.name, password: "not-the-password" });
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await client.get("/admin/dashboard");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Dashboard");
  });

  it("/admin/dashboard sends a visitor without a session to the login page", async () => {
    const response = await fetch(`${baseUrl}/admin/dashboard`, { redirect: "manual" });
    expect([303, 307, 308]).toContain(response.status);
    expect(response.headers.get("location")).toContain("/admin/login");
  });
});
