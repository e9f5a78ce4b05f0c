import { describe, expect, inject, it } from "vitest";
import { discoverApiRoutes, UNSAFE_METHODS } from "../support/api-routes";
import { signedInClient, TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");

/**
 * The routes meant to answer without an admin session (spec §6-7). Everything else under app/api must
 * declare `access: "admin"`; a route that loses its guard, or a new public one, fails the first test until
 * it is listed here on purpose.
 */
const PUBLIC_ROUTES = new Set([
  "GET /api/health/",
  "GET /api/ping/",
  // The API's description, public like the spec it describes.
  "GET /api/openapi.json/",
  "POST /api/admin/login/",
  "POST /api/admin/logout/",
  "GET /api/images/x.png/",
  "GET /api/p/abcd1234/",
  "GET /api/p/abcd1234/prize/",
  "POST /api/p/abcd1234/prize/claim/",
  "PATCH /api/p/abcd1234/prize/claim/",
  // The phone's own wins, by its visitor cookie (never a nickname or a code).
  "GET /api/p/my-wins/",
  // The big screen: public by its unguessable token, like a product page by its path.
  "GET /api/display/not-the-display-token-000/",
  "GET /api/display/not-the-display-token-000/events/",
]);

// The catch-all answers 404 {detail} for any path no route has (tests/integration/fuzz.test.ts); it reads
// nothing and guards nothing.
const CATCH_ALL = "app/api/[[...path]]/route.ts";
const routes = discoverApiRoutes().filter((route) => route.file !== CATCH_ALL);
const adminRoutes = routes.filter((route) => route.access === "admin");
const name = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe("API route guards, discovered from app/api/**/route.ts", () => {
  it("finds the routes, and every one not listed as public declares access: admin", () => {
    expect(adminRoutes.map(name)).toContain("GET /api/products/");
    const notAdmin = routes.filter((route) => route.access !== "admin").map(name);
    expect(new Set(notAdmin)).toEqual(PUBLIC_ROUTES);
    expect(routes.filter((route) => route.access === "unguarded")).toEqual([]);
  });

  it.each(adminRoutes.map((route) => [name(route), route] as const))("%s without a session answers 401", async (_, route) => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.request(route.method, route.path, UNSAFE_METHODS.has(route.method) ? { json: {} } : {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: "Authentication credentials were not provided or have expired." });
  });

  const unsafe = adminRoutes.filter((route) => UNSAFE_METHODS.has(route.method));
  it.each(unsafe.map((route) => [name(route), route] as const))(
    "%s signed in but without the CSRF header answers 403",
    async (_, route) => {
      const client = await signedInClient(baseUrl, TEST_ADMIN);
      const response = await client.request(route.method, route.path, { json: {}, csrf: false });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: "CSRF Failed: CSRF token missing or incorrect." });
    },
  );
});
