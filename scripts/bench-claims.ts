// npm run bench:claims -- <server URL> [--visitors N] [--pages N]
// Hits a running server backed by Postgres (DATABASE_URL must name the same database) and prints:
//  1. reserve+claim throughput and p50/p99 latency with N concurrent visitors, two visitors racing per page;
//  2. the same two transactions straight through the postgres driver (no HTTP), same concurrency;
//  3. an empty route handler's throughput on the same server (GET /api/ping/);
//  4. the ratios, and the over-allocation count (must be 0).
// It starts nothing itself. It seeds its own pages and prize, and turns maintenance mode off while it
// runs (top-ups would add unmeasured work), restoring it afterwards.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/db";
import { prizes, settings, winners } from "@/db/schema";
import { newCsrfToken } from "@/lib/api/csrf";
import { finaliseClaim } from "@/lib/services/claims/finalise";
import { reservePrize } from "@/lib/services/claims/reserve";
import { claimCall, percentile, positiveOption, seedPrizePages, type VisitorJar } from "./bench-support";

const baseUrl = process.argv[2]?.replace(/\/+$/, "");
const visitors = positiveOption("visitors", 50);
const pagesPerRun = positiveOption("pages", 1000);
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !process.env.DATABASE_URL) {
  console.error("Usage: DATABASE_URL=postgres://... npm run bench:claims -- http://127.0.0.1:3000 [--visitors 50] [--pages 1000]");
  process.exit(1);
}
process.env.AUTH_SECRET ??= "bench-does-not-sign-sessions-0123456789";
// The server under test must run with the same APP_TIMEZONE for "today" to agree.
const database = openDatabase(
  { kind: "postgres", url: process.env.DATABASE_URL },
  { timeZone: process.env.APP_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone },
);
const { db } = database;

/** Runs `work(page)` for every page, two workers per page at a time, `visitors` workers in all. */
async function race(pages: string[], work: (page: string, worker: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let wins = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: visitors }, async (_, worker) => {
      for (;;) {
        // Workers 2k and 2k+1 take the same page: every page is contested by two visitors.
        const slot = Math.floor(next / 2);
        next += 1;
        const page = pages[slot];
        if (!page) return;
        const begin = performance.now();
        const won = await work(page, worker);
        latencies.push(performance.now() - begin);
        if (won) wins += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { wins, seconds, perSecond: wins / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function overAllocations(prizeId: number): Promise<number> {
  const [prize] = await db.select().from(prizes).where(eq(prizes.id, prizeId));
  const [won] = await db
    .select({ total: sql<number>`count(*)::int`, placements: sql<number>`count(distinct ${winners.placementId})::int` })
    .from(winners)
    .where(eq(winners.prizeId, prizeId));
  const unitsTaken = prize!.totalQuantity - prize!.remainingQuantity;
  return Math.abs(unitsTaken - won!.total) + (won!.total - won!.placements) + Math.max(0, won!.total - prize!.dailyDistribution);
}

async function main() {
  const [before] = await db.select({ maintenanceMode: settings.maintenanceMode }).from(settings);
  await db.update(settings).set({ maintenanceMode: false });
  const tag = randomBytes(2).toString("hex");
  try {
    console.log(`Seeding ${pagesPerRun} pages twice on ${new URL(process.env.DATABASE_URL!).pathname.slice(1)}...`);
    const http = await seedPrizePages(db, `http-${tag}`, pagesPerRun);
    const driver = await seedPrizePages(db, `driver-${tag}`, pagesPerRun);

    const statuses = new Map<number, number>();
    const cookies: VisitorJar[] = Array.from({ length: visitors }, () => ({ csrf: newCsrfToken(), visitor: "" }));
    const call = async (worker: number, page: string, body?: object) => {
      const status = await claimCall(baseUrl!, cookies[worker]!, page, body);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      return status;
    };
    const viaHttp = await race(http.pages, async (page, worker) => {
      if ((await call(worker, page)) !== 200) return false;
      return (await call(worker, page, { name: "Bench", password: "1234" })) === 201;
    });

    console.log("HTTP statuses:", Object.fromEntries(statuses));
    // The benchmark places its prizes in event 1, the default event of a new installation.
    const ctx = { db, eventId: 1 };
    const viaDriver = await race(driver.pages, async (page, worker) => {
      const visitorId = `bench-${tag}-${worker}`;
      try {
        await reservePrize({ ctx, input: { urlPath: page, visitorId } });
        await finaliseClaim({ ctx, input: { urlPath: page, visitorId, name: "Bench", password: "1234" } });
        return true;
      } catch {
        return false;
      }
    });

    const pings = Array.from({ length: pagesPerRun * 2 }, (_, index) => String(index));
    const empty = await race(pings, async () => {
      await (await fetch(`${baseUrl}/api/ping/`)).arrayBuffer();
      return true;
    });

    const overAllocated = (await overAllocations(http.prizeId)) + (await overAllocations(driver.prizeId));
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`\nConcurrent visitors: ${visitors}, pages per run: ${pagesPerRun} (two visitors race for each)`);
    console.log(
      `reserve+claim over HTTP : ${viaHttp.perSecond.toFixed(0)} wins/s   p50 ${ms(viaHttp.p50)}  p99 ${ms(viaHttp.p99)}  (${viaHttp.wins} wins)`,
    );
    console.log(
      `same, postgres driver   : ${viaDriver.perSecond.toFixed(0)} wins/s   p50 ${ms(viaDriver.p50)}  p99 ${ms(viaDriver.p99)}  (${viaDriver.wins} wins)`,
    );
    console.log(`empty route (/api/ping/): ${empty.perSecond.toFixed(0)} requests/s   p50 ${ms(empty.p50)}  p99 ${ms(empty.p99)}`);
    console.log(`ratio HTTP claim / driver      : ${(viaHttp.perSecond / viaDriver.perSecond).toFixed(2)}`);
    console.log(`ratio HTTP claim / empty route : ${(viaHttp.perSecond / empty.perSecond).toFixed(2)}`);
    console.log(`over-allocations               : ${overAllocated}`);
    if (overAllocated !== 0) process.exitCode = 1;
  } finally {
    await db.update(settings).set({ maintenanceMode: before?.maintenanceMode ?? true });
    await database.close();
  }
}

void main();
