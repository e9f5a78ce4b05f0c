import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPublicProductPage } from "@/db/queries/public";
import { placements, prizes, winners } from "@/db/schema";
import { cancelReservation } from "@/lib/services/claims/cancel";
import { finaliseClaim } from "@/lib/services/claims/finalise";
import { reservePrize } from "@/lib/services/claims/reserve";
import { createPlacement } from "@/lib/services/placements/create";
import { deletePlacement } from "@/lib/services/placements/delete";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import { randomizePlacements } from "@/lib/services/placements/randomize";
import { setPlacementActive } from "@/lib/services/placements/set-active";
import { deletePrize } from "@/lib/services/prizes/delete";
import { updatePrize } from "@/lib/services/prizes/update";
import en from "@/messages/en.json";
import { place, prizeRow, seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

// The English words the API answers a caller with no language of ours.
const { holdExpired: HOLD_EXPIRED, prizeGone: PRIZE_GONE, taken: TAKEN } = en.visitor.api;

let database: ServiceDatabase;
const ctx = () => ({ db: database.db, eventId: 1 });
const claim = { name: "Mina", password: "1234" };
/** A visitor id of this test: a visitor holds one prize at a time, so tests must not share visitors. */
const v = (name: string) => `${name} in ${expect.getState().currentTestName}`;

beforeAll(async () => {
  database = await freshServiceDatabase("engine");
});
afterAll(async () => {
  await database.close();
});

/** A page with one live placement of a fresh prize. */
async function pageWithPrize(fields: Parameters<typeof seedPrize>[1] = { total: 5, daily: 5, maintenance: 1 }) {
  const [page] = await seedPages(database.db, 1);
  const prizeId = await seedPrize(database.db, fields);
  const placementId = await place(database.db, prizeId, page!.id);
  return { page: page!, prizeId, placementId };
}

async function winnersOf(prizeId: number) {
  return database.db.select().from(winners).where(eq(winners.prizeId, prizeId));
}

describe("reserve, finalise, cancel", () => {
  it("a reservation then a claim makes one winner and takes one unit", async () => {
    const { page, prizeId, placementId } = await pageWithPrize();
    const hold = await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    expect(hold.secondsLeft).toBeGreaterThan(55);
    expect(await getPublicProductPage({ db: database.db, urlPath: page.urlPath })).toMatchObject({ has_prize: true, is_reserved: true });

    const won = await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("visitor-a") } });
    expect(won.prizeId).toBe(prizeId);
    const prize = await prizeRow(database.db, prizeId);
    expect(prize.remainingQuantity).toBe(4);
    expect(prize.todayDistributed).toBe(1);
    const [winner] = await winnersOf(prizeId);
    expect(winner).toMatchObject({ name: "Mina", password: "1234", placementId, prizeName: prize.name, isReceived: false });
    const [placement] = await database.db.select().from(placements).where(eq(placements.id, placementId));
    expect(placement).toMatchObject({ isActive: false });
    expect(placement!.claimedAt).not.toBeNull();
    expect(await getPublicProductPage({ db: database.db, urlPath: page.urlPath })).toMatchObject({ has_prize: false });
  });

  it("asking again keeps the same hold and expiry; another visitor is refused", async () => {
    const { page } = await pageWithPrize();
    const first = await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    // Time passes (the hold's clock, and the end it was first given, moved back 10 s rather than waiting):
    // asking again must not extend it.
    await database.db
      .update(placements)
      .set({
        reservedUntil: sql`${placements.reservedUntil} - interval '10 seconds'`,
        holdEndsAt: sql`${placements.holdEndsAt} - interval '10 seconds'`,
      })
      .where(eq(placements.productId, page.id));
    const moved = new Date(first.reservedUntil.getTime() - 10_000);
    const again = await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    expect(again.reservedUntil).toEqual(moved);
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-b") } })).rejects.toMatchObject({
      code: "conflict",
      message: TAKEN,
    });
  });

  it("cancelling frees the prize for the next visitor, and only the holder can cancel", async () => {
    const { page } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    await cancelReservation({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-b") } });
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-b") } })).rejects.toMatchObject({
      code: "conflict",
    });
    await cancelReservation({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    await cancelReservation({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-b") } })).resolves.toBeDefined();
  });

  it("finalising without a hold is refused and writes nothing", async () => {
    const { page, prizeId } = await pageWithPrize();
    await expect(finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("nobody") } })).rejects.toMatchObject({
      code: "conflict",
      message: HOLD_EXPIRED,
    });
    expect(await winnersOf(prizeId)).toHaveLength(0);
    expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(5);
  });

  it("an expired hold is free for the next visitor, and the late visitor's claim writes nothing", async () => {
    const { page, prizeId, placementId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("slow") } });
    await database.db.update(placements).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(placements.id, placementId));
    expect(await getPublicProductPage({ db: database.db, urlPath: page.urlPath })).toMatchObject({ has_prize: true, is_reserved: false });
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("fast") } });
    await expect(finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("slow") } })).rejects.toMatchObject({
      message: HOLD_EXPIRED,
    });
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("fast") } });
    expect(await winnersOf(prizeId)).toHaveLength(1);
  });

  it("a prize switched off during the hold is not handed out, and the hold is not consumed", async () => {
    const { page, prizeId, placementId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("visitor-a") } });
    await database.db.update(prizes).set({ isActive: false }).where(eq(prizes.id, prizeId));
    await expect(
      finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("visitor-a") } }),
    ).rejects.toMatchObject({
      message: PRIZE_GONE,
    });
    expect(await winnersOf(prizeId)).toHaveLength(0);
    const [placement] = await database.db.select().from(placements).where(eq(placements.id, placementId));
    expect(placement).toMatchObject({ isActive: true, claimedAt: null });
  });

  it("an unknown page is not found", async () => {
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: "nosuchpage", visitorId: v("v") } })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("daily limit and the day boundary", () => {
  it("stops at the daily limit and starts again on a new day", async () => {
    const [first, second] = await seedPages(database.db, 2);
    const prizeId = await seedPrize(database.db, { total: 5, daily: 1, maintenance: 1 });
    await place(database.db, prizeId, first!.id);
    await place(database.db, prizeId, second!.id);
    await reservePrize({ ctx: ctx(), input: { urlPath: first!.urlPath, visitorId: v("a") } });
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: first!.urlPath, visitorId: v("a") } });

    expect(await getPublicProductPage({ db: database.db, urlPath: second!.urlPath })).toMatchObject({ has_prize: false });
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: second!.urlPath, visitorId: v("b") } })).rejects.toMatchObject({
      code: "conflict",
    });

    // Yesterday's count: the stored 1 was written for another date, so today reads as 0.
    await database.db.update(prizes).set({ distributedOn: sql`current_date - 1` }).where(eq(prizes.id, prizeId));
    expect(await getPublicProductPage({ db: database.db, urlPath: second!.urlPath })).toMatchObject({ has_prize: true });
    await reservePrize({ ctx: ctx(), input: { urlPath: second!.urlPath, visitorId: v("b") } });
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: second!.urlPath, visitorId: v("b") } });
    const prize = await prizeRow(database.db, prizeId);
    expect(prize.todayDistributed).toBe(1);
    expect(prize.remainingQuantity).toBe(3);
  });

  it("an out-of-stock prize is not offered", async () => {
    const { page } = await pageWithPrize({ total: 3, remaining: 0, daily: 3, maintenance: 1 });
    expect(await getPublicProductPage({ db: database.db, urlPath: page.urlPath })).toMatchObject({ has_prize: false });
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("a") } })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});

