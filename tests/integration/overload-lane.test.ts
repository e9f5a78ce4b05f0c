import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db";
import { type RunningServer, startServer } from "../support/app-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { createFreshPostgresDatabase, postgresReachable, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

/** The server's bound on visitor requests at once, small so that two held requests fill it. */
const BOUND = 2;

/**
 * A visitor's new hold that stays in flight until `release`: its Content-Length says 2 bytes and one is sent,
 * so the app waits for the rest. The lane counts it from its head on.
 */
function heldRequest(visitor: TestClient, urlPath: string): Promise<{ release: () => void; answered: () => boolean }> {
  const url = new URL(visitor.baseUrl);
  let answered = false;
  // The visitor's cookies and CSRF token: the app gets as far as reading the body, and waits there.
  const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${claimPath(urlPath)} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\nX-CSRFToken: ${visitor.csrfToken}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{`,
        () => resolve({ release: () => socket.destroy(), answered: () => answered }),
      );
    });
    socket.on("error", reject);
    socket.on("data", () => {
      answered = true;
    });
  });
}

/**
 * Issue 37: an instance over its bound sheds visitors' page views, state calls and new holds with a fast 503
 * and Retry-After, while the organiser's calls and a claim (and a let-go) under way go through.
 */
describe.runIf(await postgresReachable())("the organiser's lane under overload", () => {
  let server: RunningServer;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let admin: TestClient;
  let pages: { id: number; urlPath: string }[];

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase("lane");
    drop = fresh.drop;
    server = await startServer({
      DATABASE_URL: fresh.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_NAME: TEST_ADMIN.name,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATA_DIR: tempDir("lane"),
      APP_TIMEZONE: TEST_TIME_ZONE,
      VISITOR_CONCURRENCY: String(BOUND),
    });
    database = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
    const prizeId = await seedPrize(database.db, { total: 10 });
    pages = await seedPages(database.db, 3, "Lane", [prizeId, prizeId]);
    admin = await signedInClient(server.url, TEST_ADMIN);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await drop?.();
  });

  it("sheds pages, state calls and new holds with 503 + Retry-After; the admin, a claim and a let-go go through", async () => {
    const [won, letGo, other] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
    // Two phones hold a prize before the crowd arrives: one will claim it, one will let it go.
    const winner = await newVisitor(server.url);
    expect((await winner.post(claimPath(won.urlPath))).status).toBe(200);
    const leaver = await newVisitor(server.url);
    expect((await leaver.post(claimPath(letGo.urlPath))).status).toBe(200);
    const crowd = await newVisitor(server.url);

    // The lane filled with requests that stay in flight. One of them may have been shed itself if an answer
    // before it was still finishing on the server (its end may follow its last byte): it is sent again.
    const held: Awaited<ReturnType<typeof heldRequest>>[] = [];
    for (let tries = 0; held.length < BOUND && tries < 20; tries += 1) {
      const request = await heldRequest(crowd, other.urlPath);
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (request.answered()) request.release();
      else held.push(request);
    }
    expect(held.length).toBe(BOUND);
    try {
      // Admitted as its head arrives: wait until the lane is full (a page view is shed).
      let page = await crowd.request("GET", `/p/${other.urlPath}`, { headers: { accept: "text/html" } });
      for (let tries = 0; page.status !== 503 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await crowd.request("GET", `/p/${other.urlPath}`, { headers: { accept: "text/html" } });
      }
      expect(page.status).toBe(503);
      const pageWait = Number(page.headers.get("retry-after"));
      expect(pageWait).toBeGreaterThanOrEqual(1);
      expect(pageWait).toBeLessThanOrEqual(5);
      const html = await page.text();
      // A tiny page that reloads itself after the wait, in the visitor's words.
      expect(html).toContain(`<meta http-equiv="refresh" content="${pageWait}">`);
      expect(html).toContain("Many visitors are here at once");

      const state = await crowd.get(`/api/p/${other.urlPath}/prize/`);
      expect(state.status).toBe(503);
      const stateBody = (await state.json()) as { detail: string; retry_after: number };
      expect(Number(state.headers.get("retry-after"))).toBe(stateBody.retry_after);
      expect(stateBody.detail).toMatch(/try again in a few seconds/);

      const hold = await crowd.post(claimPath(other.urlPath));
      expect(hold.status).toBe(503);
      expect(hold.headers.get("retry-after")).toMatch(/^[1-5]$/);

      // The organiser's lane: a button and a screen's list answer as usual.
      const reset = await admin.post("/api/prizes/reset_all_daily/");
      expect(reset.status).toBe(200);
      expect((await admin.get("/api/winners/")).status).toBe(200);

      // Never shed: the claim of a prize held before, and a let-go.
      const claim = await winner.post(claimPath(won.urlPath), { name: "Winner", password: "2580" });
      expect(claim.status).toBe(201);
      expect((await leaver.patch(claimPath(letGo.urlPath))).status).toBe(200);
    } finally {
      for (const request of held) request.release();
    }

    // The crowd's place back once the held requests are gone.
    let after = await crowd.get(`/api/p/${other.urlPath}/prize/`);
    for (let tries = 0; after.status === 503 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await crowd.get(`/api/p/${other.urlPath}/prize/`);
    }
    expect(after.status).toBe(200);
  });
});
