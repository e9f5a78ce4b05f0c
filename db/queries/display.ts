import "server-only";
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { distributedToday, eventState, eventZone, heldNow, hourBudgetLeft, startOfToday } from "@/db/prize-rules";
import { readBranding } from "@/db/queries/branding";
import { placements, prizes, products, settings, winners } from "@/db/schema";
import type { DisplaySnapshot, DisplayStand } from "@/shared/contracts/display";
import { maskNickname } from "@/shared/text";

/** How many recent winners the big screen lists: what fits a 1080-pixel-high screen in type read from 5 m. */
const DISPLAY_WINNERS = 8;
/** How many announced drops the big screen counts down to: the next few, under the prizes left. */
const DISPLAY_DROPS = 3;
/** How many stands the big screen names for a prize on a stand now; the rest are counted ("and 3 more"). */
const DISPLAY_STANDS = 5;

/** The big screen's current token of event `eventId` (its settings row). */
export async function readDisplayToken({ db, eventId }: { db: Queryable; eventId: number }): Promise<string> {
  const [row] = await db.select({ token: settings.displayToken }).from(settings).where(eq(settings.id, eventId));
  return row?.token ?? "";
}

/** Every event's big-screen token, and the event it shows: each event has its own address. */
export async function readDisplayTokens(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.select({ token: settings.displayToken, eventId: settings.id }).from(settings);
  return new Map(rows.map((row) => [row.token, row.eventId]));
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
  return sql<number>`(case when ${eventState(prizes.eventId)} = 'open' and ${todayLeft()} > 0 and ${hourBudgetLeft()} then (${unheld}) else 0 end)::int`;
}

/**
 * The first DISPLAY_STANDS product pages (by name) where each active prize has a live placement nobody holds:
 * the stands "on N stands now" means. Whether the prize can be won at all (open, budget left) is
 * `livePlacements`'s part; a prize it counts 0 for names no stand.
 */
async function liveStands(db: Queryable, eventId: number): Promise<Map<number, DisplayStand[]>> {
  const ranked = db
    .select({
      prize_id: placements.prizeId,
      name: products.name,
      name_en: products.nameEn,
      name_ko: products.nameKo,
      rank: sql<number>`row_number() over (partition by ${placements.prizeId} order by ${products.name}, ${products.id})`.as("rank"),
    })
    .from(placements)
    .innerJoin(products, eq(products.id, placements.productId))
    .innerJoin(prizes, eq(prizes.id, placements.prizeId))
    .where(and(eq(placements.eventId, eventId), eq(placements.isActive, true), not(heldNow()), eq(prizes.isActive, true)))
    .as("ranked");
  const rows = await db.select().from(ranked).where(lte(ranked.rank, DISPLAY_STANDS)).orderBy(ranked.prize_id, ranked.rank);
  const stands = new Map<number, DisplayStand[]>();
  for (const row of rows) {
    const list = stands.get(row.prize_id) ?? [];
    list.push({ name: row.name, names: { en: row.name_en, ko: row.name_ko } });
    stands.set(row.prize_id, list);
  }
  return stands;
}

/**
 * What the big screen shows. Seven small reads: the newest winners (the created_at index), active prizes
 * with their live placements (the placements' prize index) and the first stands they are on,
 * today's winners (from the day's start in APP_TIMEZONE, the session's zone, over the same index; an expired
 * win is no win to count) and the event's branding (the settings row), and the next announced drops with the
 * server's clock.
 */
export async function readDisplaySnapshot({ db, eventId }: { db: Queryable; eventId: number }): Promise<DisplaySnapshot> {
  const [recent, prizeRows, [today], branding, [clock], drops, stands] = await Promise.all([
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
      // An erased winner is no longer shown (server-behaviour.md, "Privacy"), nor one who let the deadline
      // pass: that prize went back to the stock, so it is no one's win to celebrate.
      .where(and(eq(winners.eventId, eventId), isNotNull(winners.name), isNull(winners.expiredAt)))
      .orderBy(desc(winners.createdAt), desc(winners.id))
      .limit(DISPLAY_WINNERS),
    db
      .select({
        id: prizes.id,
        name: prizes.name,
        name_en: prizes.nameEn,
        name_ko: prizes.nameKo,
        remaining_quantity: prizes.remainingQuantity,
        today_left: todayLeft(),
        live_placements: livePlacements(db),
      })
      .from(prizes)
      .where(and(eq(prizes.eventId, eventId), eq(prizes.isActive, true)))
      .orderBy(prizes.name, prizes.id),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(winners)
      .where(and(eq(winners.eventId, eventId), gte(winners.createdAt, startOfToday(eventId)), isNull(winners.expiredAt))),
    readBranding({ db, eventId }),
    db
      .select({ zone: eventZone(eventId) })
      .from(settings)
      .where(eq(settings.id, eventId)),
    // The next announced drops (a winning moment is never listed), of prizes still active.
    db
      .select({ prize_name: prizes.name, product_name: products.name, drops_at: placements.dropsAt })
      .from(placements)
      .innerJoin(prizes, eq(prizes.id, placements.prizeId))
      .innerJoin(products, eq(products.id, placements.productId))
      .where(
        and(
          eq(placements.eventId, eventId),
          sql`${placements.isActive}`,
          sql`${placements.announce}`,
          gt(placements.dropsAt, sql`now()`),
          sql`${prizes.isActive}`,
        ),
      )
      .orderBy(asc(placements.dropsAt), asc(placements.id))
      .limit(DISPLAY_DROPS),
    liveStands(db, eventId),
  ]);
  return {
    recent_winners: recent.map((row) => ({
      nickname_masked: maskNickname(row.name ?? ""),
      prize_name: row.prize_name,
      prize_names: { en: row.name_en, ko: row.name_ko },
      won_at: new Date(row.won_at).toISOString(),
    })),
    prizes: prizeRows.map(({ id, name_en, name_ko, ...prize }) => ({
      ...prize,
      names: { en: name_en, ko: name_ko },
      live_stands: prize.live_placements > 0 ? (stands.get(id) ?? []) : [],
    })),
    winners_today: today?.count ?? 0,
    branding,
    time_zone: clock?.zone ?? "UTC",
    next_drops: drops.map((row) => ({ ...row, drops_at: new Date(row.drops_at!).toISOString() })),
    now: new Date().toISOString(),
  };
}
