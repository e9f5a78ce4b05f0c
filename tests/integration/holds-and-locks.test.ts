import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placements, winners } from "@/db/schema";
import type { AppError } from "@/lib/errors";
import { cancelReservation } from "@/lib/services/claims/cancel";
import { finaliseClaim } from "@/lib/services/claims/finalise";
import { reservePrize } from "@/lib/services/claims/reserve";
import { createPlacement, isPageTakenRefusal } from "@/lib/services/placements/create";
import { deletePlacement } from "@/lib/services/placements/delete";
import en from "@/messages/en.json";
import { prizeRow, seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

// The English words the API answers a caller with no language of ours.
const { holdingAnother: HOLDING_ANOTHER, letGoRecently: LET_GO_RECENTLY, noProduct: NO_PRODUCT, taken: TAKEN } = en.visitor.api;

let database: ServiceDatabase;
const ctx = () => ({ db: database.db, eventId: 1 });
const claim = { name: "Mina", password: "1234" };

beforeAll(async () => {
  database = await freshServiceDatabase("hardening_holds");
});
afterAll(async () => {
  await database.close();
});

async function pagesWithPrize(count: number) {
  const prizeId = await seedPrize(database.db, { total: 100, daily: 100, maintenance: 50 });
  const pages = await seedPages(database.db, count, "Hold", Array(count).fill(prizeId));
  return { prizeId, pages };
}

const reserve = (urlPath: string, visitorId: string) => reservePrize({ ctx: ctx(), input: { urlPath, visitorId } });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "reserved",
    (error: AppError) => error.message,
  );

/** Moves this visitor's hold on the page into the past: "it lapsed `secondsAgo` seconds ago", without waiting. */
async function lapseHold(pageId: number, secondsAgo: number) {
  await database.db
    .update(placements)
    .set({ reservedUntil: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(liveOn(pageId));
}
const liveOn = (pageId: number) => sql`${placements.productId} = ${pageId} and ${placements.isActive}`;

describe("one hold per visitor", () => {
  it("a second page is refused while the first is held, and allowed once it is claimed", async () => {
    const { pages } = await pagesWithPrize(2);
    const [first, second] = pages as [(typeof pages)[0], (typeof pages)[0]];
    await reserve(first.urlPath, "hoarder");
    expect(await refusal(reserve(second.urlPath, "hoarder"))).toBe(HOLDING_ANOTHER);
    await finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: first.urlPath, visitorId: "hoarder" } });
    expect(await refusal(reserve(second.urlPath, "hoarder"))).toBe("reserved");
  });

  it("ten taps on ten pages at once by one visitor: exactly one hold", async () => {
    const { pages } = await pagesWithPrize(10);
    const outcomes = await Promise.all(pages.map((page) => refusal(reserve(page.urlPath, "ten-fingers"))));
    expect(outcomes.filter((outcome) => outcome === "reserved")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === HOLDING_ANOTHER)).toHaveLength(9);
  });

  it("a cancelled hold cannot be taken again by the same visitor for RESERVATION_SECONDS; others can at once", async () => {
    const { pages } = await pagesWithPrize(1);
    const page = pages[0]!;
    await reserve(page.urlPath, "fickle");
    await cancelReservation({ ctx: ctx(), input: { urlPath: page.urlPath, visitorId: "fickle" } });
    expect(await refusal(reserve(page.urlPath, "fickle"))).toBe(LET_GO_RECENTLY);
    expect(await refusal(reserve(page.urlPath, "someone-else"))).toBe("reserved");
    expect(await refusal(reserve(page.urlPath, "fickle"))).toBe(TAKEN);
  });

  it("a lapsed hold: refused to the same visitor until RESERVATION_SECONDS (60 here) have passed since", async () => {
    const { pages } = await pagesWithPrize(1);
    const page = pages[0]!;
    await reserve(page.urlPath, "slow");
    await lapseHold(page.id, 1);
    expect(await refusal(reserve(page.urlPath, "slow"))).toBe(LET_GO_RECENTLY);
    await lapseHold(page.id, 61);
    expect(await refusal(reserve(page.urlPath, "slow"))).toBe("reserved");
  });
});

