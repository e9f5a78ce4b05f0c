// npm run bench:webhooks [-- --visitors 300 --rounds 5 --port N --checkout <another checkout, built>]
// What three webhook receivers cost a storm of claims, and how soon they hear of every win (performance.md, "Webhooks
// under a storm"). Starts the production build (`npm run build` first) on a fresh Postgres database of its own
// with WEBHOOKS_ALLOW_PRIVATE=1, and three receivers (node:http) that check every signature with the
// `standardwebhooks` package and note each message's webhook-id and arrival. Then rounds in turn, A B A B ...:
//   A: `--visitors` visitors at once, each holding the prize on a page of its own and claiming it, no receiver;
//   B: the same storm with the three receivers subscribed to every type, then waiting for every message.
// Prints each round's claim p50/p99 (hold + claim, as a phone sees them), the medians, the ratio of the
// medians of p99, and for B the time from the storm's last answer to the last message's arrival, and checks
// that every receiver got each round's winner.created messages, one per win, each webhook-id once.
// Exits 1 only when a message is missing: the times are printed, never asserted. `--port N`: the server on N, the
// receivers on the three after it; `--checkout`: another checkout's build (e.g. main's, to compare).
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { openDatabase } from "@/db";
import { settings, winners } from "@/db/schema";
import { newCsrfToken } from "@/lib/api/csrf";
import { WEBHOOK_TYPES } from "@/shared/webhook-types";
import { startServer, TEST_LANES } from "../tests/support/app-server";
import { signedInClient, type TestClient } from "../tests/support/http-client";
import { claimCall, freshBenchDatabase, percentile, positiveOption, seedPrizePages, type VisitorJar } from "./bench-support";

const VISITORS = positiveOption("visitors", 300);
const ROUNDS = positiveOption("rounds", 5);
const PORT = process.argv.includes("--port") ? positiveOption("port", 1) : undefined;
const checkoutIndex = process.argv.indexOf("--checkout");
const CHECKOUT = checkoutIndex > 0 ? process.argv[checkoutIndex + 1] : undefined;
const RECEIVERS = 3;
/** How long a round waits for its messages before counting what is missing. */
const DELIVERY_DEADLINE_MS = 60_000;
const ADMIN = { name: "bench", password: "bench-webhooks-password" };
const TIME_ZONE = "UTC";
const DATABASE = `prize_bench_webhooks${process.env.TEST_DB_TAG ? `_${process.env.TEST_DB_TAG.replace(/\W/g, "")}` : ""}`;

type Arrival = { id: string; type: string; winnerId: number; at: number };

/** A receiver as a customer writes one: every signature checked with the Standard Webhooks library. */
class Receiver {
  secret = "";
  /** This round's messages, in arrival order. */
  arrivals: Arrival[] = [];
  /** Every message since the start, by webhook-id: a repeat in a later round is still a repeat. */
  readonly seen = new Map<string, number>();
  unverified = 0;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString("utf8");
      try {
        new Webhook(this.secret).verify(raw, request.headers as Record<string, string>);
      } catch {
        this.unverified += 1;
        response.writeHead(400).end();
        return;
      }
      const id = String(request.headers["webhook-id"]);
      const body = JSON.parse(raw) as { type: string; data: { winner_id?: number } };
      this.arrivals.push({ id, type: body.type, winnerId: Number(body.data.winner_id), at });
      this.seen.set(id, (this.seen.get(id) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });

