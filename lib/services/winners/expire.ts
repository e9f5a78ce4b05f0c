import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db";
import { auditLog, prizes, settings, winners } from "@/db/schema";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { countExpired } from "@/lib/metrics/registry";
import { replenishPrizes } from "../placements/maintain";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks, type WinFacts, winnerMessage } from "../webhooks/enqueue";
import { winnerAuditName } from "./messages";

/** Who an expiry's audit row names: nobody clicked, the server's own sweep did it. */
export const SYSTEM_ACCOUNT = { id: null, name: "system", role: null };

/** How often every instance looks for wins past their deadline: a unit is back within 30 s of it. */
const EXPIRY_SWEEP_SECONDS = 10;
/** Wins expired per transaction: short transactions, so claims of those prizes never wait long. */
const EXPIRY_BATCH_SIZE = 200;

/**
 * `now() + the window set now`, for a win made (or given a fresh deadline) in this statement; null when
 * no deadline is set (server-behaviour.md, "Collecting a prize: the deadline").
 */
export function collectByFromNow(event: number): SQL<Date | null> {
  return sql<Date | null>`now() + make_interval(mins => (select ${settings.collectWithinMinutes} from ${settings} where ${settings.id} = ${event}))`;
}

/** A waiting win whose deadline has passed, by the database's clock. */
function duePastDeadline(): SQL {
  return sql`not ${winners.isReceived} and ${winners.expiredAt} is null and ${winners.collectBy} <= now()`;
}

/** An expired win, as its webhook message needs it. */
type Expired = WinFacts & { createdAt: Date; collectBy: Date | null; expiredAt: Date | null };

/**
 * Inside a transaction that already holds these wins' prize rows (lock order, ../README.md: prizes, then
 * winners): expires those of `ids` that are still due and gives each unit back to its prize. The
 * conditional UPDATE re-checks each win under its row lock: of two instances sweeping the same wins, or a
 * sweep and a hand-over at the deadline, exactly one changes it; the other finds it expired (or received)
 * and leaves it alone. One audit row per expired win, account `system`.
 */
export async function expireWinsIn(tx: Queryable, ids: number[]): Promise<Expired[]> {
  if (ids.length === 0) return [];
  const expired = await tx
    .update(winners)
    .set({ expiredAt: sql`now()` })
    .where(and(inArray(winners.id, ids), duePastDeadline()))
    .returning({
      id: winners.id,
      eventId: winners.eventId,
      name: winners.name,
      prizeId: winners.prizeId,
      prizeName: winners.prizeName,
      productId: winners.productId,
      productName: winners.productName,
      createdAt: winners.createdAt,
      collectBy: winners.collectBy,
      expiredAt: winners.expiredAt,
    });
  if (expired.length === 0) return [];
  // Each unit back to its prize's stock. Today's and this hour's counts stay: the daily budget paces the pages.
  const back = new Map<number, number>();
  for (const win of expired) if (win.prizeId !== null) back.set(win.prizeId, (back.get(win.prizeId) ?? 0) + 1);
  for (const [prizeId, units] of [...back].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(prizes)
      .set({ remainingQuantity: sql`${prizes.remainingQuantity} + ${units}` })
      .where(eq(prizes.id, prizeId));
  }
  await tx.insert(auditLog).values(
    expired.map((win) => ({
      eventId: win.eventId,
      accountId: SYSTEM_ACCOUNT.id,
      accountName: SYSTEM_ACCOUNT.name,
      accountRole: SYSTEM_ACCOUNT.role,
      action: "winner.expired",
      targetType: "winner",
      targetId: String(win.id),
      targetName: winnerAuditName({ id: win.id, prize_name: win.prizeName }),
      changes: { status: { before: "waiting", after: "expired" }, expired_at: { before: null, after: win.expiredAt } },
      address: null,
    })),
  );
  await enqueueWebhooks(tx, "winner.expired", expired.map(winnerMessage));
  return expired;
}

/**
 * Expires one batch of due wins and gives their units back, in one transaction, so a crash anywhere loses
 * nothing and gives nothing twice (the rollback undoes both).
 */
async function expireBatch(db: Db): Promise<Expired[]> {
  return retryingTransaction(db, async (tx) => {
    // A plain read: it only says which prizes to lock. A win taken meanwhile is skipped by expireWinsIn.
    const due = await tx
      .select({ id: winners.id, prizeId: winners.prizeId })
      .from(winners)
      .where(duePastDeadline())
      .orderBy(asc(winners.collectBy))
      .limit(EXPIRY_BATCH_SIZE);
    if (due.length === 0) return [];
    const prizeIds = [...new Set(due.map((win) => win.prizeId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
    if (prizeIds.length > 0) {
      await tx.select({ id: prizes.id }).from(prizes).where(inArray(prizes.id, prizeIds)).orderBy(asc(prizes.id)).for("update");
    }
    return expireWinsIn(
      tx,
      due.map((win) => win.id),
    );
  });
}

/**
 * Expires every due win, batch after batch, then places the units that came back as after any stock
 * change (maintenance mode; best effort: the maintenance tick retries). Returns how many this call expired.
 */
export async function expireDueWins(db: Db): Promise<number> {
  let total = 0;
  const prizeIds = new Set<number>();
  for (;;) {
    const expired = await expireBatch(db);
    // Counted once its transaction committed: exact per instance, summed over instances by Prometheus.
    countExpired(expired.map((win) => win.eventId));
    total += expired.length;
    for (const win of expired) if (win.prizeId !== null) prizeIds.add(win.prizeId);
    if (expired.length === 0) break;
  }
  if (prizeIds.size > 0) await replenishPrizes(db, [...prizeIds]);
  return total;
}

/**
 * Starts the sweep in this process, on every instance (the conditional UPDATE makes it exact however many
 * run): once now, then every EXPIRY_SWEEP_SECONDS. `db` is asked at each beat: the database's pools are
 * replaced when the event's time zone changes (lib/event/time-zone.ts).
 */
export function startExpirySweeper(db: () => Db): BackgroundJob {
  return startBackgroundJob(() => expireDueWins(db()), {
    everyMs: EXPIRY_SWEEP_SECONDS * 1000,
    runAtStart: true,
    failure: "Expiring wins past their deadline failed; the next sweep retries",
  });
}
