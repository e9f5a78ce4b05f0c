import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPublicPageState, getPublicProductPage } from "@/db/queries/public";
import { reservePrize } from "@/lib/services/claims/reserve";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";

/** The public reads, prepared once per connection (their plans: tests/integration/postgres-sessions.test.ts). */
let database: ServiceDatabase;
beforeAll(async () => {
  database = await freshServiceDatabase("prepared_reads");
});
afterAll(async () => {
  await database.close();
});

describe("the prepared public reads answer for the page asked about", () => {
  it("each page its own product and prize state, held or not, and null for an unknown page", async () => {
    const prizeId = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 2 });
    const [waiting, held, empty] = await seedPages(database.db, 3, "Prepared state", [prizeId, prizeId]);
    await reservePrize({ ctx: { db: database.db, eventId: 1 }, input: { urlPath: held!.urlPath, visitorId: "prepared-holder" } });
    const read = (urlPath: string) => getPublicProductPage({ db: database.db, urlPath });
    expect(await read(waiting!.urlPath)).toMatchObject({ url_path: waiting!.urlPath, has_prize: true, is_reserved: false });
    expect(await read(held!.urlPath)).toMatchObject({ url_path: held!.urlPath, has_prize: true, is_reserved: true });
    expect(await read(empty!.urlPath)).toMatchObject({ url_path: empty!.urlPath, has_prize: false, is_reserved: false });
    expect(await read("Zz9Zz9Zz9Zq")).toBeNull();
    const states = await Promise.all([waiting, held, empty].map((page) => getPublicPageState({ db: database.db, urlPath: page!.urlPath })));
    expect(states.map((state) => state && [state.has_prize, state.is_reserved])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
  });
});
