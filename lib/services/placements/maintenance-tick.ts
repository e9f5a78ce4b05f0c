import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { events, prizes, settings } from "@/db/schema";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { retryingTransaction } from "../transaction";
import { placingByItselfAllowed } from "./maintain";
import { lockPlacementWrites, topUpPrize, trimPlacements } from "./top-up";

const TICK_SECONDS = 30;
// Any constant works; it only has to be the same in every instance of this app.
const TICK_LOCK_KEY = 7_301_994_002;

/**
 * In maintenance mode, while the event is open, brings every prize to its target: a new day's budget is placed at midnight without
 * anyone clicking, a failed top-up is retried, and placements above a lowered target are trimmed. One instance at a
 * time: the others find the transaction-scoped advisory lock taken and skip this round.
 */
export async function runMaintenanceTick(db: Db): Promise<{ ran: boolean; placed: number }> {
  return retryingTransaction(db, async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${TICK_LOCK_KEY})` })
      .from(events)
      .where(eq(events.isDefault, true));
    if (!lock?.locked) return { ran: false, placed: 0 };
    // Every event placing by itself, in one pass.
    const placing = await tx.select({ id: settings.id }).from(settings).where(sql`${settings.maintenanceMode}`).orderBy(asc(settings.id));
    if (placing.length === 0) return { ran: false, placed: 0 };
    await lockPlacementWrites(tx);
    let ran = false;
    let placed = 0;
    for (const event of placing) {
      // Again under the lock: switched off meanwhile (settings/update.ts), this round places nothing for it.
      if (!(await placingByItselfAllowed(tx, event.id))) continue;
      ran = true;
      // Every prize of the event, inactive ones too: a placement that was held when its target fell is trimmed now.
      const all = await tx
        .select({ id: prizes.id, isActive: prizes.isActive })
        .from(prizes)
        .where(eq(prizes.eventId, event.id))
        .orderBy(asc(prizes.id));
      for (const prize of all) {
        await trimPlacements(tx, prize.id);
        if (prize.isActive) placed += (await topUpPrize(tx, prize.id)).placed;
      }
    }
    return { ran, placed };
  });
}

/**
 * Starts the periodic tick in this process, the first TICK_SECONDS from now. `db` is asked each time: the
 * database's pools are replaced when the event's time zone changes.
 */
export function startMaintenanceTicker(db: () => Db): BackgroundJob {
  return startBackgroundJob(() => runMaintenanceTick(db()), {
    everyMs: TICK_SECONDS * 1000,
    failure: "Maintenance tick failed; the next one retries",
  });
}
