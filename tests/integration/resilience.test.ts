import { gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { loginAttempts } from "@/db/schema";
import { MAX_FAILURES_PER_ADDRESS } from "@/lib/services/auth/throttle";
import type { RunningServer } from "../support/app-server";
import { openSharedPostgresDatabase } from "../support/direct-database";
import { signedInClient, TestClient } from "../support/http-client";
import { startServerWithOwnDatabase } from "../support/own-server";
import { createProduct } from "../support/products";
import { startServerBehindProxy } from "../support/server-behind-proxy";
import type { CuttableProxy } from "../support/tcp-proxy";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

const databaseUrl = inject("databaseUrl");

/** How long a test waits for any one answer before calling it a hang (the server must answer in ~2 s). */
const HANG = 6000;

async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number; response: Response }> {
  const started = performance.now();
  const response = await request();
  return { status: response.status, ms: Math.round(performance.now() - started), response };
}

/**
 * A server of its own, on the integration database reached through a proxy the test cuts (a lost
 * database, its logs and its keep-alive): it logs JSON, trusts no proxy in front (TRUSTED_PROXY_HOPS default 0).
 */
describePostgresOnly(import.meta.filename, "a server of its own: database outage, logs, keep-alive, sign-in addresses", () => {
  let server: RunningServer;
  let proxy: CuttableProxy;
  let stop: () => Promise<void>;
  let begun: Date;

  beforeAll(async () => {
    begun = new Date();
    ({ server, proxy, stop } = await startServerBehindProxy(databaseUrl!, "resilience", {
      APP_TIMEZONE: "Asia/Seoul",
      LOG_FORMAT: "json",
      // Loopback: the product page still uses its cache (an internal rewrite, lib/public-page.ts); checked below.
      HOSTNAME: "127.0.0.1",
    }));
  });
  afterAll(async () => {
    await stop?.();
    // This server believes no proxy, so every failed sign-in here counts against the loopback address, on the
    // shared database: left there, they throttled the next file's server that believes no proxy either
    // (database-outage.test.ts's sign-in got 429).
    const database = openSharedPostgresDatabase();
    await database.db.delete(loginAttempts).where(gte(loginAttempts.createdAt, begun));
    await database.close();
  });

  it("with Postgres refusing connections: 503 {detail} with Retry-After at once, health too; back within 2 s after", async () => {
    const visitor = await newVisitor(server.url);
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    await proxy.cut();
    const seen: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const call of [
        () => fetch(`${server.url}/api/health/`, { signal: AbortSignal.timeout(HANG) }),
        () => fetch(`${server.url}/api/p/AbCdEfGhJk/prize/`, { signal: AbortSignal.timeout(HANG) }),
        () => visitor.post(claimPath("AbCdEfGhJk")),
      ]) {
        const { status, ms, response } = await timed(call);
        expect(status).toBe(503);
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await response.json()).toHaveProperty("detail");
        seen.push(`${ms} ms`);
      }
    }
    // A product page cannot render meanwhile either: what Next.js logs about it must be JSON too (below).
    await fetch(`${server.url}/p/AbCdEfGhJk`);
    await proxy.restore();
    const restored = performance.now();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/p/AbCdEfGhJk/`, { signal: AbortSignal.timeout(HANG) })).status, {
        interval: 100,
        timeout: 10_000,
      })
      .toBe(404);
    console.log(
      `Outage: answers while cut took ${seen.join(", ")}; served again ${Math.round(performance.now() - restored)} ms after Postgres returned`,
    );
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    // The organiser's screens have a pool of their own, reconnecting on its own: a connection it began while
    // the database was away can still fail its first query a moment after (503; once in a clean run, the next
    // test's sign-in got it). Back when a sign-in succeeds, so that no later test meets the outage's tail.
    const organiser = await new TestClient(server.url).init();
    await expect
      .poll(async () => (await organiser.post("/api/admin/login/", TEST_ADMIN)).status, { interval: 200, timeout: 10_000 })
      .toBe(200);
  }, 60_000);

  it("logs one JSON object per line, and nothing at all for a wrong password", async () => {
    const before = server.output().length;
    const client = await new TestClient(server.url).init();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await client.post("/api/admin/login/", { name: TEST_ADMIN.name, password: "wrong-password" })).status).toBe(400);
    }
    expect(server.output().slice(before)).toBe("");
    // Everything the server wrote from its start-up line on (the outage above included) is JSON, one per line;
    // only Next.js's own banner before it is text.
    const lines = server.output().split("\n");
    const started = lines.findIndex((line) => line.includes('"message":"Prize giveaway is running"'));
    expect(started).toBeGreaterThanOrEqual(0);
    const logged = lines.slice(started).filter((line) => line.trim() !== "");
    expect(logged.length).toBeGreaterThan(3);
    for (const line of logged) expect(JSON.parse(line)).toMatchObject({ level: expect.any(String), message: expect.any(String) });
    expect(server.output()).toContain('"message":"Database unavailable: answered 503"');
  });

  it("on a loopback HOSTNAME the product page is served from its cached copy, rewritten inside the server, never forwarded", async () => {
    // Through the shared test server (same database): this one counts every sign-in as from one address.
    const admin = await signedInClient(inject("baseUrl"), TEST_ADMIN);
    const product = await createProduct(admin, { name: `Loopback stand ${Date.now()}` });
    // This server's database was cut by the outage test before: a connection begun during the cut can still
    // fail a page's query with CONNECT_TIMEOUT up to 2 s after service is back, and a page answers that with
    // 500 (the API answers 503). Not this test's subject: it waits for the page to be served first.
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${server.url}/p/${product.url_path}`)).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await fetch(`${server.url}/p/${product.url_path}`);
      expect(response.status).toBe(200);
      // Forwarded over HTTP to itself, the copy would arrive with Next.js's year-long Cache-Control.
      if (visit === 1) expect(response.headers.get("x-nextjs-cache")).toBe("HIT");
      expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
      expect(await response.text()).toContain(product.name);
    }
  });

  it("a keep-alive connection idle past the old 5 s server timeout is still good for the next request", async () => {
    expect((await fetch(`${server.url}/api/ping/`)).headers.get("keep-alive")).toMatch(/timeout=65/);
    // A busy client (a blocked event loop) is exactly when Node's fetch sends on a pooled socket that the
    // server has already closed: with the server's old 5 s timeout this request failed with ECONNRESET.
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      // Busy, as a loaded test runner is: no timer or socket event runs meanwhile.
    }
    expect((await fetch(`${server.url}/api/ping/`)).status).toBe(200);
  }, 20_000);

  it("believes no X-Forwarded-For by default: one address rotating it is still throttled after 20 failures", async () => {
    // A server of its own on a fresh database: on this file's server (after its outages, on the shared database)
    // it failed twice on 2026-11-27 with 22 answers of 400, not reproduced since; the failures counted by
    // address say where they went if it fails again.
    const own = await startServerWithOwnDatabase("spray");
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 22 && !statuses.includes(429); attempt += 1) {
        const spoofing = await new TestClient(own.server.url, `203.0.113.${attempt}`).init();
        statuses.push((await spoofing.post("/api/admin/login/", { name: `spray-${attempt}`, password: "guess-guess" })).status);
      }
      const byAddress = await own.database.db
        .select({ address: loginAttempts.address, failures: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .groupBy(loginAttempts.address);
      expect(statuses.at(-1), `answers ${statuses.join(", ")}; failures by address ${JSON.stringify(byAddress)}`).toBe(429);
      expect(statuses.length).toBe(MAX_FAILURES_PER_ADDRESS + 1);
    } finally {
      await own.stop();
    }
  });
});
