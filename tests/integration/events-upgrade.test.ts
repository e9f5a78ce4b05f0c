import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { getPublicPageState } from "@/db/queries/public";
import { createFreshPostgresDatabase, postgresReachable, TEST_TIME_ZONE, tempDir } from "../support/test-database";

/**
 * An installation made before several events (migrations up to 0022, with the rows of
 * tests/fixtures/one-event-installation.sql) upgraded to today's schema: every row is kept and is event 1's,
 * event 1 is live and the default, and nothing moves for visitors.
 */
const LAST_MIGRATION_BEFORE_EVENTS = "0022_webhooks";
const EVENT_TABLES = ["products", "prizes", "prize_placements", "winners", "winner_tallies", "winner_hourly_tallies", "webhook_endpoints"];
const ALL_TABLES = [...EVENT_TABLES, "audit_log", "audit_tallies", "funnel_hourly_tallies", "admins", "settings"];

/** A copy of drizzle/ whose journal stops at `lastTag`: the migrator then applies nothing after it. */
function migrationsUpTo(lastTag: string): string {
  const folder = path.join(tempDir("migrations"), "drizzle");
  cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.find((entry) => entry.tag === lastTag);
  if (!last) throw new Error(`No migration ${lastTag}`);
  journal.entries = journal.entries.filter((entry) => entry.idx <= last.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

let target: DatabaseTarget;
let handle: DatabaseHandle;
let drop: () => Promise<void> = async () => {};
const before = new Map<string, number>();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const answer = await handle.db.execute(query);
  // postgres.js answers with the rows, PGlite with an object holding them.
  return (Array.isArray(answer) ? answer : (answer as unknown as { rows: T[] }).rows) as T[];
}

async function countsOf(tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts.set(table, Number(row?.n));
  }
  return counts;
}

beforeAll(async () => {
  if (await postgresReachable()) {
    const fresh = await createFreshPostgresDatabase("events_upgrade", { empty: true });
    target = { kind: "postgres", url: fresh.url };
    drop = fresh.drop;
  } else {
    target = { kind: "embedded", dataDir: tempDir("events_upgrade") };
  }
  handle = openDatabase(target, { timeZone: TEST_TIME_ZONE });
  await migrateDatabase(target, handle, migrationsUpTo(LAST_MIGRATION_BEFORE_EVENTS));
  // One statement at a time: PGlite takes a single statement per query.
  const fixture = readFileSync(path.join(process.cwd(), "tests/fixtures/one-event-installation.sql"), "utf8");
  const statements = fixture
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^--.*$/gm, "").trim())
    .filter(Boolean);
  for (const statement of statements) await handle.db.execute(sql.raw(statement));
  for (const [table, count] of await countsOf(ALL_TABLES)) before.set(table, count);
  await migrateDatabase(target, handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await drop();
});

describe("upgrading an installation of one event", () => {
  it("keeps every row, and every row of the event's own tables is event 1's", async () => {
    expect(before.get("products")).toBe(3);
    expect(before.get("winners")).toBe(3);
    expect(await countsOf(ALL_TABLES)).toEqual(before);
    for (const table of EVENT_TABLES) {
      const [row] = await rows<{ others: number; total: number }>(
        sql.raw(`select count(*) filter (where event_id <> 1)::int as others, count(*)::int as total from ${table}`),
      );
      expect({ table, others: Number(row?.others) }).toEqual({ table, others: 0 });
      expect(Number(row?.total)).toBe(before.get(table));
    }
  });

  it("makes event 1 live and the default, named by the branding's name, with its settings as they were", async () => {
    const events = await rows<{ id: number; name: string; status: string; is_default: boolean }>(
      sql`select id, name, status, is_default from events order by id`,
    );
    expect(events).toEqual([{ id: 1, name: "Spring Fair", status: "live", is_default: true }]);
    const [settings] = await rows<{ id: number; time_zone: string; wins_per_visitor: string }>(
      sql`select id, time_zone, wins_per_visitor from settings`,
    );
    expect(settings).toEqual({ id: 1, time_zone: "Europe/Paris", wins_per_visitor: "one_per_event" });
    // The next event made is 2, not a clash with the upgraded one.
    const [next] = await rows<{ id: number }>(sql`insert into events (name) values ('Autumn Fair') returning id`);
    expect(Number(next?.id)).toBe(2);
    await handle.db.execute(sql`delete from events where id = 2`);
  });

  it("keeps the audit log whole: changes are event 1's, sign-ins and accounts the installation's", async () => {
    const audit = await rows<{ action: string; event_id: number | null }>(sql`select action, event_id from audit_log order by id`);
    expect(audit).toEqual([
      { action: "auth.sign_in", event_id: null },
      { action: "account.create", event_id: null },
      { action: "prize.create", event_id: 1 },
      { action: "settings.update", event_id: 1 },
    ]);
    const tallies = await rows<{ event_id: number | null; rows: number }>(
      sql`select event_id, sum(rows)::int as rows from audit_tallies group by event_id order by event_id nulls first`,
    );
    expect(tallies.map((row) => ({ event_id: row.event_id, rows: Number(row.rows) }))).toEqual([
      { event_id: null, rows: 2 },
      { event_id: 1, rows: 2 },
    ]);
  });

  it("answers every address as before: each page answers its own, and a scan reads its state", async () => {
    const answering = await rows<{ url_path: string; name: string }>(
      sql`select a.url_path, p.name from addresses a join products p on p.id = a.product_id order by p.name`,
    );
    expect(answering).toEqual([
      { url_path: "CakeStand003", name: "Cake stand" },
      { url_path: "CoffeeStand01", name: "Coffee stand" },
      { url_path: "TeaStand0002", name: "Tea stand" },
    ]);
    const coffee = await getPublicPageState({ db: handle.db, urlPath: "CoffeeStand01" });
    expect(coffee).toMatchObject({ event_id: 1, has_prize: true, is_reserved: false, event_state: "open" });
    const tea = await getPublicPageState({ db: handle.db, urlPath: "TeaStand0002" });
    expect(tea).toMatchObject({ event_id: 1, is_reserved: true });
  });

  it("keeps the winners' counts: the tallies still add up to the winners, per event", async () => {
    const [counted] = await rows<{ tallied: number; winners: number }>(
      sql`select (select sum(winners)::int from winner_tallies where event_id = 1) as tallied, (select count(*)::int from winners) as winners`,
    );
    expect(Number(counted?.tallied)).toBe(3);
    expect(Number(counted?.winners)).toBe(3);
  });
});
