import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { placements, prizes, winners } from "@/db/schema";
import { type RunningServer, startServer } from "../support/app-server";
import { awayFromDayTurn } from "../support/day-turn";
import { openSharedPostgresDatabase } from "../support/direct-database";
import { TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { tempDir } from "../support/test-database";
import { claimPath, newVisitor, newVisitors, tryToWin } from "../support/visitor";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";
import { describePostgresOnly } from "./postgres-only";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");

/**
 * The crowd, over HTTP against the real server on Postgres. A second instance on the same database
 * (with a 5-second hold) proves the scale-out promise and the hold expiry.
 */
describePostgresOnly(import.meta.filename, "first come, first served on Postgres", () => {
  let database: ReturnType<typeof openSharedPostgresDatabase>;
  let secondInstance: RunningServer;

  beforeAll(async () => {
    database = openSharedPostgresDatabase();
    secondInstance = await startServer({
      DATABASE_URL: databaseUrl!,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_NAME: TEST_ADMIN.name,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATA_DIR: tempDir("second"),
      APP_TIMEZONE: "Asia/Seoul",
      RESERVATION_SECONDS: "5",
    });
  });
  afterAll(async () => {
    await secondInstance?.stop();
    await database?.close();
  });

  async function countWinners(): Promise<number> {
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(winners);
    return row!.count;
  }

  /** Winners per prize against stock and the daily limit, and no placement on these pages won twice. */
  async function assertNothingGivenTwice(prizeIds: number[], pageIds: number[]) {
    for (const prizeId of prizeIds) {
      const [prize] = await database.db.select().from(prizes).where(eq(prizes.id, prizeId));
      const [won] = await database.db
        .select({
          total: sql<number>`count(*)::int`,
          notExpired: sql<number>`(count(*) filter (where ${winners.expiredAt} is null))::int`,
          placements: sql<number>`count(distinct ${winners.placementId})::int`,
        })
        .from(winners)
        .where(eq(winners.prizeId, prizeId));
      // Invariant 3 (server-behaviour.md, "Collecting a prize: the deadline"): winners not expired = total - remaining.
      expect(won!.notExpired).toBe(prize!.totalQuantity - prize!.remainingQuantity);
      expect(won!.total).toBeLessThanOrEqual(prize!.dailyDistribution);
      expect(won!.placements).toBe(won!.total);
      expect(prize!.todayDistributed).toBe(won!.total);
    }
    // On this storm's pages only (whatever prize a top-up put there): another file may have deleted a winner
    // (DELETE /api/winners/{id}/ keeps its claimed placement), a claimed placement with no winner elsewhere.
    const claimedTwice = await database.db
      .select({ id: placements.id })
      .from(placements)
      .where(
        sql`${placements.productId} in ${pageIds} and ${placements.claimedAt} is not null and (select count(*) from ${winners} where ${winners.placementId} = ${placements.id}) <> 1`,
      );
    expect(claimedTwice).toHaveLength(0);
  }

  it("200 visitors tapping one ticket at once: exactly one gets it", async () => {
    const prizeId = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 1 });
    const [page] = await seedPages(database.db, 1, "Race", [prizeId]);
    const visitors = await newVisitors(200, () => baseUrl);
    const statuses = await Promise.all(visitors.map((visitor) => visitor.post(claimPath(page!.urlPath)).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
  });

  /** A storm takes well under a minute: it starts at least this long before a Seoul midnight. */
  const STORM_DAY_MARGIN_S = 60;
  /** Two minutes for the storm, and as long as the wait for the day to turn may take. */
  const STORM_TIMEOUT_MS = 120_000 + (STORM_DAY_MARGIN_S + 1) * 1000;

  async function storm(urls: string[], label: string) {
    // The server's day is Seoul's (APP_TIMEZONE): todayDistributed must count this storm's wins only.
    await awayFromDayTurn("Asia/Seoul", STORM_DAY_MARGIN_S);
    const prizeIds = [
      await seedPrize(database.db, { total: 20, daily: 10, maintenance: 5, name: `${label} tote` }),
      await seedPrize(database.db, { total: 20, daily: 20, maintenance: 8, name: `${label} mug` }),
      await seedPrize(database.db, { total: 10, daily: 10, maintenance: 6, name: `${label} cap` }),
    ];
    const targets = [5, 8, 6];
    const placeOn = prizeIds.flatMap((prizeId, index) => Array<number>(targets[index]!).fill(prizeId));
    const pages = await seedPages(database.db, 20, label, placeOn);
    const winnersBefore = await countWinners();
    const visitors = await newVisitors(1000, (index) => urls[index % urls.length]!);
    const outcomes = await Promise.all(
      visitors.map(async (visitor, index) => {
        // Finalise through the other instance a quarter of the time (tryToWin hands it the visitor's
        // cookies): a hold must not depend on the instance.
        const finaliser = urls.length > 1 && index % 4 === 0 ? new TestClient(urls[(index + 1) % urls.length]!) : visitor;
        const seen = [];
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const page = pages[Math.floor(Math.random() * pages.length)]!;
          seen.push(await tryToWin(visitor, page.urlPath, finaliser));
        }
        return seen;
      }),
    );
    const flat = outcomes.flat();
    const serverErrors = flat.filter((outcome) => outcome.reserve >= 500 || (outcome.claim ?? 0) >= 500);
    expect(serverErrors).toEqual([]);
    const wins = flat.filter((outcome) => outcome.claim === 201).length;
    expect(wins).toBeGreaterThan(0);
    await assertNothingGivenTwice(
      prizeIds,
      pages.map((page) => page.id),
    );
    // Every 201 is a recorded winner. Counted over all prizes: the server's top-ups may place other
    // prizes (from other tests) on this storm's spare page, and a visitor may win one of those.
    expect((await countWinners()) - winnersBefore).toBe(wins);
    return wins;
  }

  // Once, through two instances: what one instance alone must hold (one database's conditional updates), two
  // hold as well, and a hold made on one is finalised on the other.
  it(
    "1,000 visitors on 20 pages with 50 units, through two app instances on one database: never over stock or the daily limit",
    async () => {
      await storm([baseUrl, secondInstance.url], "Twin");
    },
    STORM_TIMEOUT_MS,
  );

  it("an expired hold is free for the next visitor; the late claim gets 409 and writes nothing", async () => {
    const prizeId = await seedPrize(database.db, { total: 5, daily: 5, maintenance: 1 });
    const [page] = await seedPages(database.db, 1, "Expiry", [prizeId]);
    const slow = await newVisitor(secondInstance.url);
    const fast = await newVisitor(secondInstance.url);
    expect((await slow.post(claimPath(page!.urlPath))).status).toBe(200);
    expect((await fast.post(claimPath(page!.urlPath))).status).toBe(409);
    // Wait for the state, not for a fixed time: the 5-second hold lapses, and the page says so.
    await expect
      .poll(async () => (await fast.get(`/api/p/${page!.urlPath}/prize/`)).json(), { interval: 250, timeout: 15_000 })
      .toEqual({ has_prize: true, is_reserved: false, event_state: "open", drops_at: null, now: expect.any(String) });
    expect((await fast.post(claimPath(page!.urlPath))).status).toBe(200);
    const late = await slow.post(claimPath(page!.urlPath), { name: "Late", password: "1111" });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ detail: "The time to claim this prize has run out. Please try again." });
    expect(await database.db.select().from(winners).where(eq(winners.prizeId, prizeId))).toHaveLength(0);
    expect((await fast.post(claimPath(page!.urlPath), { name: "Quick", password: "2222" })).status).toBe(201);
  }, 30_000);
});
