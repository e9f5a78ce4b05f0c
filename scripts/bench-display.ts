// npm run bench:display -- <server URL> [--screens 200] [--wins 20] [--rounds 3]
// What 200 connected big screens cost a win: on a running server backed by Postgres (DATABASE_URL names its
// database), wins one after another (a fresh phone each: reserve, then claim), in rounds alternating no
// screen and `--screens` open event streams, and prints each side's reserve+claim p50/p99, the difference,
// and how long a win took to reach every screen. It seeds its own prize and pages and turns maintenance
// mode off while it runs (top-ups would add unmeasured work), restoring it afterwards.
import http from "node:http";
import { eq } from "drizzle-orm";
import { openDatabase } from "@/db";
import { placements, prizes, products, settings } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { positiveOption } from "./bench-support";

const baseUrl = process.argv[2]?.replace(/\/+$/, "");
const screenCount = positiveOption("screens", 200);
const winsPerRound = positiveOption("wins", 20);
const rounds = positiveOption("rounds", 3);
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !process.env.DATABASE_URL) {
  console.error(
    "Usage: DATABASE_URL=postgres://... npm run bench:display -- http://127.0.0.1:3000 [--screens 200] [--wins 20] [--rounds 3]",
  );
  process.exit(1);
}
process.env.AUTH_SECRET ??= "bench-does-not-sign-sessions-0123456789";
const database = openDatabase(
  { kind: "postgres", url: process.env.DATABASE_URL },
  { timeZone: process.env.APP_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone },
);
const { db } = database;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function seedPages(count: number): Promise<string[]> {
  const [prize] = await db
    .insert(prizes)
    .values({
      name: "Bench display",
      totalQuantity: 1_000_000,
      remainingQuantity: 1_000_000,
      dailyDistribution: 1_000_000,
      maintenanceCount: 1_000_000,
    })
    .returning({ id: prizes.id });
  const rows = await db
    .insert(products)
    .values(Array.from({ length: count }, (_, index) => ({ name: `Bench display ${index}`, urlPath: newUrlPath() })))
    .returning({ id: products.id, urlPath: products.urlPath });
  await db.insert(placements).values(rows.map((row) => ({ prizeId: prize!.id, productId: row.id })));
  return rows.map((row) => row.urlPath);
}

/** A phone's win on `page`: its first response's cookies, a reserve, a claim. Returns the two calls' time. */
async function win(page: string, nickname: string): Promise<number> {
  const first = await fetch(`${baseUrl}/api/ping/`);
  const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const csrf = cookies.find((cookie) => cookie.startsWith("csrftoken="))?.slice("csrftoken=".length) ?? "";
  const headers = { cookie: cookies.join("; "), "x-csrftoken": csrf, "content-type": "application/json" };
  const path = `${baseUrl}/api/p/${page}/prize/claim/`;
  const started = performance.now();
  const reserve = await fetch(path, { method: "POST", headers, body: "{}" });
  const claim = await fetch(path, { method: "POST", headers, body: JSON.stringify({ name: nickname, password: "1234" }) });
  const took = performance.now() - started;
  if (reserve.status !== 200 || claim.status !== 201) throw new Error(`The win on ${page} failed: ${reserve.status} then ${claim.status}`);
  return took;
}

type Screen = { request: http.ClientRequest; seen: Map<string, number> };

/** An open event stream that notes when each masked nickname first reached it. */
function openScreen(token: string): Promise<Screen> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    const request = http.get(`${baseUrl}/api/display/${token}/events/`, { agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`The stream answered ${response.statusCode}`));
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const data = buffer.slice(0, end).match(/^data: (.*)$/m)?.[1];
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const first = (JSON.parse(data) as { recent_winners: { nickname_masked: string }[] }).recent_winners[0]?.nickname_masked;
          if (first && !seen.has(first)) seen.set(first, performance.now());
        }
      });
      resolve({ request, seen });
    });
    request.on("error", reject);
  });
}

async function main() {
  const [row] = await db
    .select({ token: settings.displayToken, maintenance: settings.maintenanceMode })
    .from(settings)
    .where(eq(settings.id, 1));
  await db.update(settings).set({ maintenanceMode: false }).where(eq(settings.id, 1));
  const pages = await seedPages(rounds * winsPerRound * 2);
  const without: number[] = [];
  const withScreens: number[] = [];
  const reachedAll: number[] = [];
  let counter = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (let index = 0; index < winsPerRound; index += 1) without.push(await win(pages[counter++]!, `Q${round}${index}x`));
      const screens = await Promise.all(Array.from({ length: screenCount }, () => openScreen(row!.token)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let index = 0; index < winsPerRound; index += 1) {
        // A nickname of its own per win, so its mask (its first letter and length) tells this win apart.
        const nickname = `W${"x".repeat((round * winsPerRound + index) % 9)}`;
        const started = performance.now();
        withScreens.push(await win(pages[counter++]!, nickname));
        const masked = `W${"*".repeat(nickname.length - 1)}`;
        const deadline = performance.now() + 5_000;
        while (screens.some((screen) => !screen.seen.has(masked)) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 5));
        reachedAll.push(Math.max(...screens.map((screen) => (screen.seen.get(masked) ?? Number.POSITIVE_INFINITY) - started)));
        for (const screen of screens) screen.seen.clear();
      }
      for (const screen of screens) screen.request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await db.update(settings).set({ maintenanceMode: row!.maintenance }).where(eq(settings.id, 1));
  }
  const line = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(34)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms  (${values.length})`,
    );
  console.log(`${rounds} rounds of ${winsPerRound} wins without screens, then with ${screenCount} open event streams (${baseUrl}):`);
  line("reserve+claim, no screen", without);
  line(`reserve+claim, ${screenCount} screens`, withScreens);
  console.log(
    `extra per win (p50)                ${(percentile(withScreens, 50) - percentile(without, 50)).toFixed(1)} ms (goal: under 20 ms)`,
  );
  line(`win on all ${screenCount} screens (after claim start)`, reachedAll);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
