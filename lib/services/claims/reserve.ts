import { and, eq, sql } from "drizzle-orm";
import { prizeWinnable } from "@/db/prize-rules";
import { placements, prizes, products } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { conflict, notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

/** The product page's id as a subquery, so the UPDATE that acts on it also finds it. */
export function productIdOf(urlPath: string) {
  return sql`(select ${products.id} from ${products} where ${products.urlPath} = ${urlPath})`;
}

export const TAKEN = "Sorry, someone else got there first.";
export const NO_PRODUCT = "Product information not found.";
export const HOLDING_ANOTHER = "You are already holding a prize on another page: claim it or cancel it first.";
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
 */
export async function reservePrize({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  const holdSeconds = getConfig().reservationSeconds;
  const me = input.visitorId;
  // Most taps in a crowd lose: one read says so, and why, without the transaction and its lock. Only a
  // win is decided by the conditional UPDATE below; a refusal read a moment earlier is the answer the
  // visitor would get.
  const verdict = await readVerdict(ctx, input.urlPath, me, holdSeconds);
  if (verdict.refusal) throw verdict.refusal;
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
      });
    return row;
  });
  if (held) return { reservedUntil: held.reservedUntil!, secondsLeft: held.secondsLeft };
  // Taken between the read and the UPDATE: the read again says by whom (TAKEN if it still looks free).
  throw (await readVerdict(ctx, input.urlPath, me, holdSeconds)).refusal ?? conflict(TAKEN);
}

/**
 * What makes a placement takeable by visitor `me`: live, its prize winnable, free (or its hold expired, or
 * already mine), not let go by me moments ago, and me holding nothing elsewhere. The UPDATE that takes it
 * and the read that refuses early share these conditions.
 */
function reservableBy(me: string, holdSeconds: number) {
  return [
    eq(placements.isActive, true),
    sql`exists (select 1 from ${prizes} where ${prizes.id} = ${placements.prizeId} and ${prizeWinnable()})`,
    sql`(${placements.reservedUntil} is null or ${placements.reservedUntil} <= now() or ${placements.reservedBy} = ${me})`,
    // coalesce: with nobody's hold recorded the comparison is NULL, which must not refuse.
    sql`not coalesce(${placements.reservedBy} = ${me} and ${placements.reservedUntil} <= now()
      and ${placements.reservedUntil} > now() - make_interval(secs => ${holdSeconds}), false)`,
    sql`not exists (select 1 from ${placements} other where other.reserved_by = ${me} and other.is_active
      and other.reserved_until > now() and other.id <> ${placements.id})`,
  ];
}

/**
 * Whether visitor `me` can take the page's placement now, and if not the answer to give, in one read: 404
 * for no such page, else 409 naming the reason. The conditions are `reservableBy`'s, in a join's ON, where
 * drizzle names each column with its table (in a SELECT list it would not, and the correlated subqueries
 * would read the wrong table); the reasons' subqueries name their own alias and find the page by url_path.
 */
async function readVerdict(ctx: ServiceContext, urlPath: string, me: string, holdSeconds: number) {
  const pageId = productIdOf(urlPath);
  const [row] = await ctx.db
    .select({
      takeable: sql<boolean>`bool_or(${placements.id} is not null)`,
      holdingAnother: sql<boolean>`exists (select 1 from ${placements} mine where mine.reserved_by = ${me}
        and mine.is_active and mine.reserved_until > now() and mine.product_id <> ${pageId})`,
      letGoRecently: sql<boolean>`exists (select 1 from ${placements} mine where mine.product_id = ${pageId}
        and mine.is_active and mine.reserved_by = ${me} and mine.reserved_until <= now()
        and mine.reserved_until > now() - make_interval(secs => ${holdSeconds}))`,
    })
    .from(products)
    .leftJoin(placements, and(eq(placements.productId, products.id), ...reservableBy(me, holdSeconds)))
    .where(eq(products.urlPath, urlPath))
    .groupBy(products.id);
  if (!row) return { refusal: notFound(NO_PRODUCT) };
  if (row.takeable) return { refusal: null };
  if (row.holdingAnother) return { refusal: conflict(HOLDING_ANOTHER) };
  if (row.letGoRecently) return { refusal: conflict(LET_GO_RECENTLY) };
  return { refusal: conflict(TAKEN) };
}
