// npm run bench:drop -- <server URL> [--phones 300] [--drops 5] [--lead 10]
// Hits a running server backed by Postgres (DATABASE_URL must name the same database), in the style of
// bench:claims, and prints what a crowd sees at the second an announced drop happens:
//  1. how long the product page (GET /p/...) and the tap (POST .../prize/claim/) take in the two seconds
//     around the drop, p50/p95/p99 and max, before and after it;
//  2. how many holds were granted: exactly the number dropped (else it exits 1), none before the time.
// It seeds its own pages, prize and drops (`--drops` pages, one drop each, `--lead` seconds ahead), and
// turns maintenance mode off while it runs (top-ups would add pages), restoring it afterwards.
// `--phones` phones each open their page one second before the drop and tap until they hold the prize
// or are told someone else has it (every 20 ms while told "not yet"), as the page's early taps would.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "@/db";
import { placements, prizes, products, settings } from "@/db/schema";
import { newCsrfToken } from "@/lib/api/csrf";
import { newUrlPath } from "@/lib/url-path";
import { positiveOption } from "./bench-support";

const baseUrl = process.argv[2]?.replace(/\/+$/, "");
const phones = positiveOption("phones", 300);
const dropCount = positiveOption("drops", 5);
const leadSeconds = positiveOption("lead", 10);
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !process.env.DATABASE_URL) {
  console.error("Usage: DATABASE_URL=postgres://... npm run bench:drop -- http://127.0.0.1:3000 [--phones 300] [--drops 5] [--lead 10]");
  process.exit(1);
}
process.env.AUTH_SECRET ??= "bench-does-not-sign-sessions-0123456789";
const database = openDatabase(
  { kind: "postgres", url: process.env.DATABASE_URL },
  { timeZone: process.env.APP_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone },
);
const { db } = database;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function databaseNow(): Promise<number> {
  const [row] = await db
    .select({ now: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` })
    .from(settings)
    .limit(1);
  return Date.parse(row!.now);
}

type Sample = { at: number; ms: number; status: number };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
function summary(samples: Sample[]): string {
  if (samples.length === 0) return "no requests";
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `${String(samples.length).padStart(5)} requests  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1)!)}`;
}

async function main() {
  const [before] = await db.select({ maintenanceMode: settings.maintenanceMode }).from(settings);
  await db.update(settings).set({ maintenanceMode: false });
  const tag = randomBytes(2).toString("hex");
  try {
    const [prize] = await db
      .insert(prizes)
      .values({
        name: `Drop bench ${tag}`,
        totalQuantity: 100_000,
        remainingQuantity: 100_000,
        dailyDistribution: 100_000,
        maintenanceCount: dropCount,
      })
      .returning({ id: prizes.id });
    const pages = await db
      .insert(products)
      .values(Array.from({ length: dropCount }, (_, index) => ({ name: `Drop bench ${tag} ${index + 1}`, urlPath: newUrlPath() })))
      .returning({ id: products.id, urlPath: products.urlPath });
    // On the database's clock, to the millisecond: the hold's UPDATE compares with the same clock.
    const dropsAt = (await databaseNow()) + leadSeconds * 1000;
    await db
      .insert(placements)
      .values(pages.map((page) => ({ prizeId: prize!.id, productId: page.id, dropsAt: new Date(dropsAt), announce: true })));
    // Warm: each page's countdown copy rendered once (a crowd's first phone would), the server's code paths run.
    for (const page of pages) await (await fetch(`${baseUrl}/p/${page.urlPath}`)).arrayBuffer();
    // This machine's clock against the database's, to start the crowd one second before on the right clock.
    const offset = (await databaseNow()) - Date.now();
    console.log(`${phones} phones on ${dropCount} pages, one drop each, at ${new Date(dropsAt).toISOString()} (database clock)`);

    const pageTimes: Sample[] = [];
    const tapTimes: Sample[] = [];
    const timed = async (into: Sample[], request: () => Promise<Response>) => {
      const at = Date.now() + offset;
      const begin = performance.now();
      const response = await request();
      const body = await response.text();
      into.push({ at, ms: performance.now() - begin, status: response.status });
      return { response, body };
    };
    await sleep(Math.max(0, dropsAt - 1000 - (Date.now() + offset)));
    let granted = 0;
    let grantedEarly = 0;
    await Promise.all(
      Array.from({ length: phones }, async (_, index) => {
        const urlPath = pages[index % pages.length]!.urlPath;
        const csrf = newCsrfToken();
        let cookie = `csrftoken=${csrf}`;
        const page = await timed(pageTimes, () => fetch(`${baseUrl}/p/${urlPath}`, { headers: { cookie, "accept-encoding": "br" } }));
        const visitor = /visitor_id=([^;]+)/.exec(page.response.headers.get("set-cookie") ?? "")?.[1];
        if (visitor) cookie += `; visitor_id=${visitor}`;
        for (let attempt = 0; attempt < 500; attempt += 1) {
          const tap = await timed(tapTimes, () =>
            fetch(`${baseUrl}/api/p/${urlPath}/prize/claim/`, { method: "POST", headers: { cookie, "x-csrftoken": csrf } }),
          );
          if (tap.response.status === 200) {
            granted += 1;
            if (Date.now() + offset < dropsAt) grantedEarly += 1;
            return;
          }
          if (tap.response.status !== 409 || !tap.body.includes('"not_yet"')) return;
          await sleep(20);
        }
      }),
    );
    const holds = await db
      .select({ reservedUntil: placements.reservedUntil })
      .from(placements)
      .where(and(eq(placements.prizeId, prize!.id), sql`${placements.reservedUntil} is not null`));
    const around = (samples: Sample[], from: number, to: number) =>
      samples.filter((sample) => sample.at >= dropsAt + from && sample.at < dropsAt + to);
    const errors = [...pageTimes, ...tapTimes].filter((sample) => sample.status >= 500).length;
    console.log(`\npage (GET /p/...), the second before the drop : ${summary(around(pageTimes, -1000, 0))}`);
    console.log(`tap, the second before (409 not_yet)          : ${summary(around(tapTimes, -1000, 0))}`);
    console.log(`tap, the second after the drop                : ${summary(around(tapTimes, 0, 1000))}`);
    console.log(`tap, all                                      : ${summary(tapTimes)}`);
    console.log(
      `holds granted: ${granted} of ${dropCount} dropped (${holds.length} in the database), ${grantedEarly} before the time, 5xx: ${errors}`,
    );
    if (granted !== dropCount || holds.length !== dropCount || errors > 0) process.exitCode = 1;
    await db.delete(placements).where(eq(placements.prizeId, prize!.id));
  } finally {
    await db.update(settings).set({ maintenanceMode: before?.maintenanceMode ?? true });
    await database.close();
  }
}

void main();
