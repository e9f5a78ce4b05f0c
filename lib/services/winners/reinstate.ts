import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { heldNow } from "@/db/prize-rules";
import { winnerColumns } from "@/db/queries/winners";
import { placements, prizes, winners } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { countExpired } from "@/lib/metrics/registry";
import { text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { collectByFromNow, expireWinsIn } from "./expire";
import { WINNER_ERASED, WINNER_NOT_FOUND, winnerTarget } from "./messages";

const NOT_EXPIRED = text("errors.winners.notExpired");
const NO_UNIT_FREE = text("errors.winners.noUnitFree");
const PRIZE_DELETED = text("errors.winners.prizeDeleted");

/**
 * A late visitor gets their prize after all (server-behaviour.md, "Collecting a prize: the deadline"): the
 * expired win takes a unit again, one nobody else is promised. Free stock first (remaining above the
 * prize's live placements); else live placements nobody holds are withdrawn, newest first, until the live
 * placements fit in the stock left; else 409 and nothing changes. The budgets, pause and win limit do not
 * apply (the desk decides; the audit row records it). The win gets a new deadline (none when unset).
 *
 * Locks in the documented order (../README.md): the prize row, then its placements, then the winner. A win
 * past its deadline that the sweep has not reached yet is expired here first, in the same transaction.
 */
export async function reinstateWinner({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  // A win the sweep had not reached yet, expired here first: counted like the sweep's, once committed.
  let expiredHere: number[] = [];
  const reinstated = await retryingTransaction(ctx.db, async (tx) => {
    // A plain read: it says which prize to lock. The conditional UPDATE below decides.
    // Another event's winner is unknown here, as an id that does not exist.
    const [win] = await tx
      .select({ prizeId: winners.prizeId, erasedAt: winners.erasedAt })
      .from(winners)
      .where(and(eq(winners.id, input.id), eq(winners.eventId, ctx.eventId)));
    if (!win) throw notFound(WINNER_NOT_FOUND);
    if (win.erasedAt) throw conflict(WINNER_ERASED);
    if (win.prizeId === null) {
      const [row] = await tx
        .select({ expired: isNotNull(winners.expiredAt) })
        .from(winners)
        .where(eq(winners.id, input.id));
      throw conflict(row?.expired ? PRIZE_DELETED : NOT_EXPIRED);
    }
    const [prize] = await tx.select({ remaining: prizes.remainingQuantity }).from(prizes).where(eq(prizes.id, win.prizeId)).for("update");
    if (!prize) throw conflict(PRIZE_DELETED);
    expiredHere = (await expireWinsIn(tx, [input.id])).map((win) => win.eventId);
    const [before] = await tx
      .select({ expiredAt: winners.expiredAt, collectBy: winners.collectBy, prizeId: winners.prizeId })
      .from(winners)
      .where(eq(winners.id, input.id))
      .for("update");
    if (!before) throw notFound(WINNER_NOT_FOUND);
    if (before.expiredAt === null) throw conflict(NOT_EXPIRED);
    if (before.prizeId !== win.prizeId) throw conflict(NO_UNIT_FREE);
    // The stock left after this win takes its unit back, and how many live placements must go to fit in it.
    // The expiry above may have just given the unit back: read the row again.
    const [stock] = await tx
      .select({
        remaining: prizes.remainingQuantity,
        live: sql<number>`(select count(*)::int from ${placements} where ${placements.prizeId} = ${win.prizeId} and ${placements.isActive})`,
      })
      .from(prizes)
      .where(eq(prizes.id, win.prizeId));
    const left = (stock?.remaining ?? 0) - 1;
    if (left < 0) throw conflict(NO_UNIT_FREE);
    const excess = Math.max(0, (stock?.live ?? 0) - left);
    let withdrawn: number[] = [];
    if (excess > 0) {
      const free = await tx
        .select({ id: placements.id })
        .from(placements)
        .where(and(eq(placements.prizeId, win.prizeId), eq(placements.isActive, true), sql`not ${heldNow()}`))
        .orderBy(desc(placements.createdAt), desc(placements.id))
        .limit(excess)
        .for("update", { skipLocked: true });
      if (free.length < excess) throw conflict(NO_UNIT_FREE);
      // Conditional: a hold taken since the read keeps its placement, and then the whole reinstate is refused.
      const off = await tx
        .update(placements)
        .set({ isActive: false })
        .where(and(sql`${placements.id} in ${free.map((row) => row.id)}`, sql`not ${heldNow()}`))
        .returning({ id: placements.id });
      if (off.length < excess) throw conflict(NO_UNIT_FREE);
      withdrawn = off.map((row) => row.id);
    }
    await tx
      .update(prizes)
      .set({ remainingQuantity: sql`${prizes.remainingQuantity} - 1` })
      .where(eq(prizes.id, win.prizeId));
    const [row] = await tx
      .update(winners)
      .set({ expiredAt: null, collectBy: collectByFromNow(ctx.eventId) })
      .where(and(eq(winners.id, input.id), isNotNull(winners.expiredAt)))
      .returning(winnerColumns);
    await recordAudit(tx, ctx, {
      action: "winner.reinstate",
      target: winnerTarget(row!),
      changes: {
        status: { before: "expired", after: "waiting" },
        expired_at: { before: before.expiredAt, after: null },
        collect_by: { before: before.collectBy, after: row!.collect_by },
        ...(withdrawn.length > 0 ? { withdrawn_placements: { before: withdrawn, after: null } } : {}),
      },
    });
    return row!;
  });
  countExpired(expiredHere);
  return reinstated;
}
