import { describe, expect, inject, it } from "vitest";
import { MAX_FAILURES_PER_NAME_AND_ADDRESS } from "@/lib/services/auth/throttle";
import { signedInClient, TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");

describe("POST /api/admin/login/", () => {
  it("signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", TEST_ADMIN);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Login successful" });
    const session = client.lastSetCookies.find((cookie) => cookie.name.endsWith("authjs.session-token"));
    expect(session).toBeDefined();
    expect(session!.attributes).toContain("httponly");
    expect(session!.attributes).toContain("samesite=lax");
    const me = await client.get("/api/admin/session/");
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ name: TEST_ADMIN.name, role: "owner", event: 1 });
  });

  it("answers 400 {error} for a wrong password and sets no session", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", { name: TEST_ADMIN.name, password: "wrong-password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Login failed. Please check your ID and password." });
    expect(client.sessionCookieName()).toBeUndefined();
    expect((await client.get("/api/admin/session/")).status).toBe(401);
  });

  it("answers an unknown name exactly like a wrong password", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", { name: "nobody-here", password: "whatever-it-is" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Login failed. Please check your ID and password." });
  });

  it("answers 400 with the spec's messages per field when ID or password is missing", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.post("/api/admin/login/", { name: "  ", password: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ name: ["Please enter an ID."], password: ["Please enter a password."] });
  });

  it("throttles a name from one address after repeated failures with 429 and a wait time, even for the right password", async () => {
    const name = `throttled-${Date.now()}`;
    const client = await new TestClient(baseUrl).init();
    for (let attempt = 0; attempt < MAX_FAILURES_PER_NAME_AND_ADDRESS; attempt += 1) {
      expect((await client.post("/api/admin/login/", { name, password: "guess-guess" })).status).toBe(400);
    }
    const blocked = await client.post("/api/admin/login/", { name, password: "guess-guess" });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // The count is per name and address: someone else guessing cannot lock the organiser out...
    const other = await new TestClient(baseUrl).init();
    expect((await other.post("/api/admin/login/", { name, password: "guess-guess" })).status).toBe(400);
    // ...and the real admin, under its own name, still signs in.
    expect((await other.post("/api/admin/login/", TEST_ADMIN)).status).toBe(200);
  });

  it("counts a burst of parallel guesses: no more than the limit get a password check", async () => {
    const name = `burst-${Date.now()}`;
    const client = await new TestClient(baseUrl).init();
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () => client.post("/api/admin/login/", { name, password: "guess-guess" }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(MAX_FAILURES_PER_NAME_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15 - MAX_FAILURES_PER_NAME_AND_ADDRESS);
  });

  it("throttles an address that tries many names", async () => {
    const client = await new TestClient(baseUrl).init();
    let status = 0;
    for (let attempt = 0; attempt < 25 && status !== 429; attempt += 1) {
      status = (await client.post("/api/admin/login/", { name: `spray-${attempt}-${Date.now()}`, password: "guess-guess" })).status;
    }
    expect(status).toBe(429);
  });
});

describe("POST /api/admin/logout/", () => {
  it("ends the session on the server: replaying the old cookie gives 401", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const cookieName = client.sessionCookieName()!;
    const oldCookie = client.cookies.get(cookieName)!;
    expect((await client.get("/api/admin/session/")).status).toBe(200);

    const response = await client.post("/api/admin/logout/");
    expect(response.status).toBe(200);
    expect(client.sessionCookieName()).toBeUndefined();

    const replay = await new TestClient(baseUrl).init();
    replay.cookies.set(cookieName, oldCookie);
    const replayed = await replay.get("/api/admin/session/");
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toHaveProperty("detail");
  });

  it("leaves the admin's other sessions signed in", async () => {
    const first = await signedInClient(baseUrl, TEST_ADMIN);
    const second = await signedInClient(baseUrl, TEST_ADMIN);
    await first.post("/api/admin/logout/");
    expect((await second.get("/api/admin/session/")).status).toBe(200);
  });
});

describe("admin endpoints", () => {
  it("GET /api/admin/settings/ answers 401 {detail} without a session", async () => {
    const client = await new TestClient(baseUrl).init();
    const response = await client.get("/api/admin/settings/");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it("PATCH /api/admin/settings/ answers 403 {detail} without the CSRF header, and changes nothing", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const before = await (await client.get("/api/admin/settings/")).json();
    const response = await client.patch("/api/admin/settings/", { maintenance_mode: !before.maintenance_mode }, { csrf: false });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: "CSRF Failed: CSRF token missing or incorrect." });
    expect(await (await client.get("/api/admin/settings/")).json()).toEqual(before);
  });

  it("PATCH /api/admin/settings/ answers 403 when the header does not match the cookie", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await client.request("PATCH", "/api/admin/settings/", {
      json: { maintenance_mode: false },
      csrf: false,
      headers: { "x-csrftoken": "0".repeat(64) },
    });
    expect(response.status).toBe(403);
  });

  it("PATCH /api/admin/settings/ updates the event period and validates dates per field", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const { event_start_date, event_end_date } = await (await client.get("/api/admin/settings/")).json();
    try {
      await expectEventPeriodValidated(client);
    } finally {
      // A period left behind changes every later file's event (settings-left-as-found.ts); one already past
      // retention has the sweep erase every win on the server, which is why the periods below are far ahead.
      expect((await client.patch("/api/admin/settings/", { event_start_date, event_end_date })).status).toBe(200);
    }
  });

  async function expectEventPeriodValidated(client: TestClient) {
    const bad = await client.patch("/api/admin/settings/", { event_start_date: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ event_start_date: ["Enter a real date."] });

    const reversed = await client.patch("/api/admin/settings/", { event_start_date: "2099-05-03", event_end_date: "2099-05-01" });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({ event_end_date: ["The end date must not be before the start date."] });

    const good = await client.patch("/api/admin/settings/", { event_start_date: "2099-05-01", event_end_date: "2099-05-03" });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ event_start_date: "2099-05-01", event_end_date: "2099-05-03" });
  }

  it("answers 400 {detail} for a body that is not JSON, and 400 for an unknown field", async () => {
    const client = await signedInClient(baseUrl, TEST_ADMIN);
    const garbage = await client.request("PATCH", "/api/admin/settings/", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ detail: "JSON parse error: the request body is not valid JSON." });
    const unknown = await client.patch("/api/admin/settings/", { is_admin: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toHaveProperty("non_field_errors");
  });
});