describe("manual placements", () => {
  it("refuses an inactive prize, no stock, a taken page and a prize at its target", async () => {
    const [a, b, c] = await seedPages(database.db, 3);
    const inactive = await seedPrize(database.db, { total: 5, active: false });
    const empty = await seedPrize(database.db, { total: 5, remaining: 0 });
    const oneSlot = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 1 });
    // The services throw message keys (said in the caller's language by the route).
    const nonField = (key: string) => ({ fields: { non_field_errors: [expect.objectContaining({ key })] } });
    await expect(createPlacement({ ctx: ctx(), input: { prize: inactive, product: a!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.prizeInactive"),
    );
    await expect(createPlacement({ ctx: ctx(), input: { prize: empty, product: a!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.outOfStock"),
    );
    await createPlacement({ ctx: ctx(), input: { prize: oneSlot, product: a!.id, is_active: true } });
    await expect(createPlacement({ ctx: ctx(), input: { prize: oneSlot, product: b!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.targetReached"),
    );
    const other = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 2 });
    await expect(createPlacement({ ctx: ctx(), input: { prize: other, product: a!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.pageHasPrize"),
    );
    const off = await createPlacement({ ctx: ctx(), input: { prize: other, product: c!.id, is_active: false } });
    await setPlacementActive({ ctx: ctx(), input: { id: off.id, is_active: true } });
    await expect(createPlacement({ ctx: ctx(), input: { prize: 999999, product: b!.id, is_active: true } })).rejects.toMatchObject({
      fields: { prize: [expect.objectContaining({ key: "errors.placements.existingPrize" })] },
    });
  });

  it("a held placement cannot be switched off or deleted, nor its prize deleted", async () => {
    const { page, prizeId, placementId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("holder") } });
    await expect(setPlacementActive({ ctx: ctx(), input: { id: placementId, is_active: false } })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(deletePlacement({ ctx: ctx(), input: { id: placementId } })).rejects.toMatchObject({ code: "conflict" });
    await expect(deletePrize({ ctx: ctx(), input: { id: prizeId } })).rejects.toMatchObject({ code: "conflict" });
    await cancelReservation({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("holder") } });
    await deletePlacement({ ctx: ctx(), input: { id: placementId } });
    await expect(deletePlacement({ ctx: ctx(), input: { id: placementId } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("deleting a prize keeps its winners, with the prize name", async () => {
    const { page, prizeId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("w") } });
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("w") } });
    const [before] = await winnersOf(prizeId);
    await deletePrize({ ctx: ctx(), input: { id: prizeId } });
    const [after] = await database.db.select().from(winners).where(eq(winners.id, before!.id));
    expect(after).toMatchObject({ prizeId: null, prizeName: before!.prizeName, name: "Mina" });
  });
});

describe("after a win", () => {
  it("a won placement is not 'held': the admin can switch it off or delete it", async () => {
    const { page, placementId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("w") } });
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("w") } });
    await deletePlacement({ ctx: ctx(), input: { id: placementId } });
  });

  it("the same claim sent again (its answer lost on the way) gets the same win, not a second one", async () => {
    const { page, prizeId } = await pageWithPrize();
    await reservePrize({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: v("retry") } });
    const first = await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("retry") } });
    const again = await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: v("retry") } });
    expect(first.repeated).toBe(false);
    expect(again).toEqual({ ...first, repeated: true });
    expect(await winnersOf(prizeId)).toHaveLength(1);
    expect((await prizeRow(database.db, prizeId)).remainingQuantity).toBe(4);
  });
});

