// npm run bench:admin [-- --winners 100000 --events 5 --event 1 --pages 1000 --prizes 20 --audit 100000 --requests 200]
// The installation's largest size for the admin screens (lists and the export must stay fast at that size):
// `--events` events, one after another a week apart, each with its settings row, `--pages` product pages,
// `--prizes` prizes and its share of the winners (over its own three days) and audit rows, seeded into a fresh
// Postgres database named `prize_bench_admin` (then `_<TEST_DB_TAG>` when set; dropped and made again each
// run; TEST_POSTGRES_URL picks the server). It starts the production build on it and, acting on event `--event` (`?event=`; the oldest by
// default: every newer event's rows lie between it and a list's first row), prints p50/p95 of each admin list
// beside a static file from the same server, then the Excel export of that event's winners: its time and how
// much the server's peak memory grew; then the audit log's list and what its row adds to a mark-received
// (scripts/bench-audit.ts). Needs `npm run build` first.

import { readFileSync } from "node:fs";
import os from "node:os";
import postgres from "postgres";
import { openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { startServer } from "../tests/support/app-server";
import { signedInClient, type TestClient } from "../tests/support/http-client";
import { auditListPaths, measureMarkReceived, seedAudit } from "./bench-audit";
import { freshBenchDatabase, positiveOption } from "./bench-support";

const WINNERS = positiveOption("winners", 100_000);
const EVENTS = positiveOption("events", 5);
const EVENT = positiveOption("event", 1);
const PAGES = positiveOption("pages", 1000);
const PRIZES = positiveOption("prizes", 20);
const AUDIT_ROWS = positiveOption("audit", 100_000);
const REQUESTS = positiveOption("requests", 200);
// TEST_DB_TAG, as the integration tests take it, tells checkouts' benches apart on one Postgres.
const TAG = (process.env.TEST_DB_TAG ?? "").replace(/[^a-z0-9_]/gi, "").slice(0, 20);
const DATABASE = `prize_bench_admin${TAG ? `_${TAG}` : ""}`;
const TIME_ZONE = "Asia/Seoul";
const ADMIN = { name: "bench", password: "bench-admin-password" };
if (EVENT > EVENTS) throw new Error("--event must be one of the --events");
const PER_EVENT = Math.ceil(WINNERS / EVENTS);
/** Day `day` (0, 1, 2) of event `event`'s three: event 1's first is 2026-04-24, each next event's a week later. */
const dayOf = (event: number, day: number) => new Date(Date.UTC(2026, 3, 24 + 7 * (event - 1) + day)).toISOString().slice(0, 10);

/**
 * The events (event 1 is the migration's), each with its settings row, pages, prizes, a live placement on every
 * 50th page, and its winners spread over its three days; the tallies are the triggers' (checked against the rows).
 */
async function seed(url: string) {
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: TIME_ZONE });
  await migrateDatabase({ kind: "postgres", url }, handle);
  await handle.close();
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: TIME_ZONE } });
  // Drafts while their pages are made (a page made in a live event checks every live event's addresses), live after.
  await sql`update events set status = 'draft' where id = 1`;
  await sql`insert into events (name, status) select 'Bench event ' || e, 'draft' from generate_series(2, ${EVENTS}) e`;
  await sql`insert into settings (id) select id from events where id > 1`;
  // One statement per event, so each event's ids are consecutive: its first page's id plus an offset names any.
  for (let event = 1; event <= EVENTS; event += 1) {
    await sql`insert into products (event_id, name, description, url_path)
      select ${event}, 'Stand ' || n, 'Bench page ' || n, 'bench' || ${event} || 'p' || lpad(n::text, 6, '0') from generate_series(1, ${PAGES}) n`;
    await sql`insert into prizes (event_id, name, total_quantity, remaining_quantity, daily_distribution, maintenance_count, is_active)
      select ${event}, 'Prize ' || n, 100000, 100000 - ${Math.floor(PER_EVENT / PRIZES)}, 100000, 5, true from generate_series(1, ${PRIZES}) n`;
  }
  await sql`update events set status = 'live', went_live_at = now()`;
  await sql`create temporary table firsts as
    select p.event_id, min(p.id) as product, (select min(z.id) from prizes z where z.event_id = p.event_id) as prize
    from products p group by p.event_id`;
  await sql`insert into prize_placements (event_id, prize_id, product_id)
    select f.event_id, f.prize + n % ${PRIZES}, f.product + n * 50 - 1 from firsts f, generate_series(1, ${Math.floor(PAGES / 50)}) n`;
  await sql`insert into winners (event_id, name, password, prize_id, product_id, prize_name, product_name, is_received, received_at, created_at)
    select f.event_id, 'nick' || n, lpad((n % 10000)::text, 4, '0'), f.prize + n % ${PRIZES}, f.product + n % ${PAGES},
      'Prize ' || (1 + n % ${PRIZES}), 'Stand ' || (1 + n % ${PAGES}), n % 3 = 0,
      case when n % 3 = 0 then at + interval '1 hour' end, at
    from (select n, 1 + (n - 1) / ${PER_EVENT} as event_id,
        timestamptz '2026-04-24 09:00+09' + ((n - 1) / ${PER_EVENT}) * interval '7 days'
          + ((n - 1) % ${PER_EVENT}) * (interval '3 days' / ${PER_EVENT}) as at
      from generate_series(1, ${WINNERS}) n) w
    join firsts f using (event_id)`;
  await seedAudit(sql, AUDIT_ROWS, EVENTS);
  const differing = await sql`select w.event_id from (select event_id, count(*)::int as rows from winners group by 1) w
    left join (select event_id, sum(winners)::int as kept from winner_tallies group by 1) t using (event_id)
    left join (select event_id, sum(winners)::int as hourly from winner_hourly_tallies group by 1) h using (event_id)
    where t.kept is distinct from w.rows or h.hourly is distinct from w.rows`;
  if (differing.length > 0)
    throw new Error(`the tallies do not count the winners of events ${differing.map((row) => row.event_id).join(", ")}`);
  // As autovacuum leaves a running installation: each win's trigger updated a tally row, and 100,000 dead
  // versions of 10,000 tally rows (before autovacuum's next pass) cost the prize list 16 ms a prize.
  await sql`vacuum analyze`;
  const [firsts] = await sql<{ product: number; prize: number }[]>`select product, prize from firsts where event_id = ${EVENT}`;
  await sql.end();
  return firsts!;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

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
  const first = await seed(url);
  console.log(
    `Seeded ${EVENTS} events, ${WINNERS} winners over them, each ${PAGES} product pages and ${PRIZES} prizes, ${AUDIT_ROWS} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s; the tallies agree with the rows`,
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
    const [day, nextDay, lastDay] = [dayOf(EVENT, 0), dayOf(EVENT, 1), dayOf(EVENT, 2)];
    const nickname = `nick${(EVENT - 1) * PER_EVENT + 4242}`;
    const inEvent = (path: string) => `${path}${path.includes("?") ? "&" : "?"}event=${EVENT}`;
    const paths: [string, string][] = [
      ["static file (/robots.txt)", "/robots.txt"],
      ...(
        [
          ["winners, page 1", "/api/winners/"],
          ["winners, page 500", "/api/winners/?page=500"],
          ["winners, by prize", `/api/winners/?prize=${first.prize + 6}`],
          ["winners, by product", `/api/winners/?product=${first.product + 320}`],
          ["winners, received", "/api/winners/?is_received=true"],
          ["winners, search nickname", `/api/winners/?search=${nickname}`],
          ["winners, search password", "/api/winners/?search=0042"],
          ["winners, one day", `/api/winners/?start_date=${nextDay}&end_date=${nextDay}`],
          [
            "winners, all filters",
            `/api/winners/?prize=${first.prize + 2}&is_received=false&start_date=${day}&end_date=${lastDay}&search=nick`,
          ],
          ["prizes", "/api/prizes/"],
          ["products", "/api/products/"],
          ["placements", "/api/prize-distributions/"],
          ["dashboard", "/api/admin/dashboard/"],
          ...auditListPaths(nextDay),
        ] as [string, string][]
      ).map(([label, path]): [string, string] => [label, inEvent(path)]),
    ];
    for (const [, path] of paths) await admin.get(path); // warm up each route once
    console.log(
      `\n${REQUESTS} sequential requests each, one server, signed in, acting on event ${EVENT} of ${EVENTS}; load average ${loadAverage()}`,
    );
    for (const [label, path] of paths) {
      const { p50, p95 } = await timeRequests(admin, path);
      console.log(`${label.padEnd(28)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
    }
    console.log(`load average ${loadAverage()}`);

    const pid = server.process.pid!;
    const before = memory(pid);
    started = performance.now();
    const response = await admin.get(`/api/winners/download_excel/?event=${EVENT}`);
    const file = await response.arrayBuffer();
    const seconds = (performance.now() - started) / 1000;
    const after = memory(pid);
    console.log(
      `\nExcel export of event ${EVENT}'s ${PER_EVENT} winners: ${seconds.toFixed(1)} s, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB file (status ${response.status})`,
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
