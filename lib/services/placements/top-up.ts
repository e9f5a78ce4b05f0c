import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { heldNow, placementTarget } from "@/db/prize-rules";
import { placements, prizes, products, winners } from "@/db/schema";

export type TopUpResult = { placed: number; missing: number };

/** How long a page where a prize was just won is passed over by top-ups and random placement. */
const RECENT_WIN_MINUTES = 10;

/** True for a product page with a win in the last RECENT_WIN_MINUTES (winners_product_idx answers it). */
const recentlyWonOn = () =>
  sql<boolean>`exists (select 1 from ${winners} where ${winners.productId} = ${products.id} and ${winners.createdAt} > now() - make_interval(mins => ${RECENT_WIN_MINUTES}))`;

// Any constant works; it only has to be the same in every instance of this app.
const PLACEMENT_WRITES_LOCK_KEY = 7_301_994_003;

/**
 * Taken first by every transaction that creates or switches on placements (top-ups, the tick, random and
 * manual placement). They then lock prize rows, and insert into the one-live-prize-per-page index, in a
 * single order, so two of them can never wait on each other in a cycle (a deadlock that Postgres would
 * break by failing one). Released at commit.
 */
export async function lockPlacementWrites(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLACEMENT_WRITES_LOCK_KEY})`);
}

/**
 * Brings one prize's live placements up to its target, on product pages chosen uniformly at random among
 * those with no live placement, pages won on in the last RECENT_WIN_MINUTES last. Call inside a transaction
 * that holds lockPlacementWrites: the prize row is locked too, so two top-ups of one prize (a claim and the
 * maintenance tick, on two instances) cannot both fill the last slot. Pages being deleted right now are
 * skipped (SKIP LOCKED) rather than waited for.
 *
 * One statement, so one round trip while the placement lock is held: under a crowd every round trip of a
 * lock holder waits its turn in a busy server, and four per prize kept the organiser's random placement
 * waiting 5 s behind the wins' top-ups. Its snapshot may be older than the prize row it locks (it waited
 * for it): a placement claimed meanwhile still counts as live, which places one too few until the next
 * top-up, never one too many (new placements are only made under the lock this transaction holds).
 * Pages won on in the last few minutes go last: the phone that just won there should not find a fresh
 * ticket on the same stand while other free pages exist (server-behaviour.md, Placements). The unique
 * index settles any page taken meanwhile outside the lock (a placement switched on by hand).
 */
type TopUpRow = { needed: number | null; placed: number };

export async function topUpPrize(
  tx: Queryable,
  prizeId: number,
  { spreadMinutes = null }: { spreadMinutes?: number | null } = {},
): Promise<TopUpResult> {
  // Winning moments (random placement's spread_minutes): each new placement drops, unannounced, at its own
  // moment drawn uniformly within the window; otherwise (every top-up after a win, the tick) at once.
  const dropsAt = spreadMinutes ? sql`now() + make_interval(secs => random() * ${spreadMinutes * 60})` : sql`null`;
  const rows = await tx.execute<TopUpRow>(sql`
    with prize as (
      select ${placementTarget()} as target, ${prizes.eventId} as event_id from ${prizes} where ${prizes.id} = ${prizeId} for update
    ),
    wanted as (
      select greatest(0, prize.target - (
        select count(*) from ${placements} where ${placements.prizeId} = ${prizeId} and ${placements.isActive} and not ${placements.setAside}
      ))::int as needed from prize
    ),
    free_pages as (
      select ${products.id} as id from ${products}
      where ${products.eventId} = (select event_id from prize)
        and not exists (select 1 from ${placements} where ${placements.productId} = ${products.id} and ${placements.isActive})
      order by ${recentlyWonOn()}, random()
      limit coalesce((select needed from wanted), 0)
      for key share skip locked
    ),
    placed as (
      insert into ${placements} (event_id, prize_id, product_id, drops_at, announce)
      select (select event_id from prize), ${prizeId}, id, ${dropsAt}, ${spreadMinutes ? sql`false` : sql`true`} from free_pages
      on conflict (product_id) where is_active do nothing
      returning id
    )
    select (select needed from wanted) as needed, (select count(*) from placed)::int as placed
  `);
  // postgres.js answers with the rows, PGlite with an object holding them.
  const [result] = Array.isArray(rows) ? rows : (rows as unknown as { rows: TopUpRow[] }).rows;
  const needed = result?.needed ?? 0;
  const placed = result?.placed ?? 0;
  return { placed, missing: Math.max(0, needed - placed) };
}

/**
 * The opposite of a top-up, when a target falls (stock cut, prize switched off): live placements beyond
 * the target that nobody holds are switched off, newest first. A held one is left alone (the claim's own
 * stock check still guards it) and the maintenance tick trims it once the hold is over. Set-aside drops are
 * not automatic placement's: they go only when the prize is switched off or has less stock than they set
 * aside (never for today's budget: a drop may be for another day, and the claim checks the budget).
 */
export async function trimPlacements(tx: Queryable, prizeId: number): Promise<number> {
  const [prize] = await tx
    .select({ target: placementTarget(), isActive: prizes.isActive, remaining: prizes.remainingQuantity })
    .from(prizes)
    .where(eq(prizes.id, prizeId))
    .for("update");
  if (!prize) return 0;
  const live = await tx
    .select({ id: placements.id, held: heldNow(), setAside: placements.setAside })
    .from(placements)
    .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)))
    .orderBy(sql`${placements.createdAt} desc`, sql`${placements.id} desc`);
  const beyond = (group: typeof live, keep: number) =>
    group.filter((placement) => !placement.held).slice(0, Math.max(0, group.length - keep));
  const drops = live.filter((placement) => placement.setAside);
  const removable = [
    ...beyond(
      live.filter((placement) => !placement.setAside),
      prize.target,
    ),
    ...beyond(drops, prize.isActive ? Math.max(0, prize.remaining) : 0),
  ];
  if (removable.length === 0) return 0;
  const switchedOff = await tx
    .update(placements)
    .set({ isActive: false })
    .where(
      and(
        inArray(
          placements.id,
          removable.map((placement) => placement.id),
        ),
        sql`not ${heldNow()}`,
      ),
    )
    .returning({ id: placements.id });
  return switchedOff.length;
}
