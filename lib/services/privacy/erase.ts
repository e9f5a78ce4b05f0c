import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { type EventRef, eventZone } from "@/db/prize-rules";
import { placements, prizes, winners } from "@/db/schema";
import { enqueueWebhooks } from "../webhooks/enqueue";

/**
 * Erasing a winner's personal data (server-behaviour.md, "Privacy"): the nickname, the code and the visitor
 * id go; the row keeps `erased_at` as its marker, the prize, the product page, the times and its status, so
 * every count stays right. Shared by the erasure on request (erase-winner.ts) and the retention sweep
 * (retention.ts).
 */

/**
 * The moment the event's data starts its retention: the end of the opening hours, else the midnight that
 * ends the event's last date (on the event's clock); null when neither is set (each win's own time then).
 */
export function eventEndMoment(event: EventRef) {
  // Aliased: `event` may be a column of an outer settings row (drizzle writes columns bare in a one-table select).
  return sql<Date | null>`(select coalesce(ended.event_ends_at, ((ended.event_end_date + 1)::timestamp at time zone ${eventZone(event)})) from settings ended where ended.id = ${event})`;
}

/** The retention in days, as set now. */
export function retentionDays(event: EventRef) {
  return sql<number>`(select kept.retention_days from settings kept where kept.id = ${event})`;
}

/** When a win's personal data is due to go: retention_days after its event's end, else after the win. */
export function winErasesAt() {
  return sql<Date>`(coalesce(${eventEndMoment(winners.eventId)}, ${winners.createdAt}) + make_interval(days => ${retentionDays(winners.eventId)}))`;
}

export type Erased = { id: number; prizeId: number | null; prizeName: string; forfeited: boolean };

/**
 * Inside a transaction that already holds these wins' prize rows (lock order, ../README.md: prizes, then
 * placements, then winners): erases those of `ids` not erased yet. A waiting win is forfeited first, as at
 * its deadline: it becomes expired and its unit goes back to its prize's stock. Conditional UPDATEs decide,
 * so two sweeps, or a sweep and a request, erase each win once. Returns the wins this call erased.
 */
export async function eraseWinsIn(tx: Queryable, ids: number[]): Promise<Erased[]> {
  if (ids.length === 0) return [];
  const targets = await tx
    .select({ id: winners.id, visitorId: winners.visitorId })
    .from(winners)
    // A plain read: the conditional UPDATEs below decide (a win erased meanwhile is skipped).
    .where(and(inArray(winners.id, ids), isNull(winners.erasedAt)));
  if (targets.length === 0) return [];
  const targetIds = targets.map((row) => row.id);
  const visitorIds = [...new Set(targets.map((row) => row.visitorId).filter((id): id is string => id !== null))];
  if (visitorIds.length > 0) {
    // The visitor id also sits in every placement this visitor ever held (a lapsed hold is left in place,
    // a won one keeps it): all of it goes, a hold live right now too.
    await tx
      .update(placements)
      .set({ reservedBy: null, reservedUntil: null, holdEndsAt: null })
      .where(inArray(placements.reservedBy, visitorIds));
    // And in this visitor's other wins: they keep their nickname but no longer link to the visitor (the win
    // limit stops counting them).
    await tx
      .update(winners)
      .set({ visitorId: null })
      .where(and(inArray(winners.visitorId, visitorIds), sql`not (${inArray(winners.id, targetIds)})`));
  }
  // Forfeit the waiting ones: expired, unit back to stock (as expireWinsIn does at the deadline).
  const forfeited = await tx
    .update(winners)
    .set({ expiredAt: sql`now()` })
    .where(and(inArray(winners.id, targetIds), eq(winners.isReceived, false), isNull(winners.expiredAt)))
    .returning({ id: winners.id, prizeId: winners.prizeId });
  const back = new Map<number, number>();
  for (const win of forfeited) if (win.prizeId !== null) back.set(win.prizeId, (back.get(win.prizeId) ?? 0) + 1);
  for (const [prizeId, units] of [...back].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(prizes)
      .set({ remainingQuantity: sql`${prizes.remainingQuantity} + ${units}` })
      .where(eq(prizes.id, prizeId));
  }
  const erased = await tx
    .update(winners)
    .set({ name: null, password: null, visitorId: null, erasedAt: sql`now()` })
    .where(and(inArray(winners.id, targetIds), isNull(winners.erasedAt)))
    .returning({
      id: winners.id,
      eventId: winners.eventId,
      prizeId: winners.prizeId,
      prizeName: winners.prizeName,
      erasedAt: winners.erasedAt,
    });
  // Nothing personal: which win, which prize, when.
  await enqueueWebhooks(
    tx,
    "winner.erased",
    erased.map((win) => ({
      event: win.eventId,
      data: { winner_id: win.id, prize_id: win.prizeId, prize_name: win.prizeName, erased_at: win.erasedAt?.toISOString() ?? null },
    })),
  );
  const forfeitedIds = new Set(forfeited.map((win) => win.id));
  return erased.map(({ erasedAt: _, eventId: __, ...win }) => ({ ...win, forfeited: forfeitedIds.has(win.id) }));
}

/** Locks the prize rows of these wins, in id order (the lock order's step 4), before eraseWinsIn. */
export async function lockPrizesOf(tx: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.selectDistinct({ prizeId: winners.prizeId }).from(winners).where(inArray(winners.id, ids));
  const prizeIds = rows.map((row) => row.prizeId).filter((id): id is number => id !== null);
  if (prizeIds.length === 0) return;
  await tx.select({ id: prizes.id }).from(prizes).where(inArray(prizes.id, prizeIds)).orderBy(asc(prizes.id)).for("update");
}

/**
 * The one documented way to change rows of the append-only audit log (drizzle/0016_privacy.sql, 0026): rows about
 * these winners are renamed "#id (prize)", and with `addresses`, that event's rows older than `before` lose their
 * address (the default event's call also clears the rows of no event: sign-ins and accounts).
 */
export async function scrubAuditLog(
  tx: Queryable,
  winnerIds: number[],
  addresses: { before: Date; eventId: number } | null,
): Promise<void> {
  const ids = sql.raw(`ARRAY[${winnerIds.map((id) => String(Math.trunc(id))).join(",")}]::integer[]`);
  const before = addresses ? sql`${addresses.before.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  await tx.execute(sql`select audit_log_scrub(${ids}, ${before}, ${addresses?.eventId ?? null}::integer)`);
}
