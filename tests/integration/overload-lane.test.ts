import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db";
import { placements } from "@/db/schema";
import { type RunningServer, startServer } from "../support/app-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { rawRequest } from "../support/raw-http";
import { seedPages, seedPrize } from "../support/seed";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { claimPath, newVisitor } from "../support/visitor";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

/** The server's bound on visitor requests at once, small so that two held requests fill it. */
const BOUND = 2;

type Page = { id: number; urlPath: string };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cookieHeader = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * Sends a request's head and the first bytes of a body declared longer, then nothing more: what a slow or
 * hostile sender does. Resolves with the status line it is eventually answered with ("" if the connection just
 * closed) and when.
 */
function trickle(baseUrl: string, head: string, firstBytes: string) {
  const url = new URL(baseUrl);
  const started = performance.now();
  const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`${head}\r\n\r\n${firstBytes}`));
  const answered = new Promise<{ status: string; afterMs: number }>((resolve) => {
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("close", () => resolve({ status: received.split("\r\n")[0] ?? "", afterMs: performance.now() - started }));
    socket.on("error", () => undefined);
  });
  return { answered, hangUp: () => socket.destroy() };
}

// A second session holds a placement row locked so that holds stay in flight: PGlite has one session.
describePostgresOnly(import.meta.filename, "the organiser's lane", () => {
  let server: RunningServer;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let admin: TestClient;
  let pages: Page[];

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
      CLAIMS_PER_VISITOR: "5",
    });
    database = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
    const prizeId = await seedPrize(database.db, { total: 20 });
    // Eight pages with the prize (each test that fills the lane locks a page of its own), one without.
    pages = await seedPages(
      database.db,
      9,
      "Lane",
      Array.from({ length: 8 }, () => prizeId),
    );
    admin = await signedInClient(server.url, TEST_ADMIN);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await drop?.();
  });

  /**
   * Fills the visitor lane with requests that stay in flight inside the app: new holds on a page whose
   * placement row the test keeps locked, so each waits for it. Returns once a page view is shed.
   */
  async function fillVisitorLane(locked: Page, probe: Page) {
    let unlock = () => {};
    const unlocked = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    let rowLocked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      rowLocked = resolve;
    });
    const lock = database.db.transaction(async (tx) => {
      await tx.select({ id: placements.id }).from(placements).where(eq(placements.productId, locked.id)).for("update");
      rowLocked();
      await unlocked;
    });
    await Promise.race([lockTaken, lock]);
    // The visitors first: once the lane is full, their first call would be shed too.
    const holders = await Promise.all(Array.from({ length: BOUND }, () => newVisitor(server.url)));
    const someone = await newVisitor(server.url);
    const holds = holders.map((holder) => holder.post(claimPath(locked.urlPath)));
    let page = await someone.request("GET", `/p/${probe.urlPath}`, { headers: { accept: "text/html" } });
    for (let tries = 0; page.status !== 503 && tries < 50; tries += 1) {
      await pause(100);
      page = await someone.request("GET", `/p/${probe.urlPath}`, { headers: { accept: "text/html" } });
    }
    expect(page.status).toBe(503);
    return {
      shedPage: page,
      release: async () => {
        unlock();
        await lock;
        await Promise.all(holds);
      },
    };
  }

  it("sheds pages, state calls and new holds with 503 + Retry-After; the admin, a claim and a let-go go through", async () => {
    const [won, letGo, locked, other] = pages as [Page, Page, Page, Page];
    // Two phones hold a prize before the crowd arrives: one will claim it, one will let it go.
    const winner = await newVisitor(server.url);
    expect((await winner.post(claimPath(won.urlPath))).status).toBe(200);
    const leaver = await newVisitor(server.url);
    expect((await leaver.post(claimPath(letGo.urlPath))).status).toBe(200);
    const crowd = await newVisitor(server.url);
    const full = await fillVisitorLane(locked, other);
    try {
      const page = full.shedPage;
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
      expect((await admin.post("/api/prizes/reset_all_daily/")).status).toBe(200);
      expect((await admin.get("/api/winners/")).status).toBe(200);

      // Never shed: the claim of a prize held before, and a let-go.
      const claim = await winner.post(claimPath(won.urlPath), { name: "Winner", password: "2580" });
      expect(claim.status).toBe(201);
      expect((await leaver.patch(claimPath(letGo.urlPath))).status).toBe(200);
    } finally {
      await full.release();
    }

    // The crowd's place back once the held requests are gone.
    let after = await crowd.get(`/api/p/${other.urlPath}/prize/`);
    for (let tries = 0; after.status === 503 && tries < 50; tries += 1) {
      await pause(100);
      after = await crowd.get(`/api/p/${other.urlPath}/prize/`);
    }
    expect(after.status).toBe(200);
  });

  it("treats a forged session cookie and an admin path without a session as a visitor, shed first", async () => {
    const [, , , other, , locked] = pages as [Page, Page, Page, Page, Page, Page];
    const forged = { cookie: "authjs.session-token=forged" };
    // With room, a forged cookie gets what anyone without a session gets.
    expect((await rawRequest(server.url, { method: "GET", path: "/api/admin/settings/", headers: forged })).status).toBe(401);
    const full = await fillVisitorLane(locked, other);
    try {
      for (const headers of [forged, {}]) {
        const refused = await rawRequest(server.url, { method: "GET", path: "/api/admin/settings/", headers });
        expect(refused.status).toBe(503);
        expect(refused.headers["retry-after"]).toMatch(/^[1-5]$/);
      }
      expect((await rawRequest(server.url, { method: "GET", path: `/p/${other.urlPath}`, headers: forged })).status).toBe(503);
      // The organiser's real session still goes first.
      expect((await admin.get("/api/admin/settings/")).status).toBe(200);
    } finally {
      await full.release();
    }
  });

  it("keeps a claim only from a phone with a signed visitor cookie; any other claim body is shed", async () => {
    const [, , , other, spare, , locked] = pages as [Page, Page, Page, Page, Page, Page, Page];
    const phone = await newVisitor(server.url);
    expect((await phone.post(claimPath(spare.urlPath))).status).toBe(200);
    const full = await fillVisitorLane(locked, other);
    try {
      const body = JSON.stringify({ name: "Script", password: "1234" });
      const madeUp = "x".repeat(64);
      const unsigned = await rawRequest(server.url, {
        method: "POST",
        path: claimPath(spare.urlPath),
        headers: {
          "content-type": "application/json",
          cookie: `csrftoken=${madeUp}; visitor_id=AAAAAAAAAAAAAAAAAAAAAA.${"y".repeat(43)}`,
          "x-csrftoken": madeUp,
        },
        body,
      });
      expect(unsigned.status).toBe(503);
      // A signed visitor with a nickname too long to be a claim: shed too.
      const oversized = await phone.post(claimPath(spare.urlPath), { name: "n".repeat(2_000), password: "1234" });
      expect(oversized.status).toBe(503);
      const claim = await phone.post(claimPath(spare.urlPath), { name: "Phone", password: "1234" });
      expect(claim.status).toBe(201);
    } finally {
      await full.release();
    }
  });

  it("holds no place for a body that trickles in, and answers its sender 408 after 10 s", async () => {
    const [, , , other] = pages as [Page, Page, Page, Page];
    const phone = await newVisitor(server.url);
    const head = [
      `POST ${claimPath(other.urlPath)} HTTP/1.1`,
      `Host: ${new URL(server.url).host}`,
      `Cookie: ${cookieHeader(phone)}`,
      `X-CSRFToken: ${phone.csrfToken}`,
      "Content-Type: application/json",
      "Content-Length: 40",
    ].join("\r\n");
    const slow = Array.from({ length: BOUND + 2 }, () => trickle(server.url, head, "{"));
    const login = trickle(
      server.url,
      `POST /api/admin/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60`,
      "{",
    );
    await pause(500);
    // Every visitor place is free: pages, state calls and the organiser answer at once.
    expect((await phone.get(`/api/p/${other.urlPath}/prize/`)).status).toBe(200);
    expect((await phone.request("GET", `/p/${other.urlPath}`)).status).toBe(200);
    expect((await signedInClient(server.url, TEST_ADMIN)).csrfToken).toBeTruthy();
    for (const sender of [...slow, login]) {
      const { status, afterMs } = await sender.answered;
      expect(status).toBe("HTTP/1.1 408 Request Timeout");
      expect(afterMs).toBeGreaterThan(9_000);
    }
  }, 30_000);

  it("refuses a body declared far too large from its headers, with or without cookies", async () => {
    const [, , , other] = pages as [Page, Page, Page, Page];
    const phone = await newVisitor(server.url);
    for (const cookie of ["", cookieHeader(phone)]) {
      const declared = trickle(
        server.url,
        `POST ${claimPath(other.urlPath)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000000${cookie ? `\r\nCookie: ${cookie}` : ""}`,
        "{",
      );
      const { status, afterMs } = await declared.answered;
      expect(status).toBe("HTTP/1.1 413 Payload Too Large");
      expect(afterMs).toBeLessThan(5_000);
    }
  });

  it("limits one phone to 5 claims in 10 s; the sixth waits with Retry-After", async () => {
    const sixth = pages[8] as Page;
    const phone = await newVisitor(server.url);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await phone.post(claimPath(sixth.urlPath), { name: "Eager", password: "9999" })).status);
    }
    // The page holds no prize: each claim is refused by the app, not by the lane.
    expect(statuses.every((status) => status !== 503)).toBe(true);
    const limited = await phone.post(claimPath(sixth.urlPath), { name: "Eager", password: "9999" });
    expect(limited.status).toBe(503);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(10);
  });

  it("logs a client that hangs up mid-body as that, never as a database failure", async () => {
    const [, , , other] = pages as [Page, Page, Page, Page];
    const before = server.output().length;
    const sender = trickle(
      server.url,
      `POST ${claimPath(other.urlPath)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40`,
      '{"name":',
    );
    await pause(300);
    sender.hangUp();
    const said = () => server.output().slice(before);
    for (let tries = 0; !said().includes("hung up") && tries < 50; tries += 1) await pause(100);
    expect(said()).toContain(`A client hung up while sending POST ${claimPath(other.urlPath)}`);
    expect(said()).not.toMatch(/Database unavailable|at .*\(.*:\d+:\d+\)/);
  });
});
