import "server-only";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { distributedThisHour, distributedToday } from "@/db/prize-rules";
import { images, placements, prizes, winners } from "@/db/schema";
import { imageUrl } from "@/shared/urls/images";
import { likePattern } from "./like";
import { tallyOfPrize } from "./tallies";

/** A prize as the admin API shows it (spec §3). */
export const prizeColumns = {
  id: prizes.id,
  name: prizes.name,
  description: prizes.description,
  name_en: prizes.nameEn,
  name_ko: prizes.nameKo,
  description_en: prizes.descriptionEn,
  description_ko: prizes.descriptionKo,
  imageSha: images.sha256,
  total_quantity: prizes.totalQuantity,
  remaining_quantity: prizes.remainingQuantity,
  daily_distribution: prizes.dailyDistribution,
  today_distributed: distributedToday(),
  maintenance_count: prizes.maintenanceCount,
  hourly_limit: prizes.hourlyLimit,
  this_hour_distributed: distributedThisHour(),
  is_active: prizes.isActive,
  created_at: prizes.createdAt,
  active_distributions: sql<number>`(select count(*)::int from ${placements} where ${placements.prizeId} = ${prizes.id} and ${placements.isActive})`,
  winners_count: tallyOfPrize(sql`${prizes.eventId}`, sql`${prizes.id}`),
};

export function present<T extends { imageSha: string | null }>({ imageSha, ...row }: T) {
  return { ...row, image: imageSha ? imageUrl(imageSha) : null };
}

function selectPrizes(db: Queryable, where: SQL | undefined) {
  return db.select(prizeColumns).from(prizes).leftJoin(images, eq(images.id, prizes.imageId)).where(where);
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(ilike(prizes.name, pattern), ilike(prizes.description, pattern));
}

/** One page of event `eventId`'s prizes, newest first, optionally filtered by a search over name and description. */
export async function listPrizes({
  db,
  eventId,
  search,
  limit,
  offset,
}: {
  db: Queryable;
  eventId: number;
  search?: string;
  limit: number;
  offset: number;
}) {
  const where = and(eq(prizes.eventId, eventId), searchCondition(search));
  const [rows, [total]] = await Promise.all([
    selectPrizes(db, where).orderBy(desc(prizes.createdAt), desc(prizes.id)).limit(limit).offset(offset),
    db.select({ count: count() }).from(prizes).where(where),
  ]);
  return { count: total?.count ?? 0, results: rows.map(present) };
}

/** A prize of event `eventId`, by its id: another event's id finds nothing, as an unknown one does. */
export async function getPrize({ db, eventId, id }: { db: Queryable; eventId: number; id: number }) {
  const [row] = await selectPrizes(db, and(eq(prizes.eventId, eventId), eq(prizes.id, id)));
  return row ? present(row) : null;
}

/** Winners of one prize of event `eventId`, newest first (the prize screen's export). */
export async function listPrizeWinners({
  db,
  eventId,
  prizeId,
  limit,
  offset,
}: {
  db: Queryable;
  eventId: number;
  prizeId: number;
  limit: number;
  offset: number;
}) {
  const where = and(eq(winners.eventId, eventId), eq(winners.prizeId, prizeId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: winners.id,
        name: winners.name,
        password: winners.password,
        prize_name: winners.prizeName,
        product_name: winners.productName,
        created_at: winners.createdAt,
        is_received: winners.isReceived,
        received_at: winners.receivedAt,
      })
      .from(winners)
      .where(where)
      .orderBy(desc(winners.createdAt), desc(winners.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(winners).where(where),
  ]);
  return { count: total?.count ?? 0, results: rows };
}
