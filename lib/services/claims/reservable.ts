import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Db, STATEMENT_TIMEOUT_MS } from "@/db";
import { perDatabase } from "@/db/per-database";
import { distributedThisHour, distributedToday, dropped, eventState, prizeWinnable, winLimitReached } from "@/db/prize-rules";
import type { RulesOf } from "@/db/queries/event-rules";
import { addresses, type EventState, placements, prizes, products, settings } from "@/db/schema";
import { BatchedReads } from "@/shared/async/batched-reads";
import type { ReserveRefusalCode } from "@/shared/contracts/claims";

/**
 * The prize's hourly limit is used up by this hour's wins and the live holds of its other placements
 * (each may still be won): a further hold could not be claimed this hour. For the prize row in scope.
 */
function hourBudgetSpent(placementId: SQL) {
  return sql<boolean>`(${prizes.hourlyLimit} is not null and ${distributedThisHour()} + (select count(*) from ${placements} other_hold
    where other_hold.prize_id = ${prizes.id} and other_hold.is_active and other_hold.reserved_until > now()
      and other_hold.id <> ${placementId}) >= ${prizes.hourlyLimit})`;
}

/**
 * What makes a placement takeable by visitor `me`: the event open, me under the win limit, the placement
 * live, its prize winnable with room this hour, free (or its hold expired, or already mine), not let go by
 * me moments ago, and me holding nothing elsewhere. The UPDATE that takes it
 * (reserve.ts) and the read that refuses early (below) share these conditions. `me` and `holdSeconds` are
 * values, or columns of the read's list of asks.
 */
export function reservableBy(me: string | SQL, holdSeconds: number | SQL) {
  return [
    // A visitor's own live hold stays theirs while paused (asking again is idempotent): a pause never
    // takes a prize from someone mid-form.
    sql`(${eventState(placements.eventId)} = 'open' or (${placements.reservedBy} = ${me} and ${placements.reservedUntil} > now()))`,
    sql`not ${winLimitReached(me, placements.eventId)}`,
    // Not eq(isActive, true): a bound `true` lets Postgres plan each run of the verdict read afresh (it
    // judges a plan for the known value cheaper): 330 µs of its CPU per read, against 100 µs with no
    // parameter but the asks, when it keeps one generic plan per connection.
    sql`${placements.isActive}`,
    // A drop is nobody's before its time, on the database's clock (server-behaviour.md, "Prize drops").
    dropped(),
    sql`exists (select 1 from ${prizes} where ${prizes.id} = ${placements.prizeId} and ${prizeWinnable()}
      and not ${hourBudgetSpent(sql`${placements.id}`)})`,
    sql`(${placements.reservedUntil} is null or ${placements.reservedUntil} <= now() or ${placements.reservedBy} = ${me})`,
    // coalesce: with nobody's hold recorded the comparison is NULL, which must not refuse.
    sql`not coalesce(${placements.reservedBy} = ${me} and ${placements.reservedUntil} <= now()
      and ${placements.reservedUntil} > now() - make_interval(secs => ${holdSeconds}), false)`,
    sql`not exists (select 1 from ${placements} other where other.reserved_by = ${me} and other.is_active
      and other.reserved_until > now() and other.id <> ${placements.id})`,
  ];
}

export type ReserveAsk = { urlPath: string; visitorId: string; holdSeconds: number };
/**
 * Why a tap cannot take the page's placement now, in the order server-behaviour.md gives ("The event's
 * rules"), or "takeable" (only the UPDATE decides a win). A takeable one says which prize, and whether it
 * is paced by the hour (reserve.ts then serialises that prize's holds).
 */
export type Verdict =
  | { kind: "takeable"; prizeId: number; hourly: boolean; eventId: number }
  | { kind: ReserveRefusal; rules: RulesOf | null; dropsAt?: Date };
export type ReserveRefusal = "no_page" | ReserveRefusalCode;

// The asks as a table: one row each, numbered so that every answer finds its ask.
const ASK = {
  n: sql.raw("ask.n"),
  urlPath: sql.raw("ask.url_path"),
  me: sql.raw("ask.me"),
  holdSeconds: sql.raw("ask.hold_seconds"),
};

/**
 * The read that answers several visitors' taps at once: for each, whether they can take the page's
 * placement now, and if not why. The conditions are `reservableBy`'s, in a join's ON, where drizzle names
 * each column with its table; the reasons' subqueries name their own alias. Built and prepared once per
 * database: a crowd's reads then skip building the SQL.
 */
