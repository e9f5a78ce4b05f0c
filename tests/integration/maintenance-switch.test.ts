import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "@/db";
import { placements, settings } from "@/db/schema";
import { replenishPrize } from "@/lib/services/placements/maintain";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import { lockPlacementWrites } from "@/lib/services/placements/top-up";
import { updateSettings } from "@/lib/services/settings/update";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";
import { TEST_TIME_ZONE } from "../support/test-database";
import { describePostgresOnly } from "./postgres-only";

let database: ServiceDatabase;

/** Waits until `count` sessions hold (granted) or wait for an advisory lock: the placement-writes lock, here. */
async function sessionsOnLock(granted: boolean, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await database.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_locks`)
      .where(sql`locktype = 'advisory' and granted = ${granted}`);
    if ((row?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} sessions ${granted ? "holding" : "waiting for"} the placement lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Two sessions contending for one lock: the embedded database has one session only.
describePostgresOnly(import.meta.filename, "switching maintenance mode off", () => {
  beforeAll(async () => {
    database = await freshServiceDatabase("maintenance_switch");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("waits for a top-up under way; a tick or replenish that saw it on before then places nothing", async () => {
    await database.db.update(settings).set({ maintenanceMode: true });
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 2 });
    await seedPages(database.db, 4, "Switch");

    // Another session holds the placement-writes lock: an admin's manual placement, say, under way.
    const other = openDatabase({ kind: "postgres", url: database.url! }, { timeZone: TEST_TIME_ZONE });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = other.db.transaction(async (tx) => {
      await lockPlacementWrites(tx);
      await released;
    });
    try {
      await sessionsOnLock(true, 1);
      // The switch queues first; then a tick and a replenish, which both read "on" (nothing committed yet).
      const switchedOff = updateSettings({ ctx: { db: database.db }, input: { maintenance_mode: false } });
      await sessionsOnLock(false, 1);
      const tick = runMaintenanceTick(database.db);
      const replenish = replenishPrize(database.db, prizeId);
      await sessionsOnLock(false, 3);
      release();
      await holding;
      expect((await switchedOff).maintenance_mode).toBe(false);
      expect(await tick).toEqual({ ran: false, placed: 0 });
      await replenish;
      const live = await database.db
        .select({ id: placements.id })
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
      expect(live).toHaveLength(0);
    } finally {
      release();
      await holding.catch(() => {});
      await other.close();
    }
  });
});
