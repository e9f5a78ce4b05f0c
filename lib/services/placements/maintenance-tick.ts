import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { prizes, settings } from "@/db/schema";
import { topUpPrize } from "./top-up";

export const TICK_SECONDS = 30;
// Any constant works; it only has to be the same in every instance of this app.
const TICK_LOCK_KEY = 7_301_994_002;

/**
 * In maintenance mode, tops every active prize up to its target: a new day's budget is placed at midnight
 * without anyone clicking, and a top-up that lost a page to another prize is retried. One instance at a
 * time: the others find the transaction-scoped advisory lock taken and skip this round.
 */
export async function runMaintenanceTick(db: Db): Promise<{ ran: boolean; placed: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${TICK_LOCK_KEY})`, maintenanceMode: settings.maintenanceMode })
      .from(settings)
      .where(eq(settings.id, 1));
    if (!row?.locked || !row.maintenanceMode) return { ran: false, placed: 0 };
    const active = await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.isActive, true)).orderBy(asc(prizes.id));
    let placed = 0;
    for (const prize of active) placed += (await topUpPrize(tx, prize.id)).placed;
    return { ran: true, placed };
  });
}

/** Starts the periodic tick in this process; it never keeps the process alive on its own. */
export function startMaintenanceTicker(db: Db): void {
  const timer = setInterval(() => {
    runMaintenanceTick(db).catch((error) => console.error("Maintenance tick failed:", error));
  }, TICK_SECONDS * 1000);
  timer.unref();
}