function prepareVerdictsRead(db: Db) {
  const askTable = sql`json_to_recordset(${sql.placeholder("asks")}::json) as ask(n int, url_path text, me text, hold_seconds int)`;
  return (
    db
      .select({
        n: sql<number>`${ASK.n}`,
        found: sql<boolean>`${products.id} is not null`,
        takeable: sql<boolean>`bool_or(${placements.id} is not null)`,
        prizeId: sql<number | null>`max(${placements.prizeId})`,
        hourly: sql<boolean>`bool_or(${placements.id} is not null and exists (select 1 from ${prizes} where ${prizes.id} = ${placements.prizeId} and ${prizes.hourlyLimit} is not null))`,
        eventState: eventState(products.eventId),
        eventId: sql<number | null>`${products.eventId}`,
        rulesVersion: sql<
          string | null
        >`(select floor(extract(epoch from ${settings.updatedAt}) * 1000000)::bigint::text from ${settings} where ${settings.id} = ${products.eventId})`,
        winLimit: winLimitReached(ASK.me, products.eventId),
        // Only when the hour is the cause: a prize out of stock or of today's budget is not told "come back at 11:00".
        hourBudget: sql<boolean>`exists (select 1 from ${placements} live join ${prizes} on ${prizes.id} = live.prize_id
        where live.product_id = ${products.id} and live.is_active and (live.drops_at is null or live.drops_at <= now()) and ${prizes.isActive} and ${prizes.remainingQuantity} > 0
          and ${distributedToday()} < ${prizes.dailyDistribution} and ${hourBudgetSpent(sql.raw("live.id"))})`,
        // An announced drop still to come on this page (a winning moment is refused as an empty page is).
        notYet: sql<Date | null>`(select min(soon.drops_at) from ${placements} soon where soon.product_id = ${products.id}
        and soon.is_active and soon.announce and soon.drops_at > now())`,
        holdingAnother: sql<boolean>`exists (select 1 from ${placements} mine where mine.reserved_by = ${ASK.me}
        and mine.is_active and mine.reserved_until > now() and mine.product_id <> ${products.id})`,
        letGoRecently: sql<boolean>`exists (select 1 from ${placements} mine where mine.product_id = ${products.id}
        and mine.is_active and mine.reserved_by = ${ASK.me} and mine.reserved_until <= now()
        and mine.reserved_until > now() - make_interval(secs => ${ASK.holdSeconds}))`,
      })
      .from(askTable)
      // The page that answers the address (addresses): the live event's when one holds it.
      .leftJoin(addresses, eq(addresses.urlPath, ASK.urlPath))
      .leftJoin(products, eq(products.id, addresses.productId))
      .leftJoin(placements, and(eq(placements.productId, products.id), ...reservableBy(ASK.me, ASK.holdSeconds)))
      .groupBy(ASK.n, ASK.me, ASK.holdSeconds, products.id)
      .prepare("reserve_verdicts")
  );
}

async function readVerdicts(read: ReturnType<typeof prepareVerdictsRead>, asks: ReserveAsk[]): Promise<Verdict[]> {
  const rows = asks.map((ask, n) => ({ n, url_path: ask.urlPath, me: ask.visitorId, hold_seconds: ask.holdSeconds }));
  const answers = await read.execute({ asks: JSON.stringify(rows) });
  const verdicts = new Array<Verdict>(asks.length).fill({ kind: "no_page", rules: null });
  for (const row of answers) verdicts[row.n] = verdictOf(row);
  return verdicts;
}

type VerdictRow = {
  found: boolean;
  takeable: boolean;
  prizeId: number | null;
  hourly: boolean;
  eventState: EventState;
  eventId: number | null;
  rulesVersion: string | null;
  winLimit: boolean;
  hourBudget: boolean;
  notYet: Date | string | null;
  holdingAnother: boolean;
  letGoRecently: boolean;
};

function verdictOf(row: VerdictRow): Verdict {
  if (row.found && row.takeable && row.prizeId !== null && row.eventId !== null)
    return { kind: "takeable", prizeId: row.prizeId, hourly: row.hourly, eventId: row.eventId };
  const kind = refusalOf(row);
  const rules = row.eventId === null ? null : { eventId: row.eventId, version: row.rulesVersion };
  if (kind === "not_yet" && row.notYet !== null) return { kind, rules, dropsAt: new Date(row.notYet) };
  return { kind, rules };
}

function refusalOf(row: VerdictRow): ReserveRefusal {
  if (!row.found) return "no_page";
  if (row.eventState !== "open") return `event_${row.eventState}`;
  if (row.winLimit) return "win_limit";
  if (row.notYet !== null) return "not_yet";
  if (row.hourBudget) return "hour_budget";
  if (row.holdingAnother) return "holding_another";
  if (row.letGoRecently) return "let_go_recently";
  return "taken";
}

// A read answers up to 500 taps; one still unanswered a second after Postgres would have cancelled it is
// on a dead connection (its taps get 503, and the next batch goes ahead).
const VERDICT_BATCHES = { maxBatch: 500, timeoutMs: STATEMENT_TIMEOUT_MS + 1000 };

// One batcher per database handle, with the read prepared on that handle.
const verdictBatcher = perDatabase((db) => {
  const read = prepareVerdictsRead(db);
  return new BatchedReads<ReserveAsk, Verdict>((asks) => readVerdicts(read, asks), VERDICT_BATCHES);
});

/**
 * Whether a visitor can take the page's placement now, and if not why. Taps arriving together share one
 * read (shared/async/batched-reads.ts), each answered from a read that started after the tap arrived: the
 * answer this visitor would have got from a read of their own.
 */
export function verdictFor(db: Db, ask: ReserveAsk): Promise<Verdict> {
  return verdictBatcher(db).read(ask);
}
