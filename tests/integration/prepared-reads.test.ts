import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { getPublicPageState, getPublicProductPage } from "@/db/queries/public";
import * as schema from "@/db/schema";
import { verdictFor } from "@/lib/services/claims/reservable";
import { reservePrize } from "@/lib/services/claims/reserve";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";
import { describePostgresOnly } from "./postgres-only";

/**
 * The reads every scan, status call and tap makes are prepared once per connection, and nothing bound in
 * them but their own input: a bound constant (e.g. eq(isActive, true)) has Postgres plan every run
 * afresh, which cost the verdict read 330 µs of Postgres CPU per run against 100 µs (server-behaviour.md,
 * "Prepared statements and their plans"). pg_prepared_statements is Postgres's, so this runs on Postgres.
 */

let database: ServiceDatabase;
beforeAll(async () => {
  database = await freshServiceDatabase("prepared_reads");
});
afterAll(async () => {
  await database.close();
});

/** Runs `read` twelve times over one connection and returns the plans Postgres made for `statementLike`. */
async function plansAfterTwelveRuns(read: (db: Db) => Promise<unknown>, statementLike: string) {
  // One connection, so every run lands on the session that pg_prepared_statements shows.
  const client = postgres(database.url!, { max: 1, onnotice: () => {} });
  const oneConnection = drizzle({ client, schema, casing: "snake_case" }) as unknown as Db;
  try {
    for (let run = 0; run < 12; run += 1) await read(oneConnection);
    const plans = await client`select custom_plans, generic_plans from pg_prepared_statements
      where statement like ${statementLike} and statement not like '%pg_prepared_statements%'`;
    return plans.map((row) => [Number(row.custom_plans), Number(row.generic_plans)]);
  } finally {
    await client.end();
  }
}

// Postgres tries five custom plans before it compares them with a generic one; then it keeps the generic.
const FIVE_CUSTOM_THEN_GENERIC = [[5, 7]];

describePostgresOnly(import.meta.filename, "prepared reads keep one generic plan per connection", () => {
  it("the reserve's verdict read", async () => {
    const plans = await plansAfterTwelveRuns(
      (db) => verdictFor(db, { urlPath: "nosuchpage", visitorId: "prepared-reader", holdSeconds: 60 }),
      "%json_to_recordset%",
    );
    expect(plans).toEqual(FIVE_CUSTOM_THEN_GENERIC);
  });

  it("the product page's read, and the page's state (which the prize status reads too)", async () => {
    const [page] = await seedPages(database.db, 1, "Prepared");
    const pageRead = await plansAfterTwelveRuns((db) => getPublicProductPage({ db, urlPath: page!.urlPath }), '%"images"."sha256"%');
    expect(pageRead).toEqual(FIVE_CUSTOM_THEN_GENERIC);
    const stateRead = await plansAfterTwelveRuns((db) => getPublicPageState({ db, urlPath: page!.urlPath }), "%extract(epoch%");
    expect(stateRead).toEqual(FIVE_CUSTOM_THEN_GENERIC);
  });
});

describe("the prepared public reads answer for the page asked about", () => {
  it("each page its own product and prize state, held or not, and null for an unknown page", async () => {
    const prizeId = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 2 });
    const [waiting, held, empty] = await seedPages(database.db, 3, "Prepared state", [prizeId, prizeId]);
    await reservePrize({ ctx: { db: database.db }, input: { urlPath: held!.urlPath, visitorId: "prepared-holder" } });
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
