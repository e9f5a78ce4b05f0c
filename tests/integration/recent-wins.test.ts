import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements, winners } from "@/db/schema";
import { randomizePlacements } from "@/lib/services/placements/randomize";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

let database: ServiceDatabase;

beforeAll(async () => {
  database = await freshServiceDatabase("recent_wins");
});

afterAll(async () => {
  await database.close();
});

async function wonOn(productId: number, minutesAgo: number) {
  await database.db.insert(winners).values({
    name: "Earlier",
    password: "1234",
    productId,
    prizeName: "Earlier prize",
    productName: "Stand",
    createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
  });
}

async function placeAgain(prizeId: number): Promise<number[]> {
  const ctx = { db: database.db, eventId: 1 };
  await randomizePlacements({ ctx, input: { reset: true, maintenance_mode: false, prize_id: prizeId } });
  const live = await database.db
    .select({ productId: placements.productId })
    .from(placements)
    .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
  return live.map((row) => row.productId);
}

describe("random placement and top-ups pass over pages won on in the last 10 minutes", () => {
  it("while another free page exists, never places on the page that was just won on", async () => {
    const [justWon, other] = await seedPages(database.db, 2, "Recent");
    const prizeId = await seedPrize(database.db, { total: 50, daily: 50, maintenance: 1 });
    await wonOn(justWon!.id, 1);
    for (let run = 0; run < 20; run += 1) expect(await placeAgain(prizeId)).toEqual([other!.id]);
  });

  it("uses a recently won page when no other page is free, and forgets a win after 10 minutes", async () => {
    const [first, second] = await seedPages(database.db, 2, "Busy");
    const prizeId = await seedPrize(database.db, { total: 50, daily: 50, maintenance: 2 });
    await wonOn(first!.id, 1);
    await wonOn(second!.id, 11);
    // Free pages now: `first` and the first test's `justWon` (both won on a minute ago) and `second` (won on
    // 11 minutes ago, no longer passed over). Two placements: `second` always, then a recent one, as
    // nothing else is free.
    for (let run = 0; run < 10; run += 1) {
      const placed = await placeAgain(prizeId);
      expect(placed).toHaveLength(2);
      expect(placed).toContain(second!.id);
    }
  });
});
