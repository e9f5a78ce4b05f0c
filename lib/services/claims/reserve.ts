import { and, eq, sql } from "drizzle-orm";
import { eventRulesAt, type RulesOf } from "@/db/queries/event-rules";
import { placements, prizes } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { AppError, notFound, type Said } from "@/lib/errors";
import { closedEventMessage, dropsAtMessage, hourBudgetMessage, WIN_LIMIT_PER_DAY, WIN_LIMIT_PER_EVENT } from "@/lib/event/messages";
import { eventTimeZone } from "@/lib/event/time-zone";
import type { ReserveRefusalCode } from "@/shared/contracts/claims";
import { text } from "@/shared/i18n/text";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { eventGateShared } from "./event-gate";
import { type ReserveRefusal, reservableBy, verdictFor } from "./reservable";

/**
 * The id of the page that answers the address (addresses: a live event's when one holds it), as a subquery,
 * so the UPDATE that acts on it also finds it.
 */
export function productIdOf(urlPath: string) {
  return sql`(select answering.product_id from addresses answering where answering.url_path = ${urlPath})`;
}

// Said in the visitor's language by lib/api/respond.ts.
const TAKEN = text("visitor.api.taken");
export const NO_PRODUCT = text("visitor.api.noProduct");
const HOLDING_ANOTHER = text("visitor.api.holdingAnother");
export const NO_VISITOR_COOKIE = text("visitor.api.noVisitorCookie");
const LET_GO_RECENTLY = text("visitor.api.letGoRecently");

// Two-key advisory locks (class, key) never collide with the one-key locks of lib/services/placements.
export const VISITOR_LOCK_CLASS = 7_301_994;
const PACED_PRIZE_LOCK_CLASS = 7_301_995;

/**
 * A visitor taps the ticket. One conditional UPDATE decides the race: it takes the page's live placement
 * only if the prize can still be won and the placement is free, its hold expired, or already this
 * visitor's. The visitor's own live hold keeps its expiry (asking again never extends it). Also refused:
 * a visitor holding another page's prize (one hold at a time), and one whose own hold of this placement
 * lapsed or was cancelled less than RESERVATION_SECONDS ago (the hold stays recorded, ended, for that).
 * The visitor's own live hold, cut short to a grace because their page went away (cancel.ts, `leaving`),
 * gets its first end back: the reloaded page asks again and reopens the form with the seconds left.
 * The visitor's reserves run one at a time (an advisory lock on their id): two taps on two pages at once
 * could otherwise both see no other hold. Zero rows: 409 with the reason, or 404 for no such page.
 * Every tap has a visitor id (the route refuses one without: NO_VISITOR_COOKIE), so taps sent together
 * by one phone are one visitor's, even its very first ones.
 */
