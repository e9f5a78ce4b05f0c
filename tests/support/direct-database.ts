import { inject } from "vitest";
import { openDatabase, type Db } from "@/db";
import { prizeDistributions, prizes, winners } from "@/db/schema";

/**
 * A direct connection to the integration server's Postgres database, for arranging rows no API creates yet
 * (winners come from visitors' claims). Needs Postgres: PGlite belongs to the server process alone.
 */
export function openServerDatabase(): { db: Db; close: () => Promise<void> } {
  const url = inject("databaseUrl");
  if (!url) throw new Error("This test arranges rows directly in the database and needs Postgres at 127.0.0.1:5432 (TEST_DB=pglite cannot run it).");
  const handle = openDatabase({ kind: "postgres", url });
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

/** A prize placed on a product page, as the placement screens will create one. */
export async function insertPlacement(db: Db, { productId }: { productId: number }) {
  const [prize] = await db
    .insert(prizes)
    .values({ name: "Placed prize", totalQuantity: 5, remainingQuantity: 5, dailyDistribution: 2, maintenanceCount: 1 })
    .returning({ id: prizes.id });
  const [placement] = await db
    .insert(prizeDistributions)
    .values({ prizeId: prize!.id, productId })
    .returning({ id: prizeDistributions.id });
  return placement!.id;
}
