import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { postgresErrorCode, UNIQUE_VIOLATION } from "@/db/errors";
import { distributedToday } from "@/db/prize-rules";
import { placements, prizes, products } from "@/db/schema";
import { type Said, ValidationError } from "@/lib/errors";
import { eventTimeZone } from "@/lib/event/time-zone";
import { clockTime } from "@/lib/i18n/clock";
import { inEachLanguage, text } from "@/shared/i18n/text";

/** Checks shared by creating a placement and switching one on (not an operation of its own). */

const PAGE_TAKEN = text("errors.placements.pageTaken");
const PAGE_TAKEN_KEYS = new Set<string>([PAGE_TAKEN.key, "errors.placements.pageHasPrize", "errors.placements.pageHasDrop"]);

/** A refusal because the product page already has a live placement (whichever way it was found). */
export function isPageTakenRefusal(error: unknown): boolean {
  const said = error instanceof ValidationError ? error.fields.non_field_errors?.[0] : undefined;
  return typeof said === "object" && PAGE_TAKEN_KEYS.has(said.key);
}

export const refuse = (message: Said) => new ValidationError({ non_field_errors: [message] });

/**
 * Checks that one more live placement of this prize is allowed, with the prize row locked so that two
 * admins (or an admin and a top-up) cannot both take the last slot. `setAside`: the new one is a drop
 * scheduled by hand, which "Pages at once" does not limit; every live placement, drops included, stays
 * within the stock and today's budget. `alreadyCounted`: the placement being switched on is already live
 * in the count. Each refusal says what to do next.
 */
export async function assertRoomForPlacement(
  tx: Queryable,
  prizeId: number,
  { setAside = false, alreadyCounted = 0 }: { setAside?: boolean; alreadyCounted?: number } = {},
): Promise<void> {
  const [prize] = await tx
    .select({
      isActive: prizes.isActive,
      remaining: prizes.remainingQuantity,
      pagesAtOnce: prizes.maintenanceCount,
      todayLeft: sql<number>`(${prizes.dailyDistribution} - ${distributedToday()})::int`,
    })
    .from(prizes)
    .where(eq(prizes.id, prizeId))
    .for("update");
  if (!prize) throw ValidationError.field("prize", text("errors.placements.existingPrize"));
  if (!prize.isActive) throw refuse(text("errors.placements.prizeInactive"));
  if (prize.remaining <= 0) throw refuse(text("errors.placements.outOfStock"));
  if (prize.todayLeft <= 0) throw refuse(text("errors.placements.noBudget"));
  // Read after the prize row is locked: every path that adds a live placement locks it first.
  const [live] = await tx
    .select({
      drops: sql<number>`(count(*) filter (where ${placements.setAside}))::int`,
      automatic: sql<number>`(count(*) filter (where not ${placements.setAside}))::int`,
    })
    .from(placements)
    .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
  const drops = (live?.drops ?? 0) - (setAside ? alreadyCounted : 0);
  const automatic = (live?.automatic ?? 0) - (setAside ? 0 : alreadyCounted);
  if (drops + automatic >= prize.remaining) throw refuse(text("errors.placements.stockAllPlaced", { count: prize.remaining }));
  if (drops + automatic >= prize.todayLeft) throw refuse(text("errors.placements.todayAllPlaced", { count: prize.todayLeft }));
  if (!setAside && automatic >= prize.pagesAtOnce) throw refuse(text("errors.placements.targetReached", { count: prize.pagesAtOnce }));
}

/**
 * Refuses a page that already has a live placement, naming what is on it and what to do instead: a drop
 * still to come keeps its page until it drops (it is set aside there), so the organiser is pointed at the
 * scheduled drops. Read under the placement-writes lock, which every path that makes a placement live
 * holds; the one-live-prize-per-page index (pageTakenInstead) stays the last guard.
 */
export async function assertPageFree(tx: Queryable, productId: number): Promise<void> {
  const [taken] = await tx
    .select({
      prize: prizes.name,
      product: products.name,
      dropsAt: placements.dropsAt,
      toCome: sql<boolean>`${placements.dropsAt} > now()`,
      eventId: placements.eventId,
    })
    .from(placements)
    .innerJoin(prizes, eq(prizes.id, placements.prizeId))
    .innerJoin(products, eq(products.id, placements.productId))
    .where(and(eq(placements.productId, productId), eq(placements.isActive, true)));
  if (!taken) return;
  if (taken.toCome && taken.dropsAt) {
    const dropsAt = new Date(taken.dropsAt);
    const time = inEachLanguage((locale) => clockTime(dropsAt, locale, eventTimeZone(taken.eventId)));
    throw refuse(text("errors.placements.pageHasDrop", { product: taken.product, prize: taken.prize, time }));
  }
  throw refuse(text("errors.placements.pageHasPrize", { product: taken.product, prize: taken.prize }));
}

export function pageTakenInstead(error: unknown): never {
  if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw refuse(PAGE_TAKEN);
  throw error;
}
