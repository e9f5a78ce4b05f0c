// npm run bench:firstvisit -- [--requests N] [--concurrency N] [--rounds N] [--port N]
// A QR scan is a first visit (no cookies), so a crowd's scans must cost what a static file does. Starts the production recipe (nginx in front of
// two instances, scripts/local-deployment.ts) on a fresh Postgres database, seeds a product page with a prize
// waiting, saves that page's HTML as a static file nginx serves itself, and measures side by side in one run:
// nginx serving the static file, and a first visit of the product page (no cookies, gzip accepted, as a
// phone sends it). The requests are made in rounds, the two in turn (the order swapped each round), and the
// ratio is the median of the rounds' ratios: a busy neighbour then moves both alike. Needs `npm run build`.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { openDatabase } from "@/db";
import { placements, prizes, products, settings } from "@/db/schema";
import { storeImage } from "@/lib/images/store";
import { newUrlPath } from "@/lib/url-path";
import { freshBenchDatabase, positiveOption } from "./bench-support";
import { ensureNginx, startLocalDeployment } from "./local-deployment";

const requests = positiveOption("requests", 3000);
const concurrency = positiveOption("concurrency", 20);
const rounds = positiveOption("rounds", 5);
const port = positiveOption("port", 3310);
const workDir = path.resolve(".tmp/bench-firstvisit");
const STATIC_PATH = "/static-copy-of-the-page.html";

type Answer = { status: number; encoding: string | undefined; setCookie: boolean; body: Buffer };
const agent = new http.Agent({ keepAlive: true });

