import "server-only";
import { and, asc, desc, eq, gt, gte, isNotNull, not, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { distributedToday, eventState, eventZone, heldNow, hourBudgetLeft, startOfToday } from "@/db/prize-rules";
import { readBranding } from "@/db/queries/branding";
import { placements, prizes, products, settings, winners } from "@/db/schema";
import type { DisplaySnapshot } from "@/shared/contracts/display";
import { maskNickname } from "@/shared/text";

/** How many recent winners the big screen lists: what fits a 1080-pixel-high screen in type read from 5 m. */
const DISPLAY_WINNERS = 8;
/** How many announced drops the big screen counts down to: the next few, under the prizes left. */
const DISPLAY_DROPS = 3;

/** The big screen's current token (settings row). */
export async function readDisplayToken({ db }: { db: Queryable }): Promise<string> {
  const [row] = await db.select({ token: settings.displayToken }).from(settings).where(eq(settings.id, 1));
  return row?.token ?? "";
}

/** Units the prize can still give today: stock and today's limit both allow it. */
const todayLeft = () =>
  sql<number>`greatest(0, least(${prizes.remainingQuantity}, ${prizes.dailyDistribution} - ${distributedToday()}))::int`;

/**
 * On how many product pages a visitor can win the prize now: live placements nobody holds, while the event
 * is open and the prize has stock, today's budget and this hour's budget left. What the big screen
 * advertises as "on N stands now", apart from the stock for later.
 */
function livePlacements(db: Queryable) {
  // A query builder, not a column in sql``: a column there is written unqualified inside a one-table
  // select, and `prize_id = id` would compare the placement with itself.
  const unheld = db
    .select({ count: sql<number>`count(*)` })
    .from(placements)
    .where(and(eq(placements.prizeId, prizes.id), eq(placements.isActive, true), not(heldNow())));
  return sql<number>`(case when ${eventState()} = 'open' and ${todayLeft()} > 0 and ${hourBudgetLeft()} then (${unheld}) else 0 end)::int`;
}

/**
 * What the big screen shows. Six small reads: the newest winners (the created_at index), active prizes
 * with their live placements (the placements' prize index),
 * today's winners (from the day's start in APP_TIMEZONE, the session's zone, over the same index) and the
 * event's branding (the settings row), and the next announced drops with the server's clock.
 */
export async function readDisplaySnapshot({ db }: { db: Queryable }): Promise<DisplaySnapshot> {
  const [recent, prizeRows, [today], branding, [clock], drops] = await Promise.all([
    db
      .select({
        name: winners.name,
        prize_name: winners.prizeName,
        name_en: prizes.nameEn,
        name_ko: prizes.nameKo,
        won_at: winners.createdAt,
      })
      .from(winners)
      .leftJoin(prizes, eq(prizes.id, winners.prizeId))
      // An erased winner is no longer shown (server-behaviour.md, "Privacy").
      .where(isNotNull(winners.name))
      .orderBy(desc(winners.createdAt), desc(winners.id))
      .limit(DISPLAY_WINNERS),
    db
      .select({
        name: prizes.name,
        name_en: prizes.nameEn,
        name_ko: prizes.nameKo,
        remaining_quantity: prizes.remainingQuantity,
        today_left: todayLeft(),
        live_placements: livePlacements(db),
      })
      .from(prizes)
      .where(eq(prizes.isActive, true))
      .orderBy(prizes.name, prizes.id),
    db.select({ count: sql<number>`count(*)::int` }).from(winners).where(gte(winners.createdAt, startOfToday())),
    readBranding({ db }),
    db.select({ zone: eventZone() }).from(settings).where(eq(settings.id, 1)),
    // The next announced drops (a winning moment is never listed), of prizes still active.
    db
      .select({ prize_name: prizes.name, product_name: products.name, drops_at: placements.dropsAt })
      .from(placements)
      .innerJoin(prizes, eq(prizes.id, placements.prizeId))
      .innerJoin(products, eq(products.id, placements.productId))
      .where(and(sql`${placements.isActive}`, sql`${placements.announce}`, gt(placements.dropsAt, sql`now()`), sql`${prizes.isActive}`))
      .orderBy(asc(placements.dropsAt), asc(placements.id))
      .limit(DISPLAY_DROPS),
  ]);
  return {
    recent_winners: recent.map((row) => ({
      nickname_masked: maskNickname(row.name ?? ""),
      prize_name: row.prize_name,
      prize_names: { en: row.name_en, ko: row.name_ko },
      won_at: new Date(row.won_at).toISOString(),
    })),
    prizes: prizeRows.map(({ name_en, name_ko, ...prize }) => ({ ...prize, names: { en: name_en, ko: name_ko } })),
    winners_today: today?.count ?? 0,
    branding,
    time_zone: clock?.zone ?? "UTC",
    next_drops: drops.map((row) => ({ ...row, drops_at: new Date(row.drops_at!).toISOString() })),
    now: new Date().toISOString(),
  };
}
