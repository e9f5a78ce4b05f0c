// npm run bench:metrics [-- --requests 4000 --concurrency 20 --rounds 40]
// What the metrics cost the product page, measured directly: two production servers (`npm run build`
// first) on one fresh Postgres database `prize_bench_metrics` (TEST_POSTGRES_URL picks the server), one with
// METRICS_TOKEN (every request timed into the histogram, /metrics served) and one without (metrics off),
// the same page with a prize and a real photo asked of each in turn, round after round (the order swapped
// every round, so a machine warming up or a busy neighbour moves both alike). Prints each server's
// throughput and p50/p99, and the cost per request: the median over the rounds of the difference between
// the two servers' time per request (1 / throughput: the CPU one request takes at saturation), in
// microseconds, beside the page's own time per request. The empty route (/api/ping/) likewise, as a second
// reading of the same fixed cost. A ratio to an empty route would hide it: the empty route pays it too.
// Last, the same work in this process alone (the hook server.mjs calls for each request, the answer's
// 'finish', the route's template and the histogram), timed over many calls: the cost without the noise of
// a shared machine, which on a busy one is larger than the cost itself.
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import sharp from "sharp";
import { openDatabase } from "@/db";
import { placements, prizes, products } from "@/db/schema";
import { storeImage } from "@/lib/images/store";
import { metrics } from "@/lib/metrics/registry";
import { newUrlPath } from "@/lib/url-path";
import { type RunningServer, startServer } from "../tests/support/app-server";
import { parseMetrics, total } from "../tests/support/metrics-text";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const requests = positiveOption("requests", 4000);
const concurrency = positiveOption("concurrency", 20);
const rounds = positiveOption("rounds", 40);
const DATABASE = "prize_bench_metrics";
const TOKEN = "bench-metrics-token-0123456789";
const AUTH_SECRET = "bench-metrics-secret-0123456789abcdef-0123";

/** A product page with a photo-like picture (blurred noise compresses as badly as a photo) and a prize waiting. */
async function seed(url: string): Promise<string> {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: "UTC" });
  try {
    const side = 1200;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .blur(2)
      .png()
      .toBuffer();
    const image = await storeImage(handle.db, png);
    const [product] = await handle.db
      .insert(products)
      .values({ name: "Bench stand", description: "A stand with a photo and a prize.", urlPath: newUrlPath(), imageId: image.id })
      .returning({ id: products.id, urlPath: products.urlPath });
    const [prize] = await handle.db
      .insert(prizes)
      .values({ name: "Bench prize", totalQuantity: 1000, remainingQuantity: 1000, dailyDistribution: 1000, maintenanceCount: 1 })
      .returning({ id: prizes.id });
    await handle.db.insert(placements).values({ prizeId: prize!.id, productId: product!.id });
    return product!.urlPath;
  } finally {
    await handle.close();
  }
}

const agent = new http.Agent({ keepAlive: true });

/** A phone's GET (its cookies, gzip or brotli accepted), the answer read whole and left compressed, as sent. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

async function phoneHeaders(baseUrl: string): Promise<Record<string, string>> {
  const first = await fetch(`${baseUrl}/api/ping/`);
  await first.arrayBuffer();
  const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return { cookie: cookies.join("; "), "accept-encoding": "gzip, deflate, br" };
}

type Measured = { perSecond: number; p50: number; p99: number };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(count: number, url: string, headers: Record<string, string>): Promise<Measured> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < count) {
        started += 1;
        const t0 = performance.now();
        const status = await get(url, headers);
        latencies.push(performance.now() - t0);
        if (status !== 200) throw new Error(`${url}: ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * The hook's own cost per request, in this process: an answer that finishes, with and without the metrics'
 * observe hook on it (median of a few runs of `calls`), in nanoseconds.
 */
