import "server-only";
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { automaticLive, placementTarget } from "@/db/prize-rules";
import { funnelHourlyTallies, images, placements, prizes, products, winners, winnerTallies } from "@/db/schema";
import { conversionOf } from "@/shared/contracts/funnel";
import { present, prizeColumns } from "./prizes";
import { talliesBy } from "./tallies";
import { winnerColumns } from "./winners";

const RECENT_LIST_SIZE = 10;

/**
 * server-behaviour.md, Placements: `inactive` for an inactive prize; `exhausted` when its target is 0
 * because stock or today's budget is used up; `sufficient` when its live placements reach the target (drops
 * scheduled by hand are set aside apart from it: neither counted nor targeted);
 * else `insufficient`.
 */
const maintenanceStatus = sql<"sufficient" | "insufficient" | "exhausted" | "inactive">`(case
  when not ${prizes.isActive} then 'inactive'
  when ${placementTarget()} = 0 then 'exhausted'
  when ${automaticLive()} >= ${placementTarget()} then 'sufficient'
  else 'insufficient' end)`;

const count = (from: SQL) => sql<number>`(select count(*)::int from ${from})`;
const winnersSum = (eventId: number, where: SQL) =>
  sql<number>`(select coalesce(sum(${winnerTallies.winners}), 0)::int from ${winnerTallies} where ${winnerTallies.eventId} = ${eventId} and ${where})`;

async function totals(db: Queryable, eventId: number) {
  const [row] = await db
    .select({
      total_products: count(sql`${products} where ${products.eventId} = ${eventId}`),
      total_prizes: count(sql`${prizes} where ${prizes.eventId} = ${eventId}`),
      active_prizes: count(sql`${prizes} where ${prizes.eventId} = ${eventId} and ${prizes.isActive}`),
      total_winners: winnersSum(eventId, sql`true`),
      received_winners: winnersSum(eventId, sql`${winnerTallies.isReceived}`),
      expired_winners: winnersSum(eventId, sql`${winnerTallies.isExpired}`),
    })
    .from(sql`(values (1)) as one_row`);
  const counts = row ?? { total_products: 0, total_prizes: 0, active_prizes: 0, total_winners: 0, received_winners: 0, expired_winners: 0 };
  // Waiting wins only: an expired one is no longer expected at the desk (its unit went back to stock).
  return { ...counts, unreceived_winners: counts.total_winners - counts.received_winners - counts.expired_winners };
}

async function prizeStats(db: Queryable, eventId: number) {
  const rows = await db
    .select({
      ...prizeColumns,
      maintenance_status: maintenanceStatus,
      total_winners: sql<number>`coalesce(w.total, 0)`,
      received_winners: sql<number>`coalesce(w.received, 0)`,
      expired_winners: sql<number>`coalesce(w.expired, 0)`,
    })
    .from(prizes)
    .leftJoin(images, eq(images.id, prizes.imageId))
    .leftJoin(sql`${talliesBy("prize_id", eventId)} as w`, sql`w.key = ${prizes.id}`)
    .where(eq(prizes.eventId, eventId))
    .orderBy(desc(prizes.isActive), desc(prizes.createdAt), desc(prizes.id));
  return rows.map((row) => {
    const { winners_count: _alsoTotal, ...prize } = present(row);
    return { ...prize, unreceived_winners: row.total_winners - row.received_winners - row.expired_winners };
  });
}

async function productStats(db: Queryable, eventId: number) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      url_path: products.urlPath,
      active_prize_name: prizes.name,
      winners_count: sql<number>`coalesce(w.total, 0)`,
      received_count: sql<number>`coalesce(w.received, 0)`,
      expired_count: sql<number>`coalesce(w.expired, 0)`,
      scans: sql<number>`coalesce((select sum(${funnelHourlyTallies.scans})::int from ${funnelHourlyTallies} where ${funnelHourlyTallies.productId} = ${products.id}), 0)`,
    })
    .from(products)
    .leftJoin(placements, sql`${placements.productId} = ${products.id} and ${placements.isActive}`)
    .leftJoin(prizes, eq(prizes.id, placements.prizeId))
    .leftJoin(sql`${talliesBy("product_id", eventId)} as w`, sql`w.key = ${products.id}`)
    .where(eq(products.eventId, eventId))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url_path: row.url_path,
    has_active_prize: row.active_prize_name !== null,
    active_prize_name: row.active_prize_name,
    winners_count: row.winners_count,
    received_count: row.received_count,
    unreceived_count: row.winners_count - row.received_count - row.expired_count,
    expired_count: row.expired_count,
    scans: row.scans,
    conversion: conversionOf({ scans: row.scans, wins: row.winners_count }),
  }));
}

/**
 * GET /api/admin/dashboard/ (server-behaviour.md, Dashboard): one event at a glance, in a handful of
 * aggregate queries, none per row.
 */
export async function readDashboard({ db, eventId }: { db: Queryable; eventId: number }) {
  const [counts, recent_winners, recent_received, prize_stats, product_stats] = await Promise.all([
    totals(db, eventId),
    db
      .select(winnerColumns)
      .from(winners)
      .where(eq(winners.eventId, eventId))
      .orderBy(desc(winners.createdAt), desc(winners.id))
      .limit(RECENT_LIST_SIZE),
    db
      .select(winnerColumns)
      .from(winners)
      .where(and(eq(winners.eventId, eventId), isNotNull(winners.receivedAt)))
      .orderBy(desc(winners.receivedAt), desc(winners.id))
      .limit(RECENT_LIST_SIZE),
    prizeStats(db, eventId),
    productStats(db, eventId),
  ]);
  return { ...counts, recent_winners, recent_received, prize_stats, product_stats };
}
