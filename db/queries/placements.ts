import "server-only";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { heldNow } from "@/db/prize-rules";
import { placements, prizes, products } from "@/db/schema";

/** Placements for the admin list: active first, newest first, with names and both counts. */
export async function listPlacements({ db, limit, offset }: { db: Queryable; limit: number; offset: number }) {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: placements.id,
        prize: placements.prizeId,
        product: placements.productId,
        is_active: placements.isActive,
        is_reserved: heldNow(),
        claimed_at: placements.claimedAt,
        created_at: placements.createdAt,
        prize_name: prizes.name,
        product_name: products.name,
        product_url_path: products.urlPath,
      })
      .from(placements)
      .innerJoin(prizes, eq(prizes.id, placements.prizeId))
      .innerJoin(products, eq(products.id, placements.productId))
      .orderBy(desc(placements.isActive), desc(placements.createdAt), desc(placements.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${placements.isActive})::int`,
      })
      .from(placements),
  ]);
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  return { count: total, active_count: active, inactive_count: total - active, results: rows };
}
