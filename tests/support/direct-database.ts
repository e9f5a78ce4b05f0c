import { eq, type SQL, sql } from "drizzle-orm";
import { inject } from "vitest";
import { type Db, openDatabase } from "@/db";
import { placements, winners } from "@/db/schema";
import { seedPages, seedPrize } from "./seed";
import { TEST_TIME_ZONE } from "./test-database";

/**
 * A direct connection to the run's shared Postgres database, for the postgres-only group
 * (tests/integration/postgres-only.ts), whose servers share it: arranging rows no API creates, or checking
 * what the servers wrote. Every other file reaches its database through tests/support/file-server.ts.
 */
export function openSharedPostgresDatabase(): { db: Db; close: () => Promise<void> } {
  const url = inject("databaseUrl");
  if (!url) throw new Error("The run is on PGlite: only the postgres-only group opens the shared Postgres database.");
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: TEST_TIME_ZONE });
  return { db: handle.db, close: handle.close };
}

/** `count` winners of a product page; `name`: their nicknames' start (a number follows), to find them by search. */
export async function insertWinners(
  db: Db,
  { productId, productName, count, name = "winner" }: { productId: number; productName: string; count: number; name?: string },
) {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `${name}${index}`,
    password: String(1000 + index),
    productId,
    productName,
    prizeName: "Test prize",
  }));
  return db.insert(winners).values(rows).returning({ id: winners.id });
}

/**
 * A product page with a prize placed on it, as the placement screens create one. Page and placement are made
 * in one transaction: a page made first and placed on afterwards may be taken meanwhile by the server's own
 * top-ups (maintenance mode, left on by another test file), and the placement would then be refused.
 */
export async function insertPageWithPlacement(db: Db, label: string) {
  const prizeId = await seedPrize(db, { total: 5, daily: 2, maintenance: 1, name: "Placed prize" });
  const [page] = await seedPages(db, 1, label, [prizeId]);
  const [placement] = await db.select({ id: placements.id }).from(placements).where(eq(placements.productId, page!.id));
  return { productId: page!.id, placementId: placement!.id };
}

/**
 * Every table's rows as one digest: equal before and after means nothing changed anything. `except`: tables
 * the server writes on its own clock meanwhile (the funnel's counts, flushed every 5 s).
 */
export async function tableDigest(db: Db, { except = [] as string[] } = {}): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [row] = await rowsOf<{ digest: string | null }>(
      db,
      sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`),
    );
    parts.push(`${name}:${row?.digest ?? "empty"}`);
  }
  return parts.join(",");
}

/** A raw query's rows: postgres-js answers them as an array, PGlite as `{ rows }`. */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}
