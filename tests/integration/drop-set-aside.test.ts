import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { placements, prizes, products } from "@/db/schema";
import { createPlacement } from "@/lib/services/placements/create";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import { randomizePlacements } from "@/lib/services/placements/randomize";
import { setPlacementActive } from "@/lib/services/placements/set-active";
import { updatePrize } from "@/lib/services/prizes/update";
import { signedInClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { place, prizeRow, seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

/**
 * A drop scheduled by hand is set aside apart from automatic placement (server-behaviour.md, "Field fixes,
 * second round"): it does not count against "Pages at once", automatic placement never takes its unit, and
 * its page gets no other prize before it drops. Services on a database of this file's own (random placement
 * and the tick act on every prize), then the words the API answers, on the shared server.
 */
let database: ServiceDatabase;
const ctx = () => ({ db: database.db, eventId: 1 });
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
const nonField = (key: string) => ({ fields: { non_field_errors: [expect.objectContaining({ key })] } });

beforeAll(async () => {
  database = await freshServiceDatabase("set-aside");
});
afterAll(async () => {
  await database.close();
});

/** No pages and earlier prizes switched off: random placement and the tick see this test's prize and pages alone. */
async function startClean() {
  await database.db.delete(products);
  await database.db.update(prizes).set({ isActive: false });
}

async function liveOf(prizeId: number) {
  return database.db
    .select({ id: placements.id, productId: placements.productId, setAside: placements.setAside })
    .from(placements)
    .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
}

describe("a drop scheduled by hand", () => {
  it("does not count against Pages at once: a prize at its target still takes a drop, and a drop leaves room for a live placement", async () => {
    await startClean();
    const pages = await seedPages(database.db, 4, "Pages at once");
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 1 });
    await createPlacement({ ctx: ctx(), input: { prize: prizeId, product: pages[0]!.id, is_active: true } });
    const drop = await createPlacement({
      ctx: ctx(),
      input: { prize: prizeId, product: pages[1]!.id, is_active: true, drops_at: inTenMinutes() },
    });
    const second = await createPlacement({
      ctx: ctx(),
      input: { prize: prizeId, product: pages[2]!.id, is_active: true, drops_at: inTenMinutes(), announce: false },
    });
    expect(await liveOf(prizeId)).toEqual(
      expect.arrayContaining([
        { id: drop.id, productId: pages[1]!.id, setAside: true },
        { id: second.id, productId: pages[2]!.id, setAside: true },
      ]),
    );
    // Pages at once (1) still limits what is live at once outside the drops, and says what to do.
    await expect(createPlacement({ ctx: ctx(), input: { prize: prizeId, product: pages[3]!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.targetReached"),
    );

    // The other way round: the drop first, then the prize's one live placement.
    await startClean();
    const more = await seedPages(database.db, 2, "Drop first");
    const another = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 1 });
    await createPlacement({ ctx: ctx(), input: { prize: another, product: more[0]!.id, is_active: true, drops_at: inTenMinutes() } });
    await createPlacement({ ctx: ctx(), input: { prize: another, product: more[1]!.id, is_active: true } });
    expect(await liveOf(another)).toHaveLength(2);
  });

  it("stays within the stock and today's budget, drops included, and says what to do when they are used", async () => {
    await startClean();
    const pages = await seedPages(database.db, 4, "Budget");
    const stock = await seedPrize(database.db, { total: 2, daily: 2, maintenance: 1 });
    await createPlacement({ ctx: ctx(), input: { prize: stock, product: pages[0]!.id, is_active: true } });
    await createPlacement({ ctx: ctx(), input: { prize: stock, product: pages[1]!.id, is_active: true, drops_at: inTenMinutes() } });
    await expect(
      createPlacement({ ctx: ctx(), input: { prize: stock, product: pages[2]!.id, is_active: true, drops_at: inTenMinutes() } }),
    ).rejects.toMatchObject(nonField("errors.placements.stockAllPlaced"));
    const today = await seedPrize(database.db, { total: 10, daily: 1, maintenance: 1 });
    await createPlacement({ ctx: ctx(), input: { prize: today, product: pages[2]!.id, is_active: true, drops_at: inTenMinutes() } });
    await expect(createPlacement({ ctx: ctx(), input: { prize: today, product: pages[3]!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.todayAllPlaced"),
    );
  });

  it("automatic placement never takes the unit it sets aside: random placement, the tick and a random reset leave it to the drop", async () => {
    await startClean();
    await seedPages(database.db, 6, "Set aside");
    // Two in stock, Pages at once 2: with one set aside for the drop, automatic placement has one left.
    const prizeId = await seedPrize(database.db, { total: 2, daily: 2, maintenance: 2 });
    const [dropPage] = await seedPages(database.db, 1, "Drop page");
    const drop = await createPlacement({
      ctx: ctx(),
      input: { prize: prizeId, product: dropPage!.id, is_active: true, drops_at: inTenMinutes() },
    });
    const random = await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: true, prize_id: prizeId } });
    expect(random.placed).toBe(1);
    expect((await runMaintenanceTick(database.db)).placed).toBe(0);
    expect(await liveOf(prizeId)).toHaveLength(2);
    // A random placement with reset clears what automatic placement made, never the drop still to come.
    const reset = await randomizePlacements({ ctx: ctx(), input: { reset: true, maintenance_mode: true, prize_id: prizeId } });
    expect(reset.cleared).toBe(1);
    expect(reset.placed).toBe(1);
    expect((await liveOf(prizeId)).filter((live) => live.setAside)).toEqual([{ id: drop.id, productId: dropPage!.id, setAside: true }]);

    // One in stock and it is set aside: random placement places nothing and says why, the tick nothing.
    await startClean();
    const single = await seedPrize(database.db, { total: 1, daily: 1, maintenance: 1 });
    const [singleDropPage] = await seedPages(database.db, 1, "Single drop");
    await createPlacement({ ctx: ctx(), input: { prize: single, product: singleDropPage!.id, is_active: true, drops_at: inTenMinutes() } });
    const nothing = await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: true, prize_id: single } });
    expect(nothing.placed).toBe(0);
    expect(nothing.detail[0]).toMatchObject({ key: "errors.placements.randomAllAtTarget" });
    expect((await runMaintenanceTick(database.db)).placed).toBe(0);
    expect(await liveOf(single)).toHaveLength(1);
  });

  it("a stock cut trims automatic placements first and keeps the drop while its unit is in stock", async () => {
    await startClean();
    await seedPages(database.db, 4, "Trim");
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 2 });
    const [dropPage] = await seedPages(database.db, 1, "Trim drop");
    const drop = await createPlacement({
      ctx: ctx(),
      input: { prize: prizeId, product: dropPage!.id, is_active: true, drops_at: inTenMinutes() },
    });
    await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: false, prize_id: prizeId } });
    expect(await liveOf(prizeId)).toHaveLength(3);
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
        maintenance_count: 2,
        is_active: true,
        hourly_limit: null,
        remove_image: false,
      },
    });
    expect(await liveOf(prizeId)).toEqual([{ id: drop.id, productId: dropPage!.id, setAside: true }]);
  });

  it("keeps its page until it drops: no other prize by hand, by switching one on, or at random, and the refusal names the drop", async () => {
    await startClean();
    const prizeId = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 5, name: "Golden ticket" });
    const other = await seedPrize(database.db, { total: 10, daily: 10, maintenance: 5 });
    const [dropPage] = await seedPages(database.db, 1, "Kept page");
    await createPlacement({ ctx: ctx(), input: { prize: prizeId, product: dropPage!.id, is_active: true, drops_at: inTenMinutes() } });
    const refusal = { fields: { non_field_errors: [expect.objectContaining({ key: "errors.placements.pageHasDrop" })] } };
    await expect(createPlacement({ ctx: ctx(), input: { prize: other, product: dropPage!.id, is_active: true } })).rejects.toMatchObject(
      refusal,
    );
    await expect(
      createPlacement({ ctx: ctx(), input: { prize: other, product: dropPage!.id, is_active: true, drops_at: inTenMinutes() } }),
    ).rejects.toMatchObject(refusal);
    const off = await createPlacement({ ctx: ctx(), input: { prize: other, product: dropPage!.id, is_active: false } });
    await expect(setPlacementActive({ ctx: ctx(), input: { id: off.id, is_active: true } })).rejects.toMatchObject(refusal);
    // The drop's page is the only page: random placement finds none free.
    const random = await randomizePlacements({ ctx: ctx(), input: { reset: false, maintenance_mode: false, prize_id: other } });
    expect(random).toMatchObject({ placed: 0, missing: 5 });
    expect(random.detail[0]).toMatchObject({ key: "errors.placements.randomNoFreePage" });
    const onPage = await database.db
      .select({ prizeId: placements.prizeId })
      .from(placements)
      .where(and(eq(placements.productId, dropPage!.id), eq(placements.isActive, true)));
    expect(onPage).toEqual([{ prizeId }]);
    // A page with a live prize (no drop) is refused with that prize's name.
    const [taken] = await seedPages(database.db, 1, "Taken page");
    await place(database.db, other, taken!.id);
    await expect(createPlacement({ ctx: ctx(), input: { prize: prizeId, product: taken!.id, is_active: true } })).rejects.toMatchObject(
      nonField("errors.placements.pageHasPrize"),
    );
  });
});

