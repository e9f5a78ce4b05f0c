import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/db";
import { settings } from "@/db/schema";
import { topUpPrize, trimPlacements } from "./top-up";

async function maintenanceModeOn(tx: Queryable): Promise<boolean> {
  const [current] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
  return current?.maintenanceMode ?? false;
}

/**
 * After an admin change to a prize: trim placements above a lowered target, and, in maintenance mode,
 * top up to a raised one. Runs in its own transaction after the change has committed.
 */
export async function rebalancePrize(db: Db, prizeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await trimPlacements(tx, prizeId);
    if (await maintenanceModeOn(tx)) await topUpPrize(tx, prizeId);
  });
}

/**
 * After a win: in maintenance mode, place the prize again elsewhere. (A claim lowers the live count with
 * the target, so there is never anything to trim.)
 */
export async function replenishAfterClaim(db: Db, prizeId: number): Promise<void> {
  if (!(await maintenanceModeOn(db))) return;
  await db.transaction((tx) => topUpPrize(tx, prizeId));
}