export async function reservePrize({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  const holdSeconds = getConfig().reservationSeconds;
  // Most taps in a crowd lose: one read says so, and why, without the transaction and its lock. Only a
  // win is decided by the conditional UPDATE below; a refusal read a moment earlier is the answer the
  // visitor would get.
  const me = input.visitorId;
  const ask = { urlPath: input.urlPath, visitorId: me, holdSeconds };
  const verdict = await verdictFor(ctx.db, ask);
  if (verdict.kind !== "takeable") throw await refusal(ctx, verdict.kind, verdict.rules, verdict.dropsAt);
  const held = await retryingTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select ${eventGateShared()}, pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, hashtext(${me}))`);
    // A prize paced by the hour: its holds are taken one at a time, so each sees the others' (live holds
    // count against the hour's budget, and two taken together could both fit where one does).
    if (verdict.hourly) await tx.execute(sql`select pg_advisory_xact_lock(${PACED_PRIZE_LOCK_CLASS}, ${verdict.prizeId})`);
    const mine = sql`${placements.reservedBy} = ${me} and ${placements.reservedUntil} > now()`;
    const [row] = await tx
      .update(placements)
      .set({
        reservedBy: me,
        // Both read the row as it was: the visitor's own live hold keeps (or gets back) its first end.
        reservedUntil: sql`case when ${mine} then greatest(${placements.reservedUntil}, coalesce(${placements.holdEndsAt}, ${placements.reservedUntil}))
          else now() + make_interval(secs => ${holdSeconds}) end`,
        holdEndsAt: sql`case when ${mine} then coalesce(${placements.holdEndsAt}, ${placements.reservedUntil})
          else now() + make_interval(secs => ${holdSeconds}) end`,
      })
      .where(
        and(
          eq(placements.productId, productIdOf(input.urlPath)),
          ...reservableBy(me, holdSeconds),
          // The prize whose holds this transaction serialises (its page got another meanwhile: refused as taken);
          // with no lock taken, only a prize not paced by the hour (a limit set meanwhile: refused as taken).
          verdict.hourly
            ? eq(placements.prizeId, verdict.prizeId)
            : sql`not exists (select 1 from ${prizes} paced where paced.id = ${placements.prizeId} and paced.hourly_limit is not null)`,
        ),
      )
      .returning({
        reservedUntil: placements.reservedUntil,
        secondsLeft: sql<number>`ceil(extract(epoch from ${placements.reservedUntil} - now()))::int`,
        // A new hold ends exactly a hold's length from this transaction's now(); the visitor's own live one,
        // asked for again, keeps its earlier end (the funnel counts a hold once: lib/funnel).
        granted: sql<boolean>`${placements.reservedUntil} = now() + make_interval(secs => ${holdSeconds})`,
      });
    return row;
  });
  if (held) return { reservedUntil: held.reservedUntil!, secondsLeft: held.secondsLeft, granted: held.granted, eventId: verdict.eventId };
  // Taken between the read and the UPDATE: the read again says why (TAKEN if it still looks free).
  const again = await verdictFor(ctx.db, ask);
  throw await (again.kind === "takeable" ? refusal(ctx, "taken", null) : refusal(ctx, again.kind, again.rules, again.dropsAt));
}

/** A refused tap's 409, knowing the event of the page it was refused on (its metrics' `event` label). */
export class RefusedTap extends AppError {
  constructor(
    said: Said,
    extra: Record<string, unknown>,
    readonly eventId: number,
  ) {
    super("conflict", said, extra);
  }
}

/**
 * The answer to a refused tap: 404 for no such page, else 409 `{detail, code}`. The page shows the detail
 * and words its modal by the code (only "taken" is somebody else's doing).
 */
export async function refusal(ctx: ServiceContext, kind: ReserveRefusal, rules: RulesOf | null, dropsAt?: Date): Promise<AppError> {
  if (kind === "no_page") return notFound(NO_PRODUCT);
  const rulesOf = rules ?? { eventId: ctx.eventId, version: null };
  // An announced drop still to come: its time, said on the event's clock, and as ISO 8601 for the page.
  if (kind === "not_yet" && dropsAt)
    return new RefusedTap(
      dropsAtMessage(dropsAt, eventTimeZone(rulesOf.eventId)),
      { code: kind, drops_at: dropsAt.toISOString() },
      rulesOf.eventId,
    );
  return new RefusedTap(await refusalDetail(ctx, kind, rulesOf), { code: kind }, rulesOf.eventId);
}

async function refusalDetail(ctx: ServiceContext, code: ReserveRefusalCode, rulesOf: RulesOf): Promise<Said> {
  switch (code) {
    case "taken":
      return TAKEN;
    case "holding_another":
      return HOLDING_ANOTHER;
    case "let_go_recently":
      return LET_GO_RECENTLY;
    case "hour_budget":
      return hourBudgetMessage(new Date(), eventTimeZone(rulesOf.eventId));
    case "not_yet":
      return TAKEN; // Never without its time (refusal() says it); an empty page's answer otherwise.
  }
  const rules = await eventRulesAt(ctx.db, rulesOf);
  if (code === "win_limit") return rules.winsPerVisitor === "one_per_day" ? WIN_LIMIT_PER_DAY : WIN_LIMIT_PER_EVENT;
  const state = code === "event_paused" ? "paused" : code === "event_ended" ? "ended" : "not_started";
  return closedEventMessage({ ...rules, state }, rules.timeZone) ?? TAKEN;
}
