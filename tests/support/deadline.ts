import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { auditLog, prizes, winners } from "@/db/schema";

/**
 * The collection deadline without waiting minutes: wins arranged straight in the database, as a
 * claim leaves them (the prize's stock taken), with a deadline in the past or the future, by Postgres's clock.
 */
export async function insertWins(
  db: Db,
  {
    prizeId,
    count,
    collectIn,
    expired = false,
    productId = null,
    label = "late",
  }: {
    prizeId: number;
    count: number;
    /** Seconds from now to the deadline (negative: passed), or the deadline itself; null for no deadline. */
    collectIn: number | Date | null;
    expired?: boolean;
    productId?: number | null;
    label?: string;
  },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [prize] = await tx
      .update(prizes)
      // An expired win's unit went back already: only a waiting one is taken from the stock.
      .set({ remainingQuantity: sql`${prizes.remainingQuantity} - ${expired ? 0 : count}` })
      .where(eq(prizes.id, prizeId))
      .returning({ name: prizes.name });
    const collectBy =
      collectIn === null
        ? null
        : collectIn instanceof Date
          ? sql`${collectIn.toISOString()}::timestamptz`
          : sql`now() + make_interval(secs => ${collectIn})`;
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into ${winners} (name, password, prize_id, product_id, prize_name, product_name, collect_by, expired_at)
      select ${label} || n, lpad((n % 10000)::text, 4, '0'), ${prizeId}::int, ${productId}::int, ${prize!.name}::text,
        'Deadline stand', (${collectBy})::timestamptz, (${expired ? sql`now()` : null})::timestamptz
      from generate_series(1, ${count}::int) as n
      returning id`);
    // postgres.js answers with the rows, PGlite with `{ rows }`.
    const rows = Array.isArray(inserted)
      ? (inserted as unknown as { id: number }[])
      : (inserted as unknown as { rows: { id: number }[] }).rows;
    return rows.map((row) => row.id);
  });
}

/** Every prize's invariant (server-behaviour.md): winners not expired = total - remaining. */
export async function stockMismatches(db: Db, prizeIds: number[]) {
  return db
    .select({
      id: prizes.id,
      total: prizes.totalQuantity,
      remaining: prizes.remainingQuantity,
      // Spelled out: a one-table select names its own columns unqualified, which the subquery would take as its own.
      notExpired: sql<number>`(select count(*)::int from ${winners} where ${winners.prizeId} = "prizes"."id" and ${winners.expiredAt} is null)`,
    })
    .from(prizes)
    .where(inArray(prizes.id, prizeIds))
    .then((rows) => rows.filter((row) => row.notExpired !== row.total - row.remaining));
}

/** How many `winner.expired` audit rows each of these winners has (exactly once: 1 each). */
export async function expiryAuditCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: auditLog.targetId, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(sql`${auditLog.action} = 'winner.expired' and ${auditLog.targetId} in ${ids.map(String)}`)
    .groupBy(auditLog.targetId);
  return new Map(rows.map((row) => [Number(row.id), row.count]));
}
