import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { DELIVERY_BATCH_SIZE, deliverDueWebhooks } from "@/lib/services/webhooks/deliver";
import { newWebhookSecret } from "@/lib/webhooks/signing";
import { type RunningServer, startServer } from "../support/app-server";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

type Arrival = { id: string; type: string; data: Record<string, unknown>; raw: string; verified: boolean };
type Mode = "ok" | "fail" | "hang";

/** A receiver as a customer would write one: it checks every signature with the Standard Webhooks library. */
class Receiver {
  secret = "";
  mode: Mode = "ok";
  readonly arrivals: Arrival[] = [];
  /** Every try, answered or not. */
  tries = 0;
  private server: http.Server | undefined;
  private readonly hanging = new Set<http.ServerResponse>();
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.tries += 1;
        if (this.mode === "hang") {
          this.hanging.add(response);
          return;
        }
        if (this.mode === "fail") {
          response.writeHead(500).end();
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        let verified = false;
        try {
          new Webhook(this.secret).verify(raw, request.headers as Record<string, string>);
          verified = true;
        } catch {}
        const body = JSON.parse(raw) as { type: string; data: Record<string, unknown> };
        this.arrivals.push({ id: String(request.headers["webhook-id"]), type: body.type, data: body.data, raw, verified });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  ofType(type: string) {
    return this.arrivals.filter((arrival) => arrival.type === type);
  }

  async stop() {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const FAST_RETRIES = { WEBHOOKS_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "1s,1s,2s" };
const ALL_TYPES = ["winner.created", "winner.received", "winner.expired", "winner.erased", "event.paused", "event.resumed"];

async function addEndpoint(admin: TestClient, receiver: Receiver, fields: Record<string, unknown> = {}) {
  const response = await admin.post("/api/admin/webhooks/", { url: receiver.url, types: ALL_TYPES, ...fields });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { id: number; secret: string };
  receiver.secret = created.secret;
  return created;
}

async function winnerId(admin: TestClient, nickname: string): Promise<number> {
  const response = await admin.get(`/api/winners/?search=${encodeURIComponent(nickname)}`);
  const page = (await response.json()) as { results: { id: number; name: string }[] };
  const row = page.results.find((winner) => winner.name === nickname);
  if (!row) throw new Error(`No winner ${nickname}`);
  return row.id;
}

type Delivery = { status: string; tries: number; last_error: string | null; last_response_code: number | null; type: string };
async function deliveries(admin: TestClient, endpointId: number): Promise<Delivery[]> {
  const response = await admin.get(`/api/admin/webhooks/${endpointId}/deliveries/?page_size=100`);
  return ((await response.json()) as { results: Delivery[] }).results;
}

describe("webhooks", () => {
  let file: FileServer;
  let admin: TestClient;
  let prize: { id: number; name: string };
  let doomed: { id: number; name: string };
  const plain = new Receiver();
  const withNickname = new Receiver();
  let plainId = 0;

  beforeAll(async () => {
    file = await startOwnServer("webhooks", FAST_RETRIES);
    // A claim of "Doomed" rolls back at COMMIT, after its outbox row was written (a deferred trigger).
    await file.withDatabase(async (db) => {
      await db.execute(sql`create function refuse_doomed() returns trigger language plpgsql as $$
        begin if new.data->>'prize_name' like 'Doomed%' then raise exception 'rolled back on purpose'; end if; return null; end $$`);
      await db.execute(sql`create constraint trigger refuse_doomed after insert on webhook_deliveries
        deferrable initially deferred for each row execute function refuse_doomed()`);
    });
    admin = await signedInClient(file.url, TEST_ADMIN);
    await Promise.all([plain.start(), withNickname.start()]);
    plainId = (await addEndpoint(admin, plain)).id;
    await addEndpoint(admin, withNickname, { include_nickname: true, types: ["winner.created"] });
    prize = await createPrizeViaApi(admin, { name: "Tote bag", total: 50 });
    doomed = await createPrizeViaApi(admin, { name: "Doomed prize", total: 5 });
  });
  afterAll(async () => {
    await Promise.all([plain.stop(), withNickname.stop()]);
    await file?.stop();
  });

  it("refuses a receiver at a private address unless WEBHOOKS_ALLOW_PRIVATE, naming url; the secret shows only once", async () => {
    const listed = await (await admin.get(`/api/admin/webhooks/${plainId}/`)).json();
    expect(listed).not.toHaveProperty("secret");
    expect(JSON.stringify(await (await admin.get("/api/admin/webhooks/")).json())).not.toContain("whsec_");
    const bad = await admin.post("/api/admin/webhooks/", { url: "ftp://example.com/", types: ["winner.created"] });
    expect(bad.status).toBe(400);
    expect(Object.keys(await bad.json())).toEqual(["url"]);
  });

  it("a win, a hand-over, an expiry and an erasure each arrive once, signed, without the code; the nickname only where asked", async () => {
    await winViaApi(admin, file.url, { prizeId: prize.id, name: "Hana", password: "4821" });
    await winViaApi(admin, file.url, { prizeId: prize.id, name: "Jun", password: "7395" });
    const hana = await winnerId(admin, "Hana");
    const jun = await winnerId(admin, "Jun");
    expect((await admin.post(`/api/winners/${hana}/mark_received/`)).status).toBe(200);
    // Jun's deadline passes: the sweep expires the win (on PGlite at the restart this takes, else within 10 s).
    await file.withDatabase((db) => db.execute(sql`update winners set collect_by = now() - interval '1 minute' where id = ${jun}`));
    await expect.poll(() => plain.ofType("winner.expired").length, { timeout: 30_000 }).toBe(1);
    expect((await admin.post(`/api/winners/${hana}/erase/`)).status).toBe(200);
    await expect.poll(() => plain.ofType("winner.erased").length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => withNickname.ofType("winner.created").length, { timeout: 15_000 }).toBe(2);

    const byWinner = (a: Arrival, b: Arrival) => Number(a.data.winner_id) - Number(b.data.winner_id);
    expect(
      plain
        .ofType("winner.created")
        .sort(byWinner)
        .map((arrival) => arrival.data.winner_id),
    ).toEqual([hana, jun]);
    expect(plain.ofType("winner.received").map((arrival) => arrival.data.winner_id)).toEqual([hana]);
    expect(plain.ofType("winner.expired").map((arrival) => arrival.data.winner_id)).toEqual([jun]);
    expect(plain.ofType("winner.erased").map((arrival) => arrival.data)).toEqual([
      { winner_id: hana, prize_id: prize.id, prize_name: "Tote bag", erased_at: expect.any(String) },
    ]);
    expect(plain.ofType("winner.created")[0]?.data).toMatchObject({
      prize_id: prize.id,
      prize_name: "Tote bag",
      won_at: expect.any(String),
    });
    for (const arrival of [...plain.arrivals, ...withNickname.arrivals]) {
      expect(arrival.verified).toBe(true);
      expect(arrival.raw).not.toMatch(/4821|7395/);
    }
    expect(new Set(plain.arrivals.map((arrival) => arrival.id)).size).toBe(plain.arrivals.length);
    expect(JSON.stringify(plain.arrivals.map((arrival) => arrival.data))).not.toMatch(/Hana|Jun|nickname/);
    expect(
      withNickname
        .ofType("winner.created")
        .sort(byWinner)
        .map((arrival) => arrival.data.nickname),
    ).toEqual(["Hana", "Jun"]);
  });

  it("a claim rolled back after its outbox row was written sends nothing", async () => {
    const before = plain.arrivals.length;
    await expect(winViaApi(admin, file.url, { prizeId: doomed.id, name: "Ghost", password: "1357" })).rejects.toThrow();
    // A test message sent after it arrives: the delivery job has run past the failed claim.
    expect((await admin.post(`/api/admin/webhooks/${plainId}/test/`)).status).toBe(202);
    await expect.poll(() => plain.ofType("webhook.test").length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(plain.arrivals.slice(before).filter((arrival) => arrival.type !== "webhook.test")).toEqual([]);
    expect((await deliveries(admin, plainId)).filter((row) => row.type === "winner.created" && row.status !== "delivered")).toEqual([]);
  });

  it("a receiver that answers 500, then one that refuses connections, gets every message once it is back", async () => {
    const flaky = await new Receiver().start();
    const flakyId = (await addEndpoint(admin, flaky, { types: ["event.paused", "event.resumed"] })).id;
    try {
      flaky.mode = "fail";
      expect((await admin.patch("/api/admin/settings/", { paused: true })).status).toBe(200);
      await expect.poll(() => flaky.tries, { timeout: 15_000 }).toBeGreaterThan(1);
      // Refused: nothing listens on its port for a while.
      const port = flaky.port;
      await flaky.stop();
      expect((await admin.patch("/api/admin/settings/", { paused: false })).status).toBe(200);
      // Both messages tried and failed (the first answered 500, the second refused) before the receiver is back.
      await expect
        .poll(async () => (await deliveries(admin, flakyId)).filter((row) => row.last_error !== null).length, { timeout: 15_000 })
        .toBe(2);
      flaky.mode = "ok";
      await flaky.start(port);
      await expect
        .poll(() => flaky.arrivals.map((arrival) => arrival.type).sort(), { timeout: 20_000 })
        .toEqual(["event.paused", "event.resumed"]);
      expect(flaky.arrivals.every((arrival) => arrival.verified)).toBe(true);
      const rows = await deliveries(admin, flakyId);
      expect(rows.map((row) => row.status)).toEqual(["delivered", "delivered"]);
      expect(rows.every((row) => row.tries >= 2)).toBe(true);
    } finally {
      await admin.delete(`/api/admin/webhooks/${flakyId}/`);
      await flaky.stop();
    }
  });

  it("a receiver that never answers slows no claim, and its delivery records a timeout", async () => {
    const stuck = await new Receiver().start();
    stuck.mode = "hang";
    const stuckId = (await addEndpoint(admin, stuck, { types: ["winner.created"] })).id;
    try {
      for (const name of ["Mina", "Seo", "Yuri"]) await winViaApi(admin, file.url, { prizeId: prize.id, name, password: "2468" });
      await expect.poll(() => stuck.tries, { timeout: 15_000 }).toBeGreaterThan(0);
      // While it hangs, claims still succeed.
      await winViaApi(admin, file.url, { prizeId: prize.id, name: "Dae", password: "1122" });
      await expect
        .poll(async () => (await deliveries(admin, stuckId)).some((row) => row.last_error?.includes("timed out")), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await admin.delete(`/api/admin/webhooks/${stuckId}/`);
      await stuck.stop();
    }
  });

  it("rolling the secret answers a new one once; later messages verify with it only", async () => {
    const rolled = await admin.post(`/api/admin/webhooks/${plainId}/roll_secret/`);
    const { secret } = (await rolled.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(plain.secret);
    plain.secret = secret;
    const before = plain.ofType("webhook.test").length;
    expect((await admin.post(`/api/admin/webhooks/${plainId}/test/`)).status).toBe(202);
    await expect.poll(() => plain.ofType("webhook.test").length, { timeout: 15_000 }).toBe(before + 1);
    expect(plain.ofType("webhook.test").at(-1)?.verified).toBe(true);
  });
});

describe("webhooks: a receiver address checked without WEBHOOKS_ALLOW_PRIVATE", () => {
  let file: FileServer;
  afterAll(() => file?.stop());

  it("POST with a loopback or private receiver is a 400 naming url and why", async () => {
    file = await startOwnServer("webhooks-private");
    const admin = await signedInClient(file.url, TEST_ADMIN);
    for (const url of ["http://127.0.0.1:9/hook", "http://[::ffff:10.0.0.1]/", "http://localhost/", "https://192.168.1.10/"]) {
      const response = await admin.post("/api/admin/webhooks/", { url, types: ["winner.created"] });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      const body = (await response.json()) as Record<string, string[]>;
      expect(Object.keys(body)).toEqual(["url"]);
      expect(body.url?.[0]).toMatch(/loopback, private or link-local/);
    }
  });
});

describe("webhooks: two instances on one database", () => {
  const instances: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(instances.map((server) => server.stop()));
    await drop?.();
  });

  it("never send one message twice", async ({ skip }) => {
    if (inject("databaseUrl") === null) skip("two instances need Postgres (a PGlite folder has one process); runs on Postgres");
    const fresh = await createFreshPostgresDatabase("webhooks-two");
    drop = fresh.drop;
    const env = {
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_NAME: TEST_ADMIN.name,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      APP_TIMEZONE: TEST_TIME_ZONE,
      DATABASE_URL: fresh.url,
      ...FAST_RETRIES,
    };
    instances.push(await startServer({ ...env, DATA_DIR: tempDir("webhooks-a") }));
    instances.push(await startServer({ ...env, DATA_DIR: tempDir("webhooks-b") }));
    const receiver = await new Receiver().start();
    try {
      const admins = await Promise.all(instances.map((server) => signedInClient(server.url, TEST_ADMIN)));
      const { id } = await addEndpoint(admins[0]!, receiver, { types: ["winner.created"] });
      const sent = 40;
      await Promise.all(Array.from({ length: sent }, (_, index) => admins[index % 2]!.post(`/api/admin/webhooks/${id}/test/`)));
      await expect.poll(() => receiver.arrivals.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(sent);
      const ids = receiver.arrivals.map((arrival) => arrival.id);
      expect(new Set(ids).size).toBe(sent);
      expect(ids.length).toBe(sent);
    } finally {
      await receiver.stop();
    }
  });
});

describe("webhooks: one delivery beat", () => {
  let database: ServiceDatabase;
  const receiver = new Receiver();
  beforeAll(async () => {
    database = await freshServiceDatabase("webhooks_beat");
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await database?.close();
  });

  // This process posts to 127.0.0.1: the integration project sets WEBHOOKS_ALLOW_PRIVATE (vitest.config.ts).
  it("sends every due message, batch after batch, not one batch and the rest a beat later", async () => {
    const { db } = database;
    receiver.secret = newWebhookSecret();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: receiver.url, types: ["winner.created"], secret: receiver.secret })
      .returning({ id: webhookEndpoints.id });
    const due = DELIVERY_BATCH_SIZE * 2 + 7;
    await db.insert(webhookDeliveries).values(
      Array.from({ length: due }, (_, index) => ({
        endpointId: endpoint!.id,
        messageId: `msg_beat${index}`,
        type: "winner.created",
        data: { winner_id: index },
      })),
    );

    expect(await deliverDueWebhooks(db)).toBe(due);
    expect(receiver.arrivals.every((arrival) => arrival.verified)).toBe(true);
    expect(new Set(receiver.arrivals.map((arrival) => arrival.id)).size).toBe(due);
    expect(receiver.arrivals.length).toBe(due);
    const rows = await db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(rows.filter((row) => row.status !== "delivered")).toEqual([]);
  });
});