  async start(port: number): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    return this;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** This round's winner.created messages against the wins: missing wins, repeats of a win. */
  check(wins: Set<number>) {
    const created = this.arrivals.filter((arrival) => arrival.type === "winner.created");
    const winnerIds = new Set(created.map((arrival) => arrival.winnerId));
    return {
      missing: [...wins].filter((id) => !winnerIds.has(id)).length,
      repeats: created.length - winnerIds.size,
      last: Math.max(...created.map((arrival) => arrival.at)),
      times: created.map((arrival) => arrival.at),
    };
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/**
 * `count` visitors at once, each on a page of its own: the hold, then the claim. A shed answer (503) is waited
 * out as the page's script does (the bench lifts the visitor lane's bound, so none is expected). Returns each
 * visitor's hold + claim time, the storm's last answer (performance.now()) and the statuses.
 */
async function storm(baseUrl: string, pages: string[]) {
  const statuses = new Map<number, number>();
  const jars: VisitorJar[] = pages.map(() => ({ csrf: newCsrfToken(), visitor: "" }));
  const call = async (jar: VisitorJar, page: string, body?: object): Promise<number> => {
    for (;;) {
      const status = await claimCall(baseUrl, jar, page, body);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 503) return status;
      await sleep(1000);
    }
  };
  let lastAnswer = 0;
  const begun = performance.now();
  const times = await Promise.all(
    pages.map(async (page, index) => {
      const jar = jars[index]!;
      const started = performance.now();
      if ((await call(jar, page)) === 200) await call(jar, page, { name: `Bench ${index}`, password: "1234" });
      lastAnswer = Math.max(lastAnswer, performance.now());
      return performance.now() - started;
    }),
  );
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    seconds: (lastAnswer - begun) / 1000,
    lastAnswer,
    statuses: Object.fromEntries(statuses),
  };
}

async function subscribe(admin: TestClient, receivers: Receiver[]): Promise<number[]> {
  return Promise.all(
    receivers.map(async (receiver) => {
      const response = await admin.post("/api/admin/webhooks/", { url: receiver.url, types: WEBHOOK_TYPES });
      if (response.status !== 201) throw new Error(`Adding a receiver answered ${response.status}: ${await response.text()}`);
      const created = (await response.json()) as { id: number; secret: string };
      receiver.secret = created.secret;
      return created.id;
    }),
  );
}

async function unsubscribe(admin: TestClient, ids: number[]) {
  for (const id of ids) {
    const response = await admin.delete(`/api/admin/webhooks/${id}/`);
    if (response.status !== 204) throw new Error(`Deleting receiver ${id} answered ${response.status}`);
  }
}

