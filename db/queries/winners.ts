import "server-only";
import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "@/db";
import { onEventClock, startOfDay, startOfDayAfter } from "@/db/prize-rules";
import { winners } from "@/db/schema";
import type { WinnerStatus } from "@/shared/contracts/winners";
import { type KeysetCursor, newestFirstInBatches, olderThan } from "./keyset";
import { likeLiteral, likePattern } from "./like";
import { countByHourlyTallies, countByTallies } from "./tallies";

/** What the winners list filters on; dates are whole days in the session's time zone (APP_TIMEZONE). */
export type WinnerFilter = {
  product?: number;
  prize?: number;
  is_received?: boolean;
  status?: WinnerStatus;
  search?: string;
  start_date?: string;
  end_date?: string;
  /** Exactly this 4-digit code (the prize desk's look-up). */
  code?: string;
  /** Exactly this nickname, case aside. */
  name?: string;
  /** Winners up to this id only: the event archive's cut-off (not a list filter). */
  up_to_id?: number;
};

/** waiting, received or expired (a received win never expires: the table's check says so). */
export function winnerStatus() {
  return sql<WinnerStatus>`(case when ${winners.isReceived} then 'received' when ${winners.expiredAt} is not null then 'expired' else 'waiting' end)`;
}

/** The rows of one status. */
function statusCondition(status: WinnerStatus): SQL {
  if (status === "received") return sql`${winners.isReceived}`;
  if (status === "expired") return sql`${winners.expiredAt} is not null`;
  return sql`not ${winners.isReceived} and ${winners.expiredAt} is null`;
}

export const winnerColumns = {
  id: winners.id,
  name: winners.name,
  password: winners.password,
  prize: winners.prizeId,
  product: winners.productId,
  prize_name: winners.prizeName,
  product_name: winners.productName,
  created_at: winners.createdAt,
  is_received: winners.isReceived,
  received_at: winners.receivedAt,
  collect_by: winners.collectBy,
  expired_at: winners.expiredAt,
  status: winnerStatus(),
  erased_at: winners.erasedAt,
};

/**
 * The filters as one condition. A date is cast to timestamptz in the session's time zone, which every
 * connection sets to APP_TIMEZONE (db/index.ts): `start_date` is that day's midnight there, and `end_date`
 * includes its whole day (before the next midnight).
 */
export function winnerCondition(eventId: number, filter: WinnerFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(winners.eventId, eventId),
    filter.product === undefined ? undefined : eq(winners.productId, filter.product),
    filter.prize === undefined ? undefined : eq(winners.prizeId, filter.prize),
    filter.is_received === undefined ? undefined : eq(winners.isReceived, filter.is_received),
    filter.status === undefined ? undefined : statusCondition(filter.status),
    // `password::text` is what the trigram index covers (db/schema/winners.ts).
    filter.search
      ? or(ilike(winners.name, likePattern(filter.search)), sql`${winners.password}::text ilike ${likePattern(filter.search)}`)
      : undefined,
    // Exact matches, through the same trigram indexes as the search.
    filter.code === undefined ? undefined : sql`${winners.password}::text = ${filter.code}`,
    filter.name === undefined ? undefined : ilike(winners.name, likeLiteral(filter.name)),
    filter.start_date ? gte(winners.createdAt, startOfDay(filter.start_date, eventId)) : undefined,
    filter.end_date ? lt(winners.createdAt, startOfDayAfter(filter.end_date, eventId)) : undefined,
    filter.up_to_id === undefined ? undefined : lte(winners.id, filter.up_to_id),
  ];
  return and(...conditions.filter(Boolean));
}

/** One page of the event's winners, newest first. */
export async function listWinners({
  db,
  eventId,
  filter,
  limit,
  offset,
}: {
  db: Queryable;
  eventId: number;
  filter: WinnerFilter;
  limit: number;
  offset: number;
}) {
  const where = winnerCondition(eventId, filter);
  const [rows, total] = await Promise.all([
    db.select(winnerColumns).from(winners).where(where).orderBy(desc(winners.createdAt), desc(winners.id)).limit(limit).offset(offset),
    countWinners(db, eventId, filter, where),
  ]);
  return { count: total, results: rows };
}

/**
 * How many waiting winners (neither handed over nor expired) have exactly this code: the prize desk asks for
 * the nickname before it shows any when it is more than one.
 */