/** A phone's first visit: no cookie, gzip accepted, English. The bytes are read whole, still compressed. */
function get(baseUrl: string, address: string, acceptEncoding = "gzip, deflate, br"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${address}`,
      { agent, headers: { "accept-encoding": acceptEncoding, "accept-language": "en-US,en;q=0.9" }, timeout: 60_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers["content-encoding"],
            setCookie: response.headers["set-cookie"] !== undefined,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error(`${address}: no answer within 60 s`)));
    request.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Answers that set a cookie: none on this build (an older build set them on every first visit, which kept nginx from caching the page). */
let withSetCookie = 0;

/** `requests` calls, `concurrency` at a time: requests per second and p50/p99 (ms); any answer not 200 fails the run. */
async function measure(call: () => Promise<Answer>): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < requests) {
        started += 1;
        const t0 = performance.now();
        const answer = await call();
        latencies.push(performance.now() - t0);
        if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
        if (answer.setCookie) withSetCookie += 1;
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function seedPage(databaseUrl: string): Promise<string> {
  const database = openDatabase({ kind: "postgres", url: databaseUrl }, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  const { db } = database;
  try {
    await db.update(settings).set({ maintenanceMode: false });
    // A photo-like picture (noise compresses badly, as photos do), stored as the app stores uploads.
    const side = 1200;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .blur(2)
      .png()
      .toBuffer();
    const imageId = (await storeImage(db, png)).id;
    const [prize] = await db
      .insert(prizes)
      .values({ name: "Bench prize", totalQuantity: 1000, remainingQuantity: 1000, dailyDistribution: 1000, maintenanceCount: 1000 })
      .returning({ id: prizes.id });
    const [page] = await db
      .insert(products)
      .values({
        name: "Bench stand",
        description: "A stand at the benchmark event, with a photo and a prize.",
        urlPath: newUrlPath(),
        imageId,
      })
      .returning({ id: products.id, urlPath: products.urlPath });
    await db.insert(placements).values({ prizeId: prize!.id, productId: page!.id });
    return page!.urlPath;
  } finally {
    await database.close();
  }
}

/** nginx serves the page's bytes as a file of its own: a location added to the running recipe, then reloaded. */
function serveStaticCopy(html: Buffer): void {
  const root = path.join(workDir, "static");
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, STATIC_PATH.slice(1)), html);
  const prefix = path.join(workDir, "nginx");
  const configFile = path.join(prefix, "nginx.conf");
  const config = readFileSync(configFile, "utf8");
  const location = `    location = ${STATIC_PATH} {\n      root ${root};\n    }\n\n    location / {`;
  writeFileSync(configFile, config.replace("    location / {", location));
  execFileSync(ensureNginx(), ["-p", prefix, "-c", configFile, "-s", "reload"]);
}

/** What nginx's access log says about the page's answers: HIT, MISS, UPDATING... (the recipe logs it). */
function cacheStatuses(accessLog: string, urlPath: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of readFileSync(accessLog, "utf8").split("\n")) {
    if (!line.includes(`"GET /p/${urlPath} `)) continue;
    const status = line.trim().split(" ").at(-1) ?? "?";
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

async function main() {
  const databaseUrl = await freshBenchDatabase("bench_firstvisit");
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const deployment = await startLocalDeployment({ databaseUrl, instances: 2, port, workDir, output: "keep" });
  try {
    const urlPath = await seedPage(databaseUrl);
    const pagePath = `/p/${urlPath}`;
    const plain = await get(deployment.url, pagePath, "identity");
    if (plain.status !== 200 || !plain.body.includes("You found a prize!"))
      throw new Error(`The page answered ${plain.status}: ${plain.body.subarray(0, 200)}`);
    serveStaticCopy(plain.body);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const copy = await get(deployment.url, STATIC_PATH, "identity");
    if (!copy.body.equals(plain.body)) throw new Error("The static copy is not the page's bytes.");
    const page = await get(deployment.url, pagePath);
    if (page.encoding !== "gzip" || !gunzipSync(page.body).equals(plain.body))
      throw new Error("The page was not sent gzipped, or not whole.");
    console.log(
      `nginx in front of 2 instances on one Postgres; the page ${plain.body.length} bytes (${page.body.length} gzipped); ` +
        `${rounds} rounds of ${requests} requests each, ${concurrency} at a time, from one client.\n`,
    );

    const paths = { static: () => get(deployment.url, STATIC_PATH), page: () => get(deployment.url, pagePath) };
    // A warm-up of each, not counted: connections opened, the instances' code and caches warm.
    await measure(paths.static);
    await measure(paths.page);
    const results = { static: [] as number[], page: [] as number[], ratio: [] as number[], p50: [] as number[], p99: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (["static", "page"] as const) : (["page", "static"] as const);
      const measured: Partial<Record<"static" | "page", Awaited<ReturnType<typeof measure>>>> = {};
      for (const name of order) measured[name] = await measure(paths[name]);
      results.static.push(measured.static!.perSecond);
      results.page.push(measured.page!.perSecond);
      results.ratio.push(measured.page!.perSecond / measured.static!.perSecond);
      console.log(
        `round ${round + 1}: static file ${measured.static!.perSecond.toFixed(0)}/s, first visit ${measured.page!.perSecond.toFixed(0)}/s ` +
          `(p50 ${measured.page!.p50.toFixed(1)} ms, p99 ${measured.page!.p99.toFixed(1)} ms), ratio ${(measured.page!.perSecond / measured.static!.perSecond).toFixed(2)}`,
      );
    }
    // The access log is flushed every second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const statuses = cacheStatuses(deployment.accessLog, urlPath);
    console.log(
      `\nmedian: static file ${median(results.static).toFixed(0)}/s, first visit of the product page ${median(results.page).toFixed(0)}/s, ` +
        `ratio ${median(results.ratio).toFixed(2)} (rounds ${Math.min(...results.ratio).toFixed(2)}-${Math.max(...results.ratio).toFixed(2)})`,
    );
    console.log(`the page's answers by nginx's cache status: ${JSON.stringify(statuses)}; answers that set a cookie: ${withSetCookie}`);
    appendFileSync(
      path.join(workDir, "results.jsonl"),
      `${JSON.stringify({ at: new Date().toISOString(), requests, concurrency, rounds, ...results })}\n`,
    );
  } finally {
    await deployment.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
