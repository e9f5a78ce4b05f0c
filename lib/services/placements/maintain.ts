import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/db";
import { settings } from "@/db/schema";
import { describeError, log } from "@/lib/log";
import { retryingTransaction } from "../transaction";
import { lockPlacementWrites, topUpPrize } from "./top-up";

/**
 * In maintenance mode, places a prize again up to its target: after a win, and after an admin change that
 * may raise the target (new prize, stock added, daily reset). Best effort: it runs after the change has
 * committed, so it never delays or undoes that change; a failure is logged and the 30-second tick retries.
 *
 * Under a crowd, every win asks for a top-up of its prize, and all of them queue for the placement-writes
 * lock, the organiser's random placement behind them (3-5 s under 300 visitors). So a top-up that has not
 * yet begun is shared: a change that asks for one while another is waiting for the lock is covered by
 * it (that one reads the prize after this change committed), and the queue holds at most one waiting
 * top-up per prize and process.
 */
export function replenishPrize(db: Db, prizeId: number): Promise<void> {
  const waiting = waitingTopUps(db);
  const shared = waiting.get(prizeId);
  if (shared) return shared;
  const started = () => {
    if (waiting.get(prizeId) === topUp) waiting.delete(prizeId);
  };
  const topUp = replenish(db, [prizeId], started).finally(started);
  waiting.set(prizeId, topUp);
  return topUp;
}

/** replenishPrize for several prizes (a daily reset of all of them): one transaction, the lock taken once. */
export function replenishPrizes(db: Db, prizeIds: number[]): Promise<void> {
  return replenish(db, prizeIds, () => {});
}

const waitingByDatabase = new WeakMap<Db, Map<number, Promise<void>>>();
function waitingTopUps(db: Db): Map<number, Promise<void>> {
  const known = waitingByDatabase.get(db);
  if (known) return known;
  const waiting = new Map<number, Promise<void>>();
  waitingByDatabase.set(db, waiting);
  return waiting;
}

/** `started` is called once the lock is held: from then on, a later change needs a top-up of its own. */
async function replenish(db: Db, prizeIds: number[], started: () => void): Promise<void> {
  if (prizeIds.length === 0) return;
  try {
    await retryingTransaction(db, async (tx) => {
      // Asked twice: first so that a win with maintenance off never waits for the placement lock, then again
      // under it, so that nothing is placed once switching maintenance off has committed (settings/update.ts).
      if (!(await maintenanceModeOn(tx))) return;
      await lockPlacementWrites(tx);
      started();
      if (!(await maintenanceModeOn(tx))) return;
      // Prize rows in id order, as every path locks them (../README.md).
      for (const prizeId of [...prizeIds].sort((a, b) => a - b)) await topUpPrize(tx, prizeId);
    });
  } catch (error) {
    log("warn", "Placing a prize again failed; the maintenance tick will retry", { prizeIds, ...describeError(error, false) });
  }
}

/** The stored setting, read afresh (each statement of a read-committed transaction sees the latest commit). */
export async function maintenanceModeOn(tx: Queryable): Promise<boolean> {
  const [current] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
  return current?.maintenanceMode ?? false;
}
