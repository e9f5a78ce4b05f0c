import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { settings } from "@/db/schema";
import { topUpPrize, trimPlacements } from "./top-up";

/**
 * After an admin change to a prize: trim placements above a lowered target, and, in maintenance mode,
 * top up to a raised one. Runs in its own transaction after the change has committed.
 */
export async function rebalancePrize(db: Db, prizeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await trimPlacements(tx, prizeId);
    const [current] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1));
    if (current?.maintenanceMode) await topUpPrize(tx, prizeId);
  });
}
