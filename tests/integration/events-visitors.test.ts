import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBranding } from "@/db/queries/branding";
import { eventOfAddress } from "@/db/queries/events";
import { getPublicPageState, getVisitorWins } from "@/db/queries/public";
import { events, placements, prizes, products, settings, webhookDeliveries, webhookEndpoints, winners } from "@/db/schema";
import { finaliseClaim } from "@/lib/services/claims/finalise";
import { reservePrize } from "@/lib/services/claims/reserve";
import { getEndpoint, listEndpoints } from "@/lib/services/webhooks/endpoints";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

/**
 * Two live events side by side (two halls): each page follows its own event's rules, clock, win limit and
 * branding, and a visitor's wins count in the event they were won in only.
 */
let database: ServiceDatabase;
const hallA = 1;
let hallB: number;
const claim = { name: "Mina", password: "1234" };
// The visitor services act on the page's event whatever the call's default event is.
const ctx = () => ({ db: database.db, eventId: hallA });

async function newLiveEvent(name: string, rules: Partial<typeof settings.$inferInsert>): Promise<number> {
  const [event] = await database.db.insert(events).values({ name, status: "live" }).returning({ id: events.id });
  await database.db.insert(settings).values({ id: event!.id, ...rules });
  return event!.id;
}

async function pageWithPrize(eventId: number, label: string) {
  const prizeId = await seedPrize(database.db, { total: 10, daily: 10, eventId, name: `${label} prize` });
  const [page] = await seedPages(database.db, 1, label, [prizeId], eventId);
  return { prizeId, urlPath: page!.urlPath };
}

async function win(urlPath: string, visitorId: string) {
  await reservePrize({ ctx: ctx(), input: { urlPath, visitorId } });
  return finaliseClaim({ ctx: ctx(), input: { ...claim, urlPath, visitorId } });
}

beforeAll(async () => {
  database = await freshServiceDatabase("events_visitors");
  await database.db
    .update(settings)
    .set({ winsPerVisitor: "one_per_event", timeZone: "Pacific/Kiritimati", eventName: "Hall A" })
    .where(eq(settings.id, hallA));
  hallB = await newLiveEvent("Hall B", { winsPerVisitor: "one_per_event", timeZone: "Etc/GMT+12", eventName: "Hall B" });
});

afterAll(async () => {
  await database.close();
});

