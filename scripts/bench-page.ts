// npm run bench:page -- <server URL> [--requests N] [--concurrency N] [--rounds N] [--burst N] [--events N]
// What a crowd scanning QR codes costs a running server backed by Postgres (DATABASE_URL names the same
// database). In one run on one server it prints, round by round and then as medians, the throughput and p50/p99 of:
//   the product page (GET /p/{url_path}, a prize waiting, with a real photo), the prize status
//   (GET /api/p/{url_path}/prize/), a refused reserve (POST .../claim/ where no prize waits), a let-go with
//   no hold (PATCH .../claim/: an unsafe call that reads no database, the floor for the reserve), the empty route
//   (GET /api/ping/) and a static file (GET /robots.txt), each as a ratio of the empty route's throughput.
//   The requests are made in rounds, every path once per round in turn, and each ratio is the median of the
//   rounds' ratios: a server warming up, or a busy neighbour, then moves every path alike, not one. The load
//   average is printed before the first round and after each;
// then a burst: N visitors tapping one ticket at the same moment (exactly one may win the hold) beside N
// simultaneous requests to the empty route. It starts nothing itself; it seeds its own pages and prize, in the
// installation's default event, or with `--events N` in the last of N-1 more live events of 1,000 pages each
// (an installation holding several events: a scan then finds its page among theirs).
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import postgres from "postgres";
import sharp from "sharp";
import { openDatabase } from "@/db";
import { placements, prizes, products, settings } from "@/db/schema";
import { storeImage } from "@/lib/images/store";
import { newUrlPath } from "@/lib/url-path";
import en from "@/messages/en.json";
import { positiveOption } from "./bench-support";

const baseUrl = process.argv[2]?.replace(/\/+$/, "");
const requests = positiveOption("requests", 2000);
const concurrency = positiveOption("concurrency", 20);
const burst = positiveOption("burst", 200);
const rounds = positiveOption("rounds", 5);
const eventCount = positiveOption("events", 1);
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !process.env.DATABASE_URL) {
  console.error("Usage: DATABASE_URL=postgres://... npm run bench:page -- http://127.0.0.1:3000 [--requests 2000] [--concurrency 20]");
  process.exit(1);
}
process.env.AUTH_SECRET ??= "bench-does-not-sign-sessions-0123456789";
const database = openDatabase(
  { kind: "postgres", url: process.env.DATABASE_URL },
  { timeZone: process.env.APP_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone },
);
const { db } = database;

/** A photo-like picture (noise compresses badly, as photos do), stored as the app stores uploads. */
async function photo(): Promise<number> {
  const side = 1200;
  const noise = randomBytes(side * side * 3);
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .blur(2)
    .png()
    .toBuffer();
  return (await storeImage(db, png)).id;
}

/**
 * `count` more live events, each with its settings row and 1,000 pages of its own addresses; the last one's id.
 * Raw SQL, as the bench also runs against builds from before events (without --events).
 */
async function seedEvents(count: number, tag: string): Promise<number> {
  const direct = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  let id = 1;
  for (let index = 0; index < count; index += 1) {
    const [event] = await direct<{ id: number }[]>`insert into events (name, status, went_live_at)
      values (${`Bench ${tag} ${index + 1}`}, 'live', now()) returning id`;
    id = event!.id;
    await direct`insert into settings (id) values (${id})`;
    await direct`insert into products (event_id, name, url_path)
      select ${id}, 'Bench stand ' || n, ${`b${tag}e${id}p`} || n from generate_series(1, 1000) n`;
  }
  await direct.end();
  return id;
}

async function seedPage(label: string, imageId: number, prizeId: number | null, eventId: number): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      eventId,
      name: `Bench page ${label}`,
      description: "A stand at the benchmark event, with a photo and a prize.",
      urlPath: newUrlPath(),
      imageId,
    })
    .returning({ id: products.id, urlPath: products.urlPath });
  if (prizeId !== null) await db.insert(placements).values({ eventId, prizeId, productId: row!.id });
  return row!.urlPath;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Measured = { perSecond: number; p50: number; p99: number; statuses: Map<number, number> };