async function main(): Promise<void> {
  console.log(`Build: ${CHECKOUT ?? "this checkout"}. Load average at start: ${load()}`);
  const url = await freshBenchDatabase(DATABASE);
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, (_, index) => new Receiver().start(PORT ? PORT + 1 + index : 0)));
  const server = await startServer(
    {
      DATABASE_URL: url,
      AUTH_SECRET: "bench-webhooks-does-not-sign-real-sessions-0",
      ADMIN_NAME: ADMIN.name,
      ADMIN_PASSWORD: ADMIN.password,
      APP_TIMEZONE: TIME_ZONE,
      DATA_DIR: `/tmp/bench-webhooks-${process.pid}`,
      WEBHOOKS_ALLOW_PRIVATE: "1",
      // 300 holds at once: with the visitor lane's default bound (24) most are shed and wait 1-3 s, and those
      // waits, not the server's work, would be the p99 compared.
      VISITOR_CONCURRENCY: TEST_LANES.VISITOR_CONCURRENCY,
    },
    PORT,
    CHECKOUT ? path.resolve(CHECKOUT, "server.mjs") : undefined,
  );
  const database = openDatabase({ kind: "postgres", url }, { timeZone: TIME_ZONE });
  const { db } = database;
  let missingInAll = 0;
  try {
    // The server made the tables; top-ups after each win would add unmeasured work.
    await db.update(settings).set({ maintenanceMode: false });
    const admin = await signedInClient(server.url, ADMIN);

    /** One round: a storm on fresh pages, and with receivers, every message waited for and checked. */
    const round = async (label: string, withReceivers: boolean, visitors = VISITORS) => {
      const { prizeId, pages } = await seedPrizePages(db, label, visitors);
      const ids = withReceivers ? await subscribe(admin, receivers) : [];
      for (const receiver of receivers) receiver.arrivals = [];
      const result = await storm(server.url, pages);
      if (!withReceivers) return { ...result, wins: 0, lag: Number.NaN, after: 0, missing: 0, repeats: 0 };
      const wins = new Set((await db.select({ id: winners.id }).from(winners).where(eq(winners.prizeId, prizeId))).map((row) => row.id));
      const deadline = performance.now() + DELIVERY_DEADLINE_MS;
      while (performance.now() < deadline && receivers.some((receiver) => receiver.check(wins).missing > 0)) await sleep(20);
      const checks = receivers.map((receiver) => receiver.check(wins));
      await unsubscribe(admin, ids);
      return {
        ...result,
        wins: wins.size,
        lag: Math.max(...checks.map((check) => check.last)) - result.lastAnswer,
        // Still to send when the storm ended: with the lag, the delivery's own pace.
        after: checks.reduce((sum, check) => sum + check.times.filter((at) => at > result.lastAnswer).length, 0),
        missing: checks.reduce((sum, check) => sum + check.missing, 0),
        repeats: checks.reduce((sum, check) => sum + check.repeats, 0),
      };
    };

    console.log(`Warming up (30 visitors, receivers on)...`);
    await round("warm-up", true, 30);
    console.log(`\n${VISITORS} visitors at once, each a hold then a claim on a page of its own; ${RECEIVERS} receivers in B rounds.`);
    console.log("round           storm   p50 ms   p99 ms  wins  last message after the storm (sent after it)  missing  repeats  statuses");
    const quiet: { p50: number; p99: number }[] = [];
    const heard: { p50: number; p99: number; lag: number }[] = [];
    for (let index = 1; index <= ROUNDS; index += 1) {
      for (const withReceivers of [false, true]) {
        const name = `${withReceivers ? "B" : "A"}${index}`;
        const result = await round(name, withReceivers);
        (withReceivers ? heard : quiet).push(result);
        missingInAll += result.missing;
        const delivery = withReceivers
          ? `${String(result.wins).padStart(4)}  ${`${(result.lag / 1000).toFixed(2)} s (${result.after})`.padStart(44)}  ${String(result.missing).padStart(7)}  ${String(result.repeats).padStart(7)}`
          : `${"".padStart(4)}  ${"".padStart(44)}  ${"".padStart(7)}  ${"".padStart(7)}`;
        console.log(
          `${`${name} ${withReceivers ? "3 receivers" : "none"}`.padEnd(14)} ${`${result.seconds.toFixed(1)} s`.padStart(7)}  ${result.p50
            .toFixed(0)
            .padStart(7)}  ${result.p99.toFixed(0).padStart(7)}  ${delivery}  ${JSON.stringify(result.statuses)}`,
        );
      }
    }
    // A repeat can come late (a lease running out): count every webhook-id over the whole run once more.
    await sleep(2000);
    const repeatsInAll = receivers.reduce((sum, receiver) => sum + [...receiver.seen.values()].filter((count) => count > 1).length, 0);
    const unverified = receivers.reduce((sum, receiver) => sum + receiver.unverified, 0);
    const [quietP99, heardP99] = [median(quiet.map((r) => r.p99)), median(heard.map((r) => r.p99))];
    console.log(`\nmedians       A (no receiver): p50 ${median(quiet.map((r) => r.p50)).toFixed(0)} ms, p99 ${quietP99.toFixed(0)} ms`);
    console.log(`              B (3 receivers): p50 ${median(heard.map((r) => r.p50)).toFixed(0)} ms, p99 ${heardP99.toFixed(0)} ms`);
    console.log(`ratio of the medians of p99, B / A: ${(heardP99 / quietP99).toFixed(2)}  (goal: at most 1.10)`);
    const lags = heard.map((r) => r.lag / 1000);
    console.log(
      `last message after the storm's last answer: median ${median(lags).toFixed(2)} s, worst ${Math.max(...lags).toFixed(2)} s  (goal: within 10 s)`,
    );
    console.log(
      `messages: ${missingInAll} missing, ${repeatsInAll} webhook-ids arrived more than once, ${unverified} failed their signature check`,
    );
    console.log(`Load average at end: ${load()}`);
    // A message that failed its check was answered 400 and tried again later: if it never passed, it is missing.
    if (missingInAll > 0) process.exitCode = 1;
  } finally {
    await database.close();
    await server.stop();
    await Promise.all(receivers.map((receiver) => receiver.stop()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