describe("two live events at once", () => {
  it("a visitor who won in hall A may win in hall B under one win per event, and not twice in A", async () => {
    const firstA = await pageWithPrize(hallA, "A stand");
    const secondA = await pageWithPrize(hallA, "A other stand");
    const inB = await pageWithPrize(hallB, "B stand");

    expect(await win(firstA.urlPath, "visitor-both")).toMatchObject({ prizeId: firstA.prizeId, repeated: false });
    expect(await win(inB.urlPath, "visitor-both")).toMatchObject({ prizeId: inB.prizeId, repeated: false });
    await expect(reservePrize({ ctx: ctx(), input: { urlPath: secondA.urlPath, visitorId: "visitor-both" } })).rejects.toMatchObject({
      extra: { code: "win_limit" },
    });

    const won = await database.db
      .select({ eventId: winners.eventId, prizeId: winners.prizeId })
      .from(winners)
      .where(eq(winners.visitorId, "visitor-both"));
    expect(won.sort((a, b) => a.eventId - b.eventId)).toEqual([
      { eventId: hallA, prizeId: firstA.prizeId },
      { eventId: hallB, prizeId: inB.prizeId },
    ]);
    // "Your prizes" lists the phone's wins in both halls.
    const mine = await getVisitorWins({ db: database.db, visitorId: "visitor-both", locale: "en" });
    expect(mine.map((row) => row.prize_name).sort()).toEqual(["A stand prize", "B stand prize"]);
  });

  // UTC+14 and UTC-12: 26 hours apart, so their dates differ at every moment of the day.
  it("counts each prize's day on its own event's clock", async () => {
    const inA = await pageWithPrize(hallA, "A clock");
    const inB = await pageWithPrize(hallB, "B clock");
    await win(inA.urlPath, "visitor-clock-a");
    await win(inB.urlPath, "visitor-clock-b");
    const days = await database.db
      .select({
        id: prizes.id,
        on: prizes.distributedOn,
        kiritimati: sql<string>`to_char(now() at time zone 'Pacific/Kiritimati', 'YYYY-MM-DD')`,
        minusTwelve: sql<string>`to_char(now() at time zone 'Etc/GMT+12', 'YYYY-MM-DD')`,
      })
      .from(prizes)
      .where(sql`${prizes.id} in (${inA.prizeId}, ${inB.prizeId})`);
    const byId = new Map(days.map((row) => [row.id, row]));
    expect(byId.get(inA.prizeId)?.on).toBe(byId.get(inA.prizeId)?.kiritimati);
    expect(byId.get(inB.prizeId)?.on).toBe(byId.get(inB.prizeId)?.minusTwelve);
  });

  it("a page follows its own event's rules: hall A paused leaves hall B open", async () => {
    const inA = await pageWithPrize(hallA, "A paused");
    const inB = await pageWithPrize(hallB, "B open");
    await database.db.update(settings).set({ paused: true }).where(eq(settings.id, hallA));
    try {
      expect(await getPublicPageState({ db: database.db, urlPath: inA.urlPath })).toMatchObject({
        event_id: hallA,
        event_state: "paused",
        has_prize: false,
      });
      expect(await getPublicPageState({ db: database.db, urlPath: inB.urlPath })).toMatchObject({
        event_id: hallB,
        event_state: "open",
        has_prize: true,
      });
      await expect(reservePrize({ ctx: ctx(), input: { urlPath: inA.urlPath, visitorId: "visitor-paused" } })).rejects.toMatchObject({
        extra: { code: "event_paused" },
      });
      expect(await win(inB.urlPath, "visitor-paused")).toMatchObject({ prizeId: inB.prizeId });
    } finally {
      await database.db.update(settings).set({ paused: false }).where(eq(settings.id, hallA));
    }
  });

  it("a draft event's page is not open yet and a closed one's has ended: nothing can be held", async () => {
    const drafted = await pageWithPrize(hallB, "B later");
    await database.db.update(events).set({ status: "draft" }).where(eq(events.id, hallB));
    try {
      expect(await getPublicPageState({ db: database.db, urlPath: drafted.urlPath })).toMatchObject({
        event_state: "not_started",
        has_prize: false,
      });
      await expect(reservePrize({ ctx: ctx(), input: { urlPath: drafted.urlPath, visitorId: "visitor-early" } })).rejects.toMatchObject({
        extra: { code: "event_not_started" },
      });
      await database.db.update(events).set({ status: "closed" }).where(eq(events.id, hallB));
      expect(await getPublicPageState({ db: database.db, urlPath: drafted.urlPath })).toMatchObject({
        event_state: "ended",
        has_prize: false,
      });
    } finally {
      await database.db.update(events).set({ status: "live" }).where(eq(events.id, hallB));
    }
  });

  it("each page wears its own event's branding", async () => {
    const inA = await pageWithPrize(hallA, "A brand");
    const inB = await pageWithPrize(hallB, "B brand");
    const brandingOf = (urlPath: string) => readBranding({ db: database.db, eventId: eventOfAddress(urlPath, hallA) });
    expect((await brandingOf(inA.urlPath)).event_name).toBe("Hall A");
    expect((await brandingOf(inB.urlPath)).event_name).toBe("Hall B");
  });

  it("each event's receivers get that event's messages only, and list and find only their own", async () => {
    const receiver = (eventId: number, name: string) =>
      database.db
        .insert(webhookEndpoints)
        .values({ eventId, url: `https://${name}.example.com/hook`, types: ["winner.created"], secret: "whsec_dGVzdA==" })
        .returning({ id: webhookEndpoints.id })
        .then(([row]) => row!.id);
    const forA = await receiver(hallA, "hall-a");
    const forB = await receiver(hallB, "hall-b");
    const inA = await pageWithPrize(hallA, "A hook");
    const inB = await pageWithPrize(hallB, "B hook");
    await win(inA.urlPath, "visitor-hook-a");
    await win(inB.urlPath, "visitor-hook-b");
    const sent = await database.db
      .select({ endpointId: webhookDeliveries.endpointId, prize: sql<string>`${webhookDeliveries.data}->>'prize_name'` })
      .from(webhookDeliveries);
    expect(sent.filter((row) => row.endpointId === forA).map((row) => row.prize)).toEqual(["A hook prize"]);
    expect(sent.filter((row) => row.endpointId === forB).map((row) => row.prize)).toEqual(["B hook prize"]);
    expect((await listEndpoints(database.db, hallA)).map((row) => row.id)).toEqual([forA]);
    await expect(getEndpoint(database.db, hallA, forB)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a copy keeping the addresses takes the scans once it goes live: holds and wins land on the page answering", async () => {
    const source = await newLiveEvent("Day 1", {});
    const copy = (await database.db.insert(events).values({ name: "Day 2" }).returning({ id: events.id }))[0]!.id;
    await database.db.insert(settings).values({ id: copy });
    const inSource = await pageWithPrize(source, "Day 1 stand");
    // The copy's page carries the same address, with a prize of its own.
    const copyPrize = await seedPrize(database.db, { total: 5, eventId: copy, name: "Day 2 prize" });
    const [copyPage] = await database.db
      .insert(products)
      .values({ eventId: copy, name: "Day 2 stand", urlPath: inSource.urlPath })
      .returning({ id: products.id });
    await database.db.insert(placements).values({ eventId: copy, prizeId: copyPrize, productId: copyPage!.id });

    // While the copy is a draft the source answers the address.
    expect(await getPublicPageState({ db: database.db, urlPath: inSource.urlPath })).toMatchObject({ event_id: source });
    expect(await win(inSource.urlPath, "visitor-day-1")).toMatchObject({ prizeId: inSource.prizeId });

    // Going live while the source is live would give two live events one address: refused.
    await expect(database.db.update(events).set({ status: "live" }).where(eq(events.id, copy))).rejects.toThrow();
    await database.db.update(events).set({ status: "closed" }).where(eq(events.id, source));
    await database.db.update(events).set({ status: "live" }).where(eq(events.id, copy));
    expect(await getPublicPageState({ db: database.db, urlPath: inSource.urlPath })).toMatchObject({ event_id: copy, has_prize: true });
    expect(await win(inSource.urlPath, "visitor-day-2")).toMatchObject({ prizeId: copyPrize });
    const won = await database.db
      .select({ eventId: winners.eventId, visitor: winners.visitorId })
      .from(winners)
      .where(sql`${winners.visitorId} in ('visitor-day-1', 'visitor-day-2')`);
    expect(won.sort((a, b) => a.eventId - b.eventId)).toEqual([
      { eventId: source, visitor: "visitor-day-1" },
      { eventId: copy, visitor: "visitor-day-2" },
    ]);
  });
});