describe("the words of a refusal, in English and Korean", () => {
  it("POST /api/prize-distributions/: a prize at its Pages at once is told how to place more, and that a drop is still possible", async () => {
    const admin = await signedInClient(inject("baseUrl"), TEST_ADMIN);
    // Off while this runs: a top-up could otherwise put the prize on a page before the test places it.
    const maintenanceBefore = await setMaintenanceMode(admin, false);
    onTestFinished(() => setMaintenanceMode(admin, maintenanceBefore).then(() => undefined));
    const prize = await createPrizeViaApi(admin, { name: "Words tote", total: 5, daily: 5, maintenance: 1 });
    const first = await createProduct(admin, { name: "Words stand one" });
    const second = await createProduct(admin, { name: "Words stand two" });
    expect((await admin.post("/api/prize-distributions/", { prize: prize.id, product: first.id, is_active: true })).status).toBe(201);
    const english = await admin.post("/api/prize-distributions/", { prize: prize.id, product: second.id, is_active: true });
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({
      non_field_errors: [
        "This prize already has its target of 1 live placement. To have it on more pages at once, raise its “Pages at once” on the prizes screen, or take one of its placements off first. A scheduled drop does not count towards it: you can still schedule one.",
      ],
    });
    const korean = await admin.request("POST", "/api/prize-distributions/", {
      json: { prize: prize.id, product: second.id, is_active: true },
      headers: { "accept-language": "ko-KR" },
    });
    expect((await korean.json()).non_field_errors).toEqual([
      "이 경품은 이미 목표 배치 수 1개를 채웠습니다. 더 많은 페이지에 동시에 배치하려면 경품 화면에서 “동시 배치 페이지 수”를 늘리거나, 먼저 배치 하나를 내리세요. 공개 예약은 이 수에 들어가지 않으니 예약은 할 수 있습니다.",
    ]);
    // And the drop it points to is taken; the drop's page then refuses another prize, naming the drop.
    const drop = await admin.post("/api/prize-distributions/", { prize: prize.id, product: second.id, drops_at: inTenMinutes() });
    expect(drop.status).toBe(201);
    const onDropPage = await admin.request("POST", "/api/prize-distributions/", {
      json: { prize: prize.id, product: second.id },
      headers: { "accept-language": "ko-KR" },
    });
    expect(onDropPage.status).toBe(400);
    expect((await onDropPage.json()).non_field_errors[0]).toMatch(
      /^“Words stand two”은\(는\) .+에 공개될 “Words tote” 경품 자리로 예약되어 있습니다\. 다른 페이지를 고르거나, “예약된 공개”에서 그 공개의 시각을 바꾸거나 취소하세요\.$/,
    );
    for (const id of [first.id, second.id]) expect((await admin.delete(`/api/products/${id}/`)).status).toBe(204);
  });
});
