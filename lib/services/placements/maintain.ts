import { eq } from "drizzle-orm";
import type { Db } from "@/db";
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
      const [current] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
      if (!current?.maintenanceMode) return;
      await lockPlacementWrites(tx);
      await topUpPrize(tx, prizeId);
    });
  } catch (error) {
    log("warn", "Placing a prize again failed; the maintenance tick will retry", { prizeId, ...describeError(error, false) });
  }
}
