import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db";
import { type EventRef, eventState } from "@/db/prize-rules";
import { prizes, settings } from "@/db/schema";
import { describeError, log } from "@/lib/log";
import { retryingTransaction } from "../transaction";
import { lockPlacementWrites, topUpPrize } from "./top-up";

/**
 * In maintenance mode, places prizes again up to their targets: after a win, and after an admin change that
 * may raise a target (new prize, stock added, daily reset). Best effort: it runs after the change has
 * committed, so it never delays or undoes that change; a failure is logged and the 30-second tick retries.
 *
 * Under a crowd, every win asks for a top-up of its prize, and all of them would queue for the
 * placement-writes lock, the organiser's random placement behind them (3-5 s under 300 visitors). So a
 * top-up that has not yet begun is shared: a change that asks for one while another is waiting for the
 * lock adds its prizes to it (that one reads the prizes after this change committed), and each process
 * has at most one top-up waiting per database pool.
 */
export function replenishPrizes(db: Db, prizeIds: number[]): Promise<void> {
  if (prizeIds.length === 0) return Promise.resolve();
  const waiting = waitingTopUps.get(db);
  if (waiting) {
    for (const prizeId of prizeIds) waiting.prizeIds.add(prizeId);
    return waiting.done;
  }
  const batch: WaitingTopUp = { prizeIds: new Set(prizeIds), done: Promise.resolve() };
  waitingTopUps.set(db, batch);
  const started = () => {
    if (waitingTopUps.get(db) === batch) waitingTopUps.delete(db);
  };
  batch.done = replenish(db, batch.prizeIds, started).finally(started);
  return batch.done;
}

export function replenishPrize(db: Db, prizeId: number): Promise<void> {
  return replenishPrizes(db, [prizeId]);
}

type WaitingTopUp = { prizeIds: Set<number>; done: Promise<void> };
const waitingTopUps = new WeakMap<Db, WaitingTopUp>();

/**
 * `started` is called once the lock is held: from then on the set is read, and a later change needs a
 * top-up of its own.
 */
async function replenish(db: Db, prizeIds: ReadonlySet<number>, started: () => void): Promise<void> {
  try {
    await retryingTransaction(db, async (tx) => {
      // Asked twice: first so that a win with maintenance off never waits for the placement lock, then again
      // under it, so that nothing is placed once switching maintenance off has committed (settings/update.ts).
      // The prizes' event (a top-up follows a change to prizes of one event).
      const event = sql<number>`(select ${prizes.eventId} from ${prizes} where ${prizes.id} = ${Math.min(...prizeIds)})`;
      if (!(await placingByItselfAllowed(tx, event))) return;
      await lockPlacementWrites(tx);
      started();
      if (!(await placingByItselfAllowed(tx, event))) return;
      // Prize rows in id order, as every path locks them (../README.md).
      for (const prizeId of [...prizeIds].sort((a, b) => a - b)) await topUpPrize(tx, prizeId);
    });
  } catch (error) {
    log("warn", "Placing a prize again failed; the maintenance tick will retry", {
      prizeIds: [...prizeIds],
      ...describeError(error, false),
    });
  }
}

/**
 * Maintenance mode is on and the event open (nothing is placed by itself outside its hours or while
 * paused), read afresh: each statement of a read-committed transaction sees the latest commit.
 */
export async function placingByItselfAllowed(tx: Queryable, event: EventRef): Promise<boolean> {
  const [current] = await tx
    .select({ allowed: sql<boolean>`${settings.maintenanceMode} and ${eventState(event)} = 'open'` })
    .from(settings)
    .where(eq(settings.id, event));
  return current?.allowed ?? false;
}
