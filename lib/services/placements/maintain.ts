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
 */
export async function replenishPrize(db: Db, prizeId: number): Promise<void> {
  try {
    await retryingTransaction(db, async (tx) => {
      // Asked twice: first so that a win with maintenance off never waits for the placement lock, then again
      // under it, so that nothing is placed once switching maintenance off has committed (settings/update.ts).
      if (!(await maintenanceModeOn(tx))) return;
      await lockPlacementWrites(tx);
      if (!(await maintenanceModeOn(tx))) return;
      await topUpPrize(tx, prizeId);
    });
  } catch (error) {
    log("warn", "Placing a prize again failed; the maintenance tick will retry", { prizeId, ...describeError(error, false) });
  }
}

/** The stored setting, read afresh (each statement of a read-committed transaction sees the latest commit). */
export async function maintenanceModeOn(tx: Queryable): Promise<boolean> {
  const [current] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
  return current?.maintenanceMode ?? false;
}
