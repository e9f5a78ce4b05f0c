import { count, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "@/db";
import { countByHourlyTallies } from "@/db/queries/tallies";
import { listWinners, type WinnerFilter, winnerCondition } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

let database: ServiceDatabase;
const handles: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  database = await freshServiceDatabase("winner_counts");
  // A winner every 7 minutes for three days from 2026-03-01 00:00 Seoul; every third one handed over.
  await database.db.execute(sql`insert into winners (name, password, prize_name, product_name, is_received, received_at, created_at)
    select 'count' || n, lpad((n % 10000)::text, 4, '0'), 'Prize', 'Stand', n % 3 = 0,
      case when n % 3 = 0 then timestamptz '2026-03-05 12:00+09' end,
      timestamptz '2026-03-01 00:00+09' + n * interval '7 minutes'
    from generate_series(0, 620) n`);
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await database.close();
});

/** The same database seen from a connection in another zone (APP_TIMEZONE), where the days begin elsewhere. */
function inZone(timeZone: string): Db {
  if (database.kind !== "postgres" || !database.url) return database.db;
  const handle = openDatabase({ kind: "postgres", url: database.url }, { timeZone });
  handles.push(handle);
  return handle.db;
}

async function countedRows(db: Db, filter: WinnerFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(winners).where(winnerCondition(1, filter));
  return row?.total ?? 0;
}

const ranges: WinnerFilter[] = [
  { start_date: "2026-03-02", end_date: "2026-03-02" },
  { start_date: "2026-03-01", end_date: "2026-03-03" },
  { start_date: "2026-03-02" },
  { end_date: "2026-03-01" },
  { start_date: "2026-02-27", end_date: "2026-02-28" },
];
const receivedStates = [undefined, true, false];

async function expectTalliesMatchRows(db: Db) {
  for (const range of ranges) {
    for (const is_received of receivedStates) {
      const filter = { ...range, is_received };
      const expected = await countedRows(db, filter);
      expect({ filter, total: await countByHourlyTallies(db, 1, filter) }).toEqual({ filter, total: expected });
    }
  }
}

describe("winner counts by date come from hourly tallies and equal counting the rows", () => {
  // Seoul is UTC+9 (days start on a UTC hour), Kolkata UTC+5:30 (days start mid-hour: the edges are counted).
  for (const timeZone of ["Asia/Seoul", "Asia/Kolkata", "UTC"]) {
    it(`in ${timeZone}, for day ranges, open ranges and each received state`, async () => {
      const db = inZone(timeZone);
      expect(await countedRows(db, { start_date: "2026-03-02", end_date: "2026-03-02" })).toBeGreaterThan(150);
      await expectTalliesMatchRows(db);
    });
  }

  it("stays exact after hand-overs, undone hand-overs, moved times and deletions", async () => {
    const db = database.db;
    const some = await db.select({ id: winners.id }).from(winners).where(sql`${winners.id} % 11 = 0`);
    const ids = some.map((row) => row.id);
    await db
      .update(winners)
      .set({ isReceived: true, receivedAt: sql`now()` })
      .where(sql`${winners.id} % 11 = 0 and not ${winners.isReceived}`);
    await db.update(winners).set({ isReceived: false, receivedAt: null }).where(sql`${winners.id} % 13 = 0`);
    await db
      .update(winners)
      .set({ createdAt: sql`${winners.createdAt} + interval '20 hours'` })
      .where(sql`${winners.id} % 17 = 0`);
    await db.delete(winners).where(inArray(winners.id, ids.slice(0, 10)));
    await expectTalliesMatchRows(db);
    await expectTalliesMatchRows(inZone("Asia/Kolkata"));
  });

  it("the list's footer total uses them and agrees with its rows", async () => {
    const db = database.db;
    const filter = { start_date: "2026-03-02", end_date: "2026-03-02", is_received: false };
    const page = await listWinners({ db, eventId: 1, filter, limit: 1000, offset: 0 });
    expect(page.count).toBe(page.results.length);
    expect(page.count).toBe(await countedRows(db, filter));
  });
});
