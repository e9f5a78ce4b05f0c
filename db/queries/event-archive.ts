import "server-only";
import { asc, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { placements, prizes, products } from "@/db/schema";

const iso = (column: Parameters<typeof sql>[1]) => sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;

/**
 * The event's products, prizes and placements for the archive's event.json, in id order, times written in
 * APP_TIMEZONE with their offset. Placements leave out who held them (a visitor's id is never exported).
 */
export async function readEventRecords(db: Queryable) {
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      url_path: products.urlPath,
      created_at: iso(products.createdAt),
    })
    .from(products)
    .orderBy(asc(products.id));
  const prizeRows = await db
    .select({
      id: prizes.id,
      name: prizes.name,
      description: prizes.description,
      total_quantity: prizes.totalQuantity,
      remaining_quantity: prizes.remainingQuantity,
      daily_distribution: prizes.dailyDistribution,
      maintenance_count: prizes.maintenanceCount,
      hourly_limit: prizes.hourlyLimit,
      is_active: prizes.isActive,
      created_at: iso(prizes.createdAt),
    })
    .from(prizes)
    .orderBy(asc(prizes.id));
  const placementRows = await db
    .select({
      id: placements.id,
      prize_id: placements.prizeId,
      product_id: placements.productId,
      is_active: placements.isActive,
      claimed_at: sql<string | null>`${iso(placements.claimedAt)}`,
      created_at: iso(placements.createdAt),
    })
    .from(placements)
    .orderBy(asc(placements.id));
  return { products: productRows, prizes: prizeRows, placements: placementRows };
}
