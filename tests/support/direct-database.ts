import { inject } from "vitest";
import { type Db, openDatabase } from "@/db";
import { winners } from "@/db/schema";
import { place, seedPrize } from "./seed";
import { TEST_TIME_ZONE } from "./test-database";

/**
 * A direct connection to the integration server's Postgres database, for arranging rows no API creates
 * (winners come from visitors' claims) or for checking what the server wrote. Null on PGlite, whose data
 * belongs to the server process alone: such test files then say so and do not run (`describe.runIf`).
 */
export function openServerDatabase(file: string): { db: Db; close: () => Promise<void> } | null {
  const url = inject("databaseUrl");
  if (!url) {
    console.warn(
      `${file}: arranges rows straight in Postgres; this run is on PGlite (no Postgres, or TEST_DB=pglite), so it does not run.`,
    );
    return null;
  }
  const handle = openDatabase({ kind: "postgres", url }, { timeZone: TEST_TIME_ZONE });
  return { db: handle.db, close: handle.close };
}

export async function insertWinners(db: Db, { productId, productName, count }: { productId: number; productName: string; count: number }) {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `winner${index}`,
    password: String(1000 + index),
    productId,
    productName,
    prizeName: "Test prize",
  }));
  return db.insert(winners).values(rows).returning({ id: winners.id });
}

/** A prize placed on a product page, as the placement screens create one. */
export async function insertPlacement(db: Db, { productId }: { productId: number }) {
  const prizeId = await seedPrize(db, { total: 5, daily: 2, maintenance: 1, name: "Placed prize" });
  return place(db, prizeId, productId);
}