export async function countWaitingWithCode({ db, eventId, code }: { db: Queryable; eventId: number; code: string }): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(winners)
    .where(and(eq(winners.eventId, eventId), sql`${winners.password}::text = ${code}`, statusCondition("waiting")));
  return row?.count ?? 0;
}

/**
 * The total for the footer, from the kept counts where they can answer: prize, page and received from
 * `winner_tallies` (status too); dates (with received) from `winner_hourly_tallies`. A search, or dates with a prize or
 * page, counts the matching rows (through the trigram and (prize|product, created_at) indexes).
 */
function countWinners(db: Queryable, eventId: number, filter: WinnerFilter, where: SQL | undefined): Promise<number> {
  const dated = Boolean(filter.start_date || filter.end_date);
  const narrowed = filter.prize !== undefined || filter.product !== undefined;
  const searched = Boolean(filter.search || filter.code || filter.name);
  if (!searched && !dated) return countByTallies(db, eventId, filter);
  // The hourly tallies know received or not, not expired: a status with dates counts the rows.
  if (!searched && !narrowed && filter.status === undefined) return countByHourlyTallies(db, eventId, filter);
  return db
    .select({ count: count() })
    .from(winners)
    .where(where)
    .then(([row]) => row?.count ?? 0);
}

/**
 * Who a winner is and when they were handed over, as HH:MM in APP_TIMEZONE (the session's zone; null if
 * not yet); undefined when the event has no such winner.
 */
export async function handOverOf({
  db,
  eventId,
  id,
}: {
  db: Queryable;
  eventId: number;
  id: number;
}): Promise<{ name: string; receivedAt: Date | null; collectBy: Date | null; expiredAt: Date | null } | undefined> {
  const [row] = await db
    // An erased winner is named by id (server-behaviour.md, "Privacy").
    .select({
      name: sql<string>`coalesce(${winners.name}, '#' || ${winners.id})`,
      receivedAt: winners.receivedAt,
      collectBy: winners.collectBy,
      expiredAt: winners.expiredAt,
    })
    .from(winners)
    .where(and(eq(winners.id, id), eq(winners.eventId, eventId)));
  return row;
}

const EXPORT_BATCH_SIZE = 5000;

/** A winner as the Excel file shows it; times already formatted in APP_TIMEZONE by Postgres. */
export type WinnerExportRow = {
  id: number;
  /** created_at as exact text: where the next batch starts. */
  cursor: string;
  /** Null once erased (server-behaviour.md, "Privacy"). */
  name: string | null;
  password: string | null;
  prize_name: string;
  product_name: string;
  won_at: string;
  is_received: boolean;
  received_at: string | null;
  status: WinnerStatus;
  collect_by: string | null;
  expired_at: string | null;
};

function exportBatch(db: Queryable, eventId: number, where: SQL | undefined, after: KeysetCursor | null): Promise<WinnerExportRow[]> {
  const clock = (instant: AnyPgColumn) => onEventClock(instant, "YYYY-MM-DD HH24:MI:SS", eventId);
  return db
    .select({
      id: winners.id,
      cursor: sql<string>`${winners.createdAt}::text`,
      name: winners.name,
      password: winners.password,
      prize_name: winners.prizeName,
      product_name: winners.productName,
      won_at: clock(winners.createdAt),
      is_received: winners.isReceived,
      received_at: clock(winners.receivedAt) as SQL<string | null>,
      status: winnerStatus(),
      collect_by: clock(winners.collectBy) as SQL<string | null>,
      expired_at: clock(winners.expiredAt) as SQL<string | null>,
    })
    .from(winners)
    .where(and(where, olderThan(winners.createdAt, winners.id, after)))
    .orderBy(desc(winners.createdAt), desc(winners.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** Every winner of the event and the filter for the Excel file, newest first, in keyset batches (created_at, id). */
export async function* exportWinnerRows({
  db,
  eventId,
  filter,
}: {
  db: Queryable;
  eventId: number;
  filter: WinnerFilter;
}): AsyncGenerator<WinnerExportRow[]> {
  const where = winnerCondition(eventId, filter);
  yield* newestFirstInBatches(EXPORT_BATCH_SIZE, (after) => exportBatch(db, eventId, where, after));
}