/** What the bench reads of an answer: its status and the bytes as sent (still gzipped, as a phone gets them). */
type Answer = { status: number; encoding: string | undefined; body: Buffer };
type Call = () => Promise<Answer>;

/**
 * The client is node:http with kept-alive connections, reading each answer's bytes as sent. It shares the two
 * cores with the server, so it does as little as a client can: fetch() would also gunzip every 76 KB page
 * through web streams, work a phone does on its own CPU, which took a fifth of the page's measured rate
 * here. Every answer is still read whole, and the first of each path is checked (checkAnswers).
 */
const transport = baseUrl.startsWith("https:") ? https : http;
const agent = new transport.Agent({ keepAlive: true });
// As long as fetch() waited for an answer's headers: a stuck server fails the bench, not hangs it.
const ANSWER_TIMEOUT_MS = 300_000;

function call(path: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = transport.request(`${baseUrl}${path}`, { method, agent, headers, timeout: ANSWER_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error(`${method} ${path}: no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
    request.end();
  });
}

/** The answer's text, as the phone would see it once unpacked. */
function textOf(answer: Answer): string {
  if (answer.encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  if (answer.encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}

/** `count` calls of `request`, `workers` at a time. */
async function measure(count: number, workers: number, request: Call): Promise<Measured> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (started < count) {
        started += 1;
        const t0 = performance.now();
        const answer = await request();
        latencies.push(performance.now() - t0);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

/**
 * A phone's call: the cookies the server handed it on a first response (csrftoken and visitor id, as a
 * page gives them), the CSRF header, and gzip accepted as every browser does.
 */
async function visitorCall(path: string, method = "GET"): Promise<Call> {
  const first = await fetch(`${baseUrl}/api/ping/`);
  await first.arrayBuffer();
  const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const csrf = cookies.find((cookie) => cookie.startsWith("csrftoken="))?.slice("csrftoken=".length) ?? "";
  const headers = { cookie: cookies.join("; "), "x-csrftoken": csrf, "accept-encoding": "gzip, deflate, br" };
  return () => call(path, method, headers);
}

/** A path the bench measures, and what its answer must be for the figures to mean anything. */
type Row = { label: string; request: Call; status: number; shows: string; compressed?: boolean };

/**
 * Each path once, read as a phone would: the figures below are only worth something if the answers are the
 * real ones (the page gzipped with its ticket, the refused reserve a 409 saying the ticket is taken).
 */
async function checkAnswers(rows: Row[]): Promise<void> {
  for (const { label, request, status, shows, compressed } of rows) {
    const answer = await request();
    const body = textOf(answer);
    if (answer.status !== status || !body.includes(shows) || (compressed && answer.encoding !== "gzip" && answer.encoding !== "br")) {
      throw new Error(
        `${label}: expected ${status}${compressed ? " compressed" : ""} showing ${shows}, got ${answer.status} (${answer.encoding ?? "plain"}): ${body.slice(0, 200)}`,
      );
    }
  }
}

async function main() {
  const [before] = await db.select({ maintenanceMode: settings.maintenanceMode }).from(settings);
  await db.update(settings).set({ maintenanceMode: false });
  const tag = randomBytes(2).toString("hex");
  try {
    const eventId = eventCount > 1 ? await seedEvents(eventCount - 1, tag) : 1;
    const imageId = await photo();
    const [prize] = await db
      .insert(prizes)
      .values({
        eventId,
        name: `Bench ${tag}`,
        totalQuantity: 1000,
        remainingQuantity: 1000,
        dailyDistribution: 1000,
        maintenanceCount: 1000,
      })
      .returning({ id: prizes.id });
    const prized = await seedPage(`${tag} prized`, imageId, prize!.id, eventId);
    const empty = await seedPage(`${tag} empty`, imageId, null, eventId);
    const burstPage = await seedPage(`${tag} burst`, imageId, prize!.id, eventId);

    const rows: Row[] = [
      { label: "empty route (/api/ping/)", request: await visitorCall("/api/ping/"), status: 200, shows: '"status":"ok"' },
      { label: "static file (/robots.txt)", request: await visitorCall("/robots.txt"), status: 200, shows: "User-agent" },
      {
        label: "product page (/p/...)",
        request: await visitorCall(`/p/${prized}`),
        status: 200,
        shows: "You found a prize!",
        compressed: true,
      },
      { label: "prize status", request: await visitorCall(`/api/p/${prized}/prize/`), status: 200, shows: '"has_prize":true' },
      {
        label: "refused reserve (no prize)",
        request: await visitorCall(`/api/p/${empty}/prize/claim/`, "POST"),
        status: 409,
        shows: JSON.stringify(en.visitor.api.taken),
      },
      // The floor for a call that is not a GET: the same route, CSRF check and JSON answer, no database.
      {
        label: "let go, no hold (PATCH)",
        request: await visitorCall(`/api/p/${empty}/prize/claim/`, "PATCH"),
        status: 200,
        shows: JSON.stringify(en.visitor.api.reservationCancelled),
      },
    ];
    await checkAnswers(rows);
    // Warm up: compile paths, fill connection pools.
    for (const { request } of rows) await measure(50, 5, request);
    console.log(
      `${requests} requests each, ${concurrency} at a time, in ${rounds} rounds, one server (${baseUrl}), ${eventCount} event(s); load average ${loadAverage()}`,
    );
    const perRound = Math.ceil(requests / rounds);
    const results = rows.map(() => [] as Measured[]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, { request }] of rows.entries()) results[index]!.push(await measure(perRound, concurrency, request));
      const emptyRate = results[0]![round]!.perSecond;
      const shown = rows.map(({ label }, index) => {
        const rate = results[index]![round]!.perSecond;
        return `${label.split(" (")[0]} ${rate.toFixed(0)}/s ${(rate / emptyRate).toFixed(2)}`;
      });
      console.log(`round ${round + 1}: ${shown.join(" · ")}; load average ${loadAverage()}`);
    }
    console.log("medians of the rounds (ratio to the empty route: median, range):");
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const emptyRates = results[0]!.map((result) => result.perSecond);
    for (const [index, { label }] of rows.entries()) {
      const measured = results[index]!;
      const ratios = measured.map((result, round) => result.perSecond / emptyRates[round]!);
      const statuses = new Map<number, number>();
      for (const result of measured) for (const [status, n] of result.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
      const shown = [...statuses].map(([status, n]) => `${status}×${n}`).join(" ");
      console.log(
        `${label.padEnd(28)} ${median(measured.map((r) => r.perSecond))
          .toFixed(0)
          .padStart(6)} req/s  p50 ${median(measured.map((r) => r.p50))
          .toFixed(1)
          .padStart(6)} ms  p99 ${median(measured.map((r) => r.p99))
          .toFixed(1)
          .padStart(6)} ms  ratio ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(
          2,
        )}-${Math.max(...ratios).toFixed(2)})  (${shown})`,
      );
    }

    const simultaneous = async (label: string, makeRequest: () => Promise<Call>) => {
      const calls = await Promise.all(Array.from({ length: burst }, makeRequest));
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const t0 = performance.now();
      await Promise.all(
        calls.map(async (request) => {
          const begin = performance.now();
          const answer = await request();
          latencies.push(performance.now() - begin);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }),
      );
      const total = performance.now() - t0;
      latencies.sort((a, b) => a - b);
      const shown = [...statuses].map(([status, n]) => `${status}×${n}`).join(" ");
      console.log(
        `${label.padEnd(40)} all answered in ${total.toFixed(0).padStart(5)} ms  p50 ${percentile(latencies, 50).toFixed(0)} ms  p99 ${percentile(latencies, 99).toFixed(0)} ms  (${shown})`,
      );
      return statuses;
    };
    console.log(`\nBurst: ${burst} requests at the same moment`);
    await simultaneous(`empty route, ${burst} at once`, () => visitorCall("/api/ping/"));
    const taps = await simultaneous(`${burst} visitors tap one ticket`, () => visitorCall(`/api/p/${burstPage}/prize/claim/`, "POST"));
    const holds = taps.get(200) ?? 0;
    console.log(`holds given: ${holds} (must be exactly 1)`);
    if (holds !== 1) process.exitCode = 1;
  } finally {
    await db.update(settings).set({ maintenanceMode: before?.maintenanceMode ?? false });
    await database.close();
  }
}

void main();
