// npm run bench:overload -- [--visitors 300] [--seconds 20] [--burst 2000] [--bound N] [--attack-seconds 15] [--attacks-only]
// The organiser's lane under overload. Starts the production build (`npm run build` first) on a
// fresh Postgres database of its own, with `--bound` as VISITOR_CONCURRENCY (the default's when absent), then:
//   1. `--visitors` visitor requests in flight for `--seconds` across 20 pages (maintenance on): each new
//      visitor asks for the page, its state, a hold, and claims when the hold is given. A shed answer (503) is
//      waited out (its Retry-After) as the page's script does; meanwhile the organiser presses reset daily
//      counts, random placement, pause (and resume) and mark received, one after another. Prints each
//      button's time, the visitors' p50/p99 and longest answer, and the shed rate;
//   2. a burst of `--burst` connections opened at once (half the big screen's event stream with a wrong
//      token, half GET /api/ping/), and during it a product page and the admin dashboard asked for in turn;
//   3. the five attacks on the lane (scripts/bench-attacks.ts), each beside an honest phone and the organiser.
// Sends traffic to 127.0.0.1 only, bounded in count and time.
import http from "node:http";
import { openDatabase } from "@/db";
import { placements, prizes, products, settings } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { startServer } from "../tests/support/app-server";
import { signedInClient, TestClient } from "../tests/support/http-client";
import { runAttacks } from "./bench-attacks";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const visitorCount = positiveOption("visitors", 300);
const seconds = positiveOption("seconds", 20);
const burst = positiveOption("burst", 2000);
const attackSeconds = positiveOption("attack-seconds", 15);
const attacksOnly = process.argv.includes("--attacks-only");
const boundIndex = process.argv.indexOf("--bound");
const bound = boundIndex > 0 ? String(positiveOption("bound", 1)) : undefined;
const ADMIN = { name: "bench-organiser", password: "bench-organiser-password-1234" };
const TIME_ZONE = "Asia/Seoul";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const databaseUrl = await freshBenchDatabase("bench_overload");
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "bench-overload-does-not-sign-real-sessions-0123",
    ADMIN_NAME: ADMIN.name,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: `/tmp/bench-overload-${process.pid}`,
    APP_TIMEZONE: TIME_ZONE,
    TRUSTED_PROXY_HOPS: "1",
    ...(bound ? { VISITOR_CONCURRENCY: bound } : {}),
  });
  const base = server.url;
  const database = openDatabase({ kind: "postgres", url: databaseUrl }, { timeZone: TIME_ZONE });
  const { db } = database;

  try {
    const [prize] = await db
      .insert(prizes)
      .values({
        name: "Bench overload",
        totalQuantity: 1_000_000,
        remainingQuantity: 1_000_000,
        dailyDistribution: 1_000_000,
        maintenanceCount: 10,
      })
      .returning({ id: prizes.id });
    const pages = await db
      .insert(products)
      .values(Array.from({ length: 20 }, (_, index) => ({ name: `Bench overload ${index}`, urlPath: newUrlPath() })))
      .returning({ id: products.id, urlPath: products.urlPath });
    await db.insert(placements).values(pages.slice(0, 10).map((page) => ({ prizeId: prize!.id, productId: page.id })));
    await db.update(settings).set({ maintenanceMode: true });
    const admin = await signedInClient(base, ADMIN);

    // Warm-up, unmeasured: every page and state call once, and each button once (first renders, first queries).
    const warm = new TestClient(base);
    for (const page of pages) {
      await (await warm.get(`/p/${page.urlPath}`)).arrayBuffer();
      await (await warm.get(`/api/p/${page.urlPath}/prize/`)).arrayBuffer();
    }
    for (const call of [
      () => admin.post("/api/prizes/reset_all_daily/"),
      () => admin.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true, prize_id: prize!.id }),
      () => admin.patch("/api/admin/settings/", { paused: false }),
      () => admin.get("/api/winners/"),
      () => admin.get("/api/admin/dashboard/"),
    ])
      await (await call()).arrayBuffer();

    if (!attacksOnly) {
      // --- 1. Visitors in flight, and the organiser's buttons. ---
      const answers: number[] = [];
      let sent = 0;
      let shed = 0;
      let wins = 0;
      const until = Date.now() + seconds * 1000;
      /** One request, timed; a 503 with Retry-After is waited out and asked again (the page's script does). */
      async function visitorCall(client: TestClient, method: string, path: string, json?: unknown): Promise<Response> {
        for (;;) {
          const started = performance.now();
          const response = await client.request(method, path, json === undefined ? {} : { json });
          await response.arrayBuffer();
          answers.push(performance.now() - started);
          sent += 1;
          if (response.status !== 503) return response;
          shed += 1;
          await sleep(Number(response.headers.get("retry-after") || 1) * 1000);
        }
      }
      async function visitor(index: number): Promise<void> {
        let n = index;
        while (Date.now() < until) {
          const page = pages[n % pages.length]!.urlPath;
          n += visitorCount;
          const client = new TestClient(base);
          await visitorCall(client, "GET", `/p/${page}`);
          await visitorCall(client, "GET", `/api/p/${page}/prize/`);
          const hold = await visitorCall(client, "POST", `/api/p/${page}/prize/claim/`);
          if (hold.status === 200 && Date.now() < until) {
            const claim = await visitorCall(client, "POST", `/api/p/${page}/prize/claim/`, { name: `V${n % 100000}`, password: "2580" });
            if (claim.status === 201) wins += 1;
          }
        }
      }
      const buttons: Record<string, number[]> = {
        "reset daily counts": [],
        "random placement": [],
        "pause + resume": [],
        "mark received": [],
      };
      async function organiser(): Promise<void> {
        await sleep(3000);
        while (Date.now() < until - 2000) {
          const time = async (name: string, call: () => Promise<Response>) => {
            const started = performance.now();
            const response = await call();
            await response.arrayBuffer();
            buttons[name]!.push(performance.now() - started);
            if (response.status >= 400) console.warn(`${name} answered ${response.status}`);
          };
          await time("reset daily counts", () => admin.post("/api/prizes/reset_all_daily/"));
          await time("random placement", () =>
            admin.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true, prize_id: prize!.id }),
          );
          await time("pause + resume", async () => {
            await (await admin.patch("/api/admin/settings/", { paused: true })).arrayBuffer();
            return admin.patch("/api/admin/settings/", { paused: false });
          });
          const list = await admin.get("/api/winners/");
          const rows = ((await list.json()) as { results?: { id: number; is_received?: boolean; received?: boolean }[] }).results ?? [];
          const winner = rows.find((row) => !(row.is_received ?? row.received));
          if (winner) await time("mark received", () => admin.post(`/api/winners/${winner.id}/mark_received/`));
          await sleep(500);
        }
      }
      const startedAt = Date.now();
      await Promise.all([...Array.from({ length: visitorCount }, (_, index) => visitor(index)), organiser()]);
      const took = (Date.now() - startedAt) / 1000;

      console.log(`Overload: ${visitorCount} visitors in flight for ${seconds} s, 20 pages, maintenance on, bound ${bound ?? "default"}`);
      for (const [name, times] of Object.entries(buttons))
        console.log(
          `  ${name.padEnd(20)} n=${String(times.length).padStart(3)}  p50 ${ms(percentile(times, 50))}  max ${ms(Math.max(0, ...times))}`,
        );
      console.log(
        `  visitors: ${sent} answers (${(sent / took).toFixed(0)}/s), p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}, longest ${ms(Math.max(0, ...answers))}; shed ${((100 * shed) / Math.max(1, sent)).toFixed(1)}%; wins ${wins}`,
      );

      // --- 2. A burst of connections: streams with wrong tokens, and pings. ---
      await sleep(3000);
      const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
      const url = new URL(base);
      const opened: http.ClientRequest[] = [];
      let burstAnswered = 0;
      const burstDone = Promise.all(
        Array.from(
          { length: burst },
          (_, index) =>
            new Promise<void>((resolve) => {
              const path = index % 2 === 0 ? `/api/display/wrong-token-${String(index).padStart(26, "x")}/events/` : "/api/ping/";
              const request = http.get({ host: url.hostname, port: url.port, path, agent }, (response) => {
                response.resume();
                burstAnswered += 1;
                response.on("end", resolve);
                response.on("close", resolve);
              });
              request.on("error", () => resolve());
              request.setTimeout(30_000, () => request.destroy());
              opened.push(request);
            }),
        ),
      );
      const during: { page: number[]; admin: number[] } = { page: [], admin: [] };
      const visitorDuring = new TestClient(base);
      const burstStart = performance.now();
      while (burstAnswered < burst && performance.now() - burstStart < 30_000) {
        let started = performance.now();
        await (await visitorDuring.get(`/p/${pages[0]!.urlPath}`)).arrayBuffer();
        during.page.push(performance.now() - started);
        started = performance.now();
        await (await admin.get("/api/admin/dashboard/")).arrayBuffer();
        during.admin.push(performance.now() - started);
      }
      await burstDone;
      for (const request of opened) request.destroy();
      console.log(
        `Burst: ${burst} connections at once (half event streams with a wrong token, half pings), all answered in ${ms(performance.now() - burstStart)}`,
      );
      console.log(
        `  product page during it: n=${during.page.length}  p50 ${ms(percentile(during.page, 50))}  max ${ms(Math.max(0, ...during.page))}`,
      );
      console.log(
        `  admin dashboard during it: n=${during.admin.length}  p50 ${ms(percentile(during.admin, 50))}  max ${ms(Math.max(0, ...during.admin))}`,
      );
    }

    // --- 3. The attacks. ---
    await sleep(3000);
    await runAttacks(base, pages[0]!.urlPath, admin, ADMIN, attackSeconds);
  } finally {
    await server.stop();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