function hookCostNanoseconds(calls = 200_000): { withHook: number; without: number } {
  const instance = metrics();
  const request = { url: `/p/${newUrlPath()}`, method: "GET" } as IncomingMessage;
  const run = (observe: boolean) => {
    const t0 = performance.now();
    for (let index = 0; index < calls; index += 1) {
      const response = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse;
      if (observe) instance.observeRequest(request, response);
      response.emit("finish");
    }
    return ((performance.now() - t0) * 1e6) / calls;
  };
  const withHook: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    without.push(run(false));
    withHook.push(run(true));
  }
  return { withHook: median(withHook), without: median(without) };
}

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  const env = { DATABASE_URL: url, AUTH_SECRET, APP_TIMEZONE: "UTC" };
  // One after the other: the second waits for the first's migrations.
  const on = await startServer({ ...env, METRICS_TOKEN: TOKEN });
  let off: RunningServer | undefined;
  try {
    off = await startServer(env);
    const urlPath = await seed(url);
    const servers = [
      { label: "metrics on", server: on, headers: await phoneHeaders(on.url) },
      { label: "metrics off", server: off, headers: await phoneHeaders(off.url) },
    ];
    const paths = [
      { label: "product page (/p/...)", path: `/p/${urlPath}` },
      { label: "empty route (/api/ping/)", path: "/api/ping/" },
    ];
    // Warm up: compile paths, fill pools and the page's compressed copy.
    for (const { server, headers } of servers) for (const { path } of paths) await measure(200, `${server.url}${path}`, headers);
    const perRound = Math.ceil(requests / rounds);
    console.log(
      `${perRound * rounds} requests per path and server, ${concurrency} at a time, in ${rounds} rounds (order swapped each round):\n`,
    );
    for (const { label, path } of paths) {
      const results = servers.map(() => [] as Measured[]);
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const index of order)
          results[index]!.push(await measure(perRound, `${servers[index]!.server.url}${path}`, servers[index]!.headers));
      }
      for (const [index, { label: which }] of servers.entries()) {
        const measured = results[index]!;
        console.log(
          `${label.padEnd(26)} ${which.padEnd(12)} ${median(measured.map((m) => m.perSecond))
            .toFixed(0)
            .padStart(6)} req/s  p50 ${median(measured.map((m) => m.p50))
            .toFixed(1)
            .padStart(6)} ms  p99 ${median(measured.map((m) => m.p99))
            .toFixed(1)
            .padStart(6)} ms`,
        );
      }
      const microseconds = (m: Measured) => 1e6 / m.perSecond;
      const costs = results[0]!.map((m, round) => microseconds(m) - microseconds(results[1]![round]!));
      const base = median(results[1]!.map(microseconds));
      const cost = median(costs);
      console.log(
        `${label.padEnd(26)} cost of the metrics: ${cost.toFixed(1)} µs per request (rounds ${Math.min(...costs).toFixed(1)} to ${Math.max(
          ...costs,
        ).toFixed(1)}), ${((100 * cost) / base).toFixed(1)}% of ${base.toFixed(0)} µs\n`,
      );
    }
    // The histogram saw them, under the template, in a handful of series.
    const scrape = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const samples = parseMetrics(await scrape.text());
    const pages = total(samples, "prize_http_request_duration_seconds_count", { route: "/p/[urlPath]" });
    const series = new Set(samples.filter((s) => s.name.startsWith("prize_")).map((s) => `${s.name}${JSON.stringify(s.labels)}`));
    console.log(`/metrics (metrics on): ${pages} product pages timed; ${series.size} series of the app's own.`);
    const hook = hookCostNanoseconds();
    console.log(
      `In this process alone: an answer finishing costs ${hook.without.toFixed(0)} ns, with the metrics' hook ${hook.withHook.toFixed(0)} ns: ` +
        `${((hook.withHook - hook.without) / 1000).toFixed(2)} µs per request for the metrics.`,
    );
  } finally {
    await off?.stop();
    await on.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
