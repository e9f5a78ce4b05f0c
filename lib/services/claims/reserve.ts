import { and, eq, sql } from "drizzle-orm";
import { placements, products } from "@/db/schema";
import { getConfig } from "@/lib/config";
import type { ReserveRefusalReason } from "@/lib/contracts/claims";
import { type AppError, conflict, notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { type ReserveAsk, reservableBy, type Verdict, verdictFor } from "./reservable";

/** The product page's id as a subquery, so the UPDATE that acts on it also finds it. */
export function productIdOf(urlPath: string) {
  return sql`(select ${products.id} from ${products} where ${products.urlPath} = ${urlPath})`;
}

export const TAKEN = "Sorry, someone else got there first.";
export const NO_PRODUCT = "Product information not found.";
export const HOLDING_ANOTHER = "You are already holding a prize on another page: claim it or cancel it first.";
export const NO_VISITOR_COOKIE = "Your phone had no visitor cookie yet; it has one now. Tap the ticket again.";
export const LET_GO_RECENTLY = "You let this prize go a moment ago, so others get a turn first. Please try again shortly.";

// Two-key advisory locks (class, key) never collide with the one-key locks of lib/services/placements.
const VISITOR_LOCK_CLASS = 7_301_994;

/**
 * A visitor taps the ticket. One conditional UPDATE decides the race: it takes the page's live placement
 * only if the prize can still be won and the placement is free, its hold expired, or already this
 * visitor's. The visitor's own live hold keeps its expiry (asking again never extends it). Also refused:
 * a visitor holding another page's prize (one hold at a time), and one whose own hold of this placement
 * lapsed or was cancelled less than RESERVATION_SECONDS ago (the hold stays recorded, ended, for that).
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
  const refusal = await refusalFor(ctx, ask);
  if (refusal) throw refusal;
  const held = await retryingTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, hashtext(${me}))`);
    const [row] = await tx
      .update(placements)
      .set({
        reservedBy: me,
        reservedUntil: sql`case when ${placements.reservedBy} = ${me} and ${placements.reservedUntil} > now()
          then ${placements.reservedUntil} else now() + make_interval(secs => ${holdSeconds}) end`,
      })
      .where(and(eq(placements.productId, productIdOf(input.urlPath)), ...reservableBy(me, holdSeconds)))
      .returning({
        reservedUntil: placements.reservedUntil,
        secondsLeft: sql<number>`ceil(extract(epoch from ${placements.reservedUntil} - now()))::int`,
        // A new hold ends exactly a hold's length from this transaction's now(); the visitor's own live one,
        // asked for again, keeps its earlier end (the funnel counts a hold once: lib/funnel).
        granted: sql<boolean>`${placements.reservedUntil} = now() + make_interval(secs => ${holdSeconds})`,
      });
    return row;
  });
  if (held) return { reservedUntil: held.reservedUntil!, secondsLeft: held.secondsLeft, granted: held.granted };
  // Taken between the read and the UPDATE: the read again says by whom (TAKEN if it still looks free).
  throw (await refusalFor(ctx, ask)) ?? REFUSALS.taken();
}

/** The answer for a tap that cannot take the placement (null when it can): 404 for no such page, else 409. */
async function refusalFor(ctx: ServiceContext, ask: ReserveAsk): Promise<AppError | null> {
  const verdict = await verdictFor(ctx.db, ask);
  return verdict === "takeable" ? null : REFUSALS[verdict]();
}

// `reason` beside the detail: the page words its modal by it (only "taken" is somebody else's doing),
// and shows the detail itself.
const REFUSALS = {
  no_page: () => notFound(NO_PRODUCT),
  holding_another: () => conflict(HOLDING_ANOTHER, { reason: "holding_another" }),
  let_go_recently: () => conflict(LET_GO_RECENTLY, { reason: "let_go_recently" }),
  taken: () => conflict(TAKEN, { reason: "taken" }),
} satisfies Record<Exclude<Verdict, "takeable">, () => AppError> & Record<ReserveRefusalReason, () => AppError>;
