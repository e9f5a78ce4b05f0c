import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Db, openDatabase } from "@/db";
import { getPublicPageState, getPublicProductPage } from "@/db/queries/public";
import * as schema from "@/db/schema";
import { verdictFor } from "@/lib/services/claims/reservable";
import { replenishPrize } from "@/lib/services/placements/maintain";
import { runMaintenanceTick } from "@/lib/services/placements/maintenance-tick";
import { lockPlacementWrites } from "@/lib/services/placements/top-up";
import { updateSettings } from "@/lib/services/settings/update";
import { seedPages, seedPrize } from "../support/seed";
import { freshServiceDatabase, type ServiceDatabase } from "../support/service-db";
import { TEST_TIME_ZONE } from "../support/test-database";
import { describePostgresOnly } from "./postgres-only";

const { placements, settings } = schema;

/**
 * What only Postgres's sessions show (PGlite has one session): a second session's lock the settings wait
 * for, and the plans each connection keeps for its prepared reads.
 */
let database: ServiceDatabase;

/** Waits until `count` sessions hold (granted) or wait for an advisory lock: the placement-writes lock, here. */
async function sessionsOnLock(granted: boolean, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await database.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_locks`)
      // This database's locks only: pg_locks shows the whole cluster, where the browser tests' servers (run
      // beside these files) take advisory locks of their own, and counting those let the test go on before
      // the placement lock here was even taken.
      .where(
        sql`locktype = 'advisory' and granted = ${granted} and database = (select oid from pg_database where datname = current_database())`,
      );
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
      const switchedOff = updateSettings({ ctx: { db: database.db, eventId: 1 }, input: { maintenance_mode: false } });
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

/**
 * The reads every scan, status call and tap makes are prepared once per connection, and nothing bound in
 * them but their own input: a bound constant (e.g. eq(isActive, true)) has Postgres plan every run
 * afresh, which cost the verdict read 330 µs of Postgres CPU per run against 100 µs (server-behaviour.md,
 * "Prepared statements and their plans"). pg_prepared_statements is Postgres's, so this runs on Postgres.
 */

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
  beforeAll(async () => {
    database = await freshServiceDatabase("prepared_reads");
  });
  afterAll(async () => {
    await database?.close();
  });

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