describe("taps read together (lib/services/claims/reservable.ts)", () => {
  it("taps made at the same moment each get their own visitor's answer: no page, taken, holding another, let go, held", async () => {
    const { pages } = await pagesWithPrize(4);
    const [held, letGo, other, free] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
    await reserve(held.urlPath, "holder");
    await reserve(letGo.urlPath, "fickle");
    await cancelReservation({ ctx: ctx(), input: { urlPath: letGo.urlPath, visitorId: "fickle" } });
    // The first tap of a moment is read alone; the ones after it wait for it and are read in one batch, one
    // row each (the batching itself: tests/unit/batched-reads.test.ts). A mixed-up row would give one
    // visitor another's answer.
    const outcomes = await Promise.all([
      refusal(reserve("nosuchpage", "first")),
      refusal(reserve(held.urlPath, "latecomer")),
      refusal(reserve(other.urlPath, "holder")),
      refusal(reserve(letGo.urlPath, "fickle")),
      refusal(reserve("nosuchpag2", "lost")),
      refusal(reserve(free.urlPath, "lucky")),
      refusal(reserve(held.urlPath, "holder")),
    ]);
    expect(outcomes).toEqual([NO_PRODUCT, TAKEN, HOLDING_ANOTHER, LET_GO_RECENTLY, NO_PRODUCT, "reserved", "reserved"]);
  });
});

describe("lock order", () => {
  it("claims stormed while the admin places and deletes placements: every claim wins, nothing fails oddly", async () => {
    const prizeId = await seedPrize(database.db, { total: 1000, daily: 1000, maintenance: 1000, name: "Storm prize" });
    const unexpected: unknown[] = [];
    let wins = 0;
    for (let round = 0; round < 6; round += 1) {
      const pages = await seedPages(database.db, 16, `Lock ${round}`, Array(16).fill(prizeId));
      await Promise.all(pages.map((page, index) => reserve(page.urlPath, `storm-${round}-${index}`)));
      const spare = await seedPages(database.db, 4, `Spare ${round}`, Array(4).fill(prizeId));
      const spareIds = await database.db
        .select({ id: placements.id })
        .from(placements)
        .where(sql`${placements.productId} in ${spare.map((page) => page.id)}`);
      await Promise.all([
        ...pages.map((page, index) =>
          finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath: page.urlPath, visitorId: `storm-${round}-${index}` } }).then(
            () => (wins += 1),
            (error) => unexpected.push(error),
          ),
        ),
        // The admin places the same prize on the very pages being claimed (the page's index is the race).
        ...pages.map((page) =>
          createPlacement({ ctx: ctx(), input: { prize: prizeId, product: page.id, is_active: true } }).catch((error) => {
            if (!isPageTakenRefusal(error)) unexpected.push(error);
          }),
        ),
        ...spareIds.map(({ id }) => deletePlacement({ ctx: ctx(), input: { id } }).catch((error) => unexpected.push(error))),
      ]);
    }
    expect(unexpected).toEqual([]);
    expect(wins).toBe(6 * 16);
    const prize = await prizeRow(database.db, prizeId);
    const won = await database.db.select({ id: winners.id }).from(winners).where(eq(winners.prizeId, prizeId));
    // Invariant 3: winners not expired = total - remaining (none expires here: no deadline is set).
    const notExpired = await database.db
      .select({ id: winners.id })
      .from(winners)
      .where(and(eq(winners.prizeId, prizeId), isNull(winners.expiredAt)));
    expect(notExpired).toHaveLength(prize.totalQuantity - prize.remainingQuantity);
    expect(won).toHaveLength(wins);
  }, 60_000);
});
