import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { placements, prizes, products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";

/** Direct inserts for tests that need a known starting point (the admin screens build these normally). */

/**
 * Creates product pages; `placeOn[i]`, when given, is the prize placed on page i in the same transaction.
 * (Placing afterwards would race the server's own top-ups, which may take a page the moment it is free.)
 */
export async function seedPages(
  db: Db,
  count: number,
  label = "Page",
  placeOn: number[] = [],
  eventId = 1,
): Promise<{ id: number; urlPath: string }[]> {
  const tag = randomBytes(3).toString("hex");
  return db.transaction(async (tx) => {
    const pages = await tx
      .insert(products)
      .values(Array.from({ length: count }, (_, index) => ({ eventId, name: `${label} ${tag}-${index + 1}`, urlPath: newUrlPath() })))
      .returning({ id: products.id, urlPath: products.urlPath });
    const placed = placeOn.map((prizeId, index) => ({ eventId, prizeId, productId: pages[index]!.id }));
    if (placed.length > 0) await tx.insert(placements).values(placed);
    return pages;
  });
}

export async function seedPrize(
  db: Db,
  fields: { total: number; daily?: number; maintenance?: number; remaining?: number; active?: boolean; name?: string; eventId?: number },
): Promise<number> {
  const daily = fields.daily ?? fields.total;
  const [row] = await db
    .insert(prizes)
    .values({
      eventId: fields.eventId ?? 1,
      name: fields.name ?? `Prize ${randomBytes(3).toString("hex")}`,
      totalQuantity: fields.total,
      remainingQuantity: fields.remaining ?? fields.total,
      dailyDistribution: daily,
      maintenanceCount: fields.maintenance ?? Math.min(daily, 1),
      isActive: fields.active ?? true,
    })
    .returning({ id: prizes.id });
  return row!.id;
}

export async function place(db: Db, prizeId: number, productId: number): Promise<number> {
  const [row] = await db.insert(placements).values({ prizeId, productId }).returning({ id: placements.id });
  return row!.id;
}

export async function prizeRow(db: Db, prizeId: number) {
  const [row] = await db.select().from(prizes).where(eq(prizes.id, prizeId));
  return row!;
}
