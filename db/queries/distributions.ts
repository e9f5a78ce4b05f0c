import "server-only";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { heldNow } from "@/db/prize-rules";
import { prizeDistributions, prizes, products } from "@/db/schema";

/** Placements for the admin list: active first, newest first, with names and both counts. */
export async function listDistributions({ db, limit, offset }: { db: Queryable; limit: number; offset: number }) {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: prizeDistributions.id,
        prize: prizeDistributions.prizeId,
        product: prizeDistributions.productId,
        is_active: prizeDistributions.isActive,
        is_reserved: heldNow(),
        claimed_at: prizeDistributions.claimedAt,
        created_at: prizeDistributions.createdAt,
        prize_name: prizes.name,
        product_name: products.name,
        product_url_path: products.urlPath,
      })
      .from(prizeDistributions)
      .innerJoin(prizes, eq(prizes.id, prizeDistributions.prizeId))
      .innerJoin(products, eq(products.id, prizeDistributions.productId))
      .orderBy(desc(prizeDistributions.isActive), desc(prizeDistributions.createdAt), desc(prizeDistributions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${prizeDistributions.isActive})::int`,
      })
      .from(prizeDistributions),
  ]);
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  return { count: total, active_count: active, inactive_count: total - active, results: rows };
}