describe("random placement and maintenance", () => {
  /** Every page free and earlier prizes switched off, so each test starts from a known state. */
  async function clearPlacements() {
    await database.db.delete(placements).where(eq(placements.isActive, true));
    await database.db.update(prizes).set({ isActive: false });
  }

  it("places up to the target and never more: min(maintenance, remaining, daily left)", async () => {
    await clearPlacements();
    await seedPages(database.db, 10);
    const prizeId = await seedPrize(database.db, { total: 10, remaining: 2, daily: 5, maintenance: 4 });
    const result = await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: false, prize_id: prizeId } });
    expect(result.placed).toBe(2);
    const again = await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: false, prize_id: prizeId } });
    expect(again.placed).toBe(0);
    const live = await database.db
      .select()
      .from(placements)
      .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
    expect(live).toHaveLength(2);
  });

  it("chooses uniformly among free pages only", async () => {
    await clearPlacements();
    // Fill every existing page with a blocker, then add exactly four free pages.
    const blocker = await seedPrize(database.db, { total: 1000, daily: 1000, maintenance: 1000 });
    await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: false, prize_id: blocker } });
    const free = await seedPages(database.db, 4, "Free");
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 1 });
    const hits = new Map<number, number>();
    const rounds = 200;
    for (let round = 0; round < rounds; round += 1) {
      await randomizePlacements({ ctx: ctx(), input: { reset: true, maintenance_mode: false, prize_id: prizeId } });
      const [live] = await database.db
        .select({ productId: placements.productId })
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
      hits.set(live!.productId, (hits.get(live!.productId) ?? 0) + 1);
    }
    expect([...hits.keys()].sort()).toEqual(free.map((page) => page.id).sort());
    // Expected 50 each (standard deviation 6.1); 26..74 is 4 standard deviations wide, so this only fails if biased.
    for (const count of hits.values()) {
      expect(count).toBeGreaterThan(25);
      expect(count).toBeLessThan(75);
    }
  }, 60_000);

  it("reset clears unheld placements in scope but spares a held one, and reports pages it lacked", async () => {
    await clearPlacements();
    const pages = await seedPages(database.db, 2);
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 2 });
    const heldId = await place(database.db, prizeId, pages[0]!.id);
    await place(database.db, prizeId, pages[1]!.id);
    await reservePrize({ ctx: ctx(), input: { urlPath: pages[0]!.urlPath, visitorId: v("holder") } });
    const result = await randomizePlacements({ ctx: ctx(), input: { reset: true, maintenance_mode: true, prize_id: prizeId } });
    expect(result.cleared).toBe(1);
    const [held] = await database.db.select().from(placements).where(eq(placements.id, heldId));
    expect(held).toMatchObject({ isActive: true, reservedBy: v("holder") });
    // Target 2, one held: the cleared slot is placed again on a free page.
    expect(result.placed).toBe(1);
    expect(result.missing).toBe(0);
  });

  it("the maintenance tick tops prizes up, and an admin stock cut trims unheld placements", async () => {
    await clearPlacements();
    await seedPages(database.db, 6);
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 3 });
    await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: true, prize_id: null } });
    await database.db.delete(placements).where(eq(placements.prizeId, prizeId));
    const tick = await runMaintenanceTick(database.db);
    expect(tick.ran).toBe(true);
    const live = () =>
      database.db
        .select()
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
    expect(await live()).toHaveLength(3);
    const prize = await prizeRow(database.db, prizeId);
    await updatePrize({
      ctx: ctx(),
      input: {
        id: prizeId,
        name: prize.name,
        description: "",
        total_quantity: 10,
        remaining_quantity: 1,
        daily_distribution: 10,
        maintenance_count: 3,
        is_active: true,
        hourly_limit: null,
        remove_image: false,
      },
    });
    expect(await live()).toHaveLength(1);
  });

  it("a placement that was held when its prize was switched off is trimmed by the tick after the hold", async () => {
    await clearPlacements();
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 1 });
    const [page] = await seedPages(database.db, 1, "Held", [prizeId]);
    await reservePrize({ ctx: ctx(), input: { urlPath: page!.urlPath, visitorId: v("holder") } });
    const prize = await prizeRow(database.db, prizeId);
    await updatePrize({
      ctx: ctx(),
      input: {
        id: prizeId,
        name: prize.name,
        description: "",
        total_quantity: 10,
        remaining_quantity: 10,
        daily_distribution: 10,
        maintenance_count: 1,
        is_active: false,
        hourly_limit: null,
        remove_image: false,
      },
    });
    const liveOn = () =>
      database.db
        .select()
        .from(placements)
        .where(and(eq(placements.productId, page!.id), eq(placements.isActive, true)));
    expect(await liveOn()).toHaveLength(1); // held: left alone
    await database.db.update(placements).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(placements.productId, page!.id));
    await runMaintenanceTick(database.db);
    expect(await liveOn()).toHaveLength(0);
  });

  it("ticks, random placements, manual placements and claims at the same time neither fail nor overfill", async () => {
    await clearPlacements();
    const prizeIds = [
      await seedPrize(database.db, { total: 50, daily: 50, maintenance: 4 }),
      await seedPrize(database.db, { total: 50, daily: 50, maintenance: 4 }),
      await seedPrize(database.db, { total: 50, daily: 50, maintenance: 4 }),
    ];
    const pages = await seedPages(database.db, 10, "Busy");
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round += 1) {
      work.push(runMaintenanceTick(database.db));
      work.push(
        randomizePlacements({ ctx: ctx(), input: { reset: round % 2 === 0, maintenance_mode: true, prize_id: prizeIds[round % 3]! } }),
      );
      work.push(
        createPlacement({ ctx: ctx(), input: { prize: prizeIds[round % 3]!, product: pages[round]!.id, is_active: true } }).catch(
          (error: { code?: string }) => {
            if (error.code !== "validation") throw error; // a refused placement (page taken, at target) is fine
          },
        ),
      );
    }
    await Promise.all(work);
    for (const prizeId of prizeIds) {
      const live = await database.db
        .select()
        .from(placements)
        .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
      expect(live.length).toBeLessThanOrEqual(4);
    }
  }, 60_000);
});
