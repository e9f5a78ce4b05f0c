// npm run bench:admin [-- --winners 100000 --pages 1000 --prizes 20 --audit 100000 --requests 200]
// The event's largest day for the admin screens (lists and the export must stay fast at that size): seeds that many winners,
// product pages and prizes into a fresh Postgres database named `prize_bench_admin` (dropped and made
// again each run; TEST_POSTGRES_URL picks the server), starts the production build on it, and prints p50/p95
// of each admin list beside a static file from the same server, then the Excel export of every winner: its
// time and how much the server's peak memory grew; then the audit log's list over that many rows and what its
// row adds to a mark-received (scripts/bench-audit.ts). Needs `npm run build` first.

import { readFileSync } from "node:fs";
import postgres from "postgres";
import { openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { startServer } from "../tests/support/app-server";
import { signedInClient, type TestClient } from "../tests/support/http-client";
import { AUDIT_LIST_PATHS, measureMarkReceived, seedAudit } from "./bench-audit";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const WINNERS = positiveOption("winners", 100_000);
const PAGES = positiveOption("pages", 1000);
const PRIZES = positiveOption("prizes", 20);
const AUDIT_ROWS = positiveOption("audit", 100_000);
const REQUESTS = positiveOption("requests", 200);
const DATABASE = "prize_bench_admin";
const TIME_ZONE = "Asia/Seoul";
const ADMIN = { name: "bench", password: "bench-admin-password" };

/** Pages, prizes, a live placement on every 50th page, and winners spread over three event days. */
async function seed(url: string) {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: TIME_ZONE });
  await migrateDatabase({ kind: "postgres", url }, handle);
  await handle.close();
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: TIME_ZONE } });
  await sql`insert into products (name, description, url_path)
    select 'Stand ' || n, 'Bench page ' || n, 'bench' || lpad(n::text, 6, '0') from generate_series(1, ${PAGES}) n`;
  await sql`insert into prizes (name, total_quantity, remaining_quantity, daily_distribution, maintenance_count, is_active)
    select 'Prize ' || n, 100000, 100000 - ${Math.floor(WINNERS / PRIZES)}, 100000, 5, true from generate_series(1, ${PRIZES}) n`;
  await sql`insert into prize_placements (prize_id, product_id)
    select 1 + (n % ${PRIZES}), n * 50 from generate_series(1, ${Math.floor(PAGES / 50)}) n`;
  await sql`insert into winners (name, password, prize_id, product_id, prize_name, product_name, is_received, received_at, created_at)
    select 'nick' || n, lpad((n % 10000)::text, 4, '0'), 1 + (n % ${PRIZES}), 1 + (n % ${PAGES}),
      'Prize ' || (1 + (n % ${PRIZES})), 'Stand ' || (1 + (n % ${PAGES})), n % 3 = 0,
      case when n % 3 = 0 then timestamptz '2026-04-24 10:00+09' + n * interval '2 seconds' end,
      timestamptz '2026-04-24 09:00+09' + n * interval '2 seconds'
    from generate_series(1, ${WINNERS}) n`;
  await seedAudit(sql, AUDIT_ROWS);
  await sql`analyze`;
  await sql.end();
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

async function timeRequests(client: TestClient, path: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    const response = await client.get(path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The server's memory from /proc: resident now, and the peak resident size so far (VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kilobytes("VmRSS") / 1024, peak: kilobytes("VmHWM") / 1024 };
}

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  let started = performance.now();
  await seed(url);
  console.log(
    `Seeded ${WINNERS} winners, ${PAGES} product pages, ${PRIZES} prizes, ${AUDIT_ROWS} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({
    DATABASE_URL: url,
    AUTH_SECRET: "bench-admin-secret-0123456789abcdef-0123",
    ADMIN_NAME: ADMIN.name,
    ADMIN_PASSWORD: ADMIN.password,
    APP_TIMEZONE: TIME_ZONE,
  });
  try {
    const admin = await signedInClient(server.url, ADMIN);
    const paths: [string, string][] = [
      ["static file (/robots.txt)", "/robots.txt"],
      ["winners, page 1", "/api/winners/"],
      ["winners, page 500", "/api/winners/?page=500"],
      ["winners, by prize", "/api/winners/?prize=7"],
      ["winners, by product", "/api/winners/?product=321"],
      ["winners, received", "/api/winners/?is_received=true"],
      ["winners, search nickname", "/api/winners/?search=nick4242"],
      ["winners, search password", "/api/winners/?search=0042"],
      ["winners, one day", "/api/winners/?start_date=2026-04-25&end_date=2026-04-25"],
      ["winners, all filters", "/api/winners/?prize=3&is_received=false&start_date=2026-04-24&end_date=2026-04-26&search=nick"],
      ["prizes", "/api/prizes/"],
      ["products", "/api/products/"],
      ["placements", "/api/prize-distributions/"],
      ["dashboard", "/api/admin/dashboard/"],
      ...AUDIT_LIST_PATHS,
    ];
    for (const [, path] of paths) await admin.get(path); // warm up each route once
    console.log(`\n${REQUESTS} sequential requests each, one server, signed in:`);
    for (const [label, path] of paths) {
      const { p50, p95 } = await timeRequests(admin, path);
      console.log(`${label.padEnd(28)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
    }

    const pid = server.process.pid!;
    const before = memory(pid);
    started = performance.now();
    const response = await admin.get("/api/winners/download_excel/");
    const file = await response.arrayBuffer();
    const seconds = (performance.now() - started) / 1000;
    const after = memory(pid);
    console.log(
      `\nExcel export of all ${WINNERS} winners: ${seconds.toFixed(1)} s, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB file (status ${response.status})`,
    );
    console.log(
      `server memory: ${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB: grew by at most ${(after.peak - before.rss).toFixed(0)} MB`,
    );
    await measureMarkReceived(url, admin, REQUESTS, TIME_ZONE);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
