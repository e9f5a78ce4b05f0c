import { and, eq, isNull, not, sql } from "drizzle-orm";
import { handOverOf, winnerColumns } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { type Text, text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks, winnerMessage } from "../webhooks/enqueue";
import { WINNER_NOT_FOUND, winnerTarget } from "./messages";

/** Names the winner: staff at a second desk see whose prize it was, not only when it went. */
const alreadyHandedOver = (name: string, at: Date | null): Text =>
  at ? text("errors.winners.alreadyHandedOver", { name, at }) : text("errors.winners.alreadyHandedOverNoTime", { name });

/**
 * The prize desk hands a prize over. One conditional UPDATE: of two desks (or one code shown twice) only
 * the first finds the winner not yet received; the second gets 409 naming the winner and the time it was
 * handed over. A win past its deadline gets 409 naming the time it expired.
 */
export async function markReceived({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const marked = await retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(winners)
      .set({ isReceived: true, receivedAt: sql`now()` })
      // Not past its deadline, by the database's clock: of a hand-over and the expiry sweep at the deadline,
      // exactly one changes the row (the sweep's UPDATE requires the opposite, under the same row lock).
      .where(
        and(
          eq(winners.id, input.id),
          eq(winners.eventId, ctx.eventId),
          not(winners.isReceived),
          isNull(winners.expiredAt),
          sql`(${winners.collectBy} is null or ${winners.collectBy} > now())`,
        ),
      )
      .returning(winnerColumns);
    if (row) {
      await recordAudit(tx, ctx, {
        action: "winner.mark_received",
        target: winnerTarget(row),
        changes: { is_received: { before: false, after: true }, received_at: { before: null, after: row.received_at } },
      });
      await enqueueWebhooks(tx, "winner.received", [
        winnerMessage({
          id: row.id,
          eventId: ctx.eventId,
          name: row.name,
          prizeId: row.prize,
          prizeName: row.prize_name,
          productId: row.product,
          productName: row.product_name,
          createdAt: row.created_at,
          collectBy: row.collect_by,
          receivedAt: row.received_at,
        }),
      ]);
    }
    return row;
  });
  if (marked) return marked;
  const handOver = await handOverOf({ db: ctx.db, eventId: ctx.eventId, id: input.id });
  if (handOver === undefined) throw notFound(WINNER_NOT_FOUND);
  if (handOver.receivedAt) throw conflict(alreadyHandedOver(handOver.name, handOver.receivedAt));
  // Past its deadline: expired already, or about to be by the next sweep. The time named is the deadline the
  // visitor was told (the sweep's own moment follows it by seconds).
  const at = handOver.collectBy ?? handOver.expiredAt;
  if (at) throw conflict(text("errors.winners.expired", { at }));
  throw conflict(alreadyHandedOver(handOver.name, handOver.receivedAt));
}
