import { and, count, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db";
import { products, winners } from "@/db/schema";
import { badRequest } from "@/lib/errors";
import { text } from "@/shared/i18n/text";

/**
 * Deletes product pages of event `eventId` inside the caller's transaction (another event's ids are skipped as unknown ones are) and returns those that went (id, name). Without `force`, refuses
 * with 400 `{detail, winners_count}` when any winner is linked to them. Winners are kept either way (their
 * product link is set to NULL by the foreign key); placements on the deleted pages go with them (cascade).
 *
 * The pages are locked first (FOR UPDATE): a claim inserting a winner for one of them waits for us or we for
 * it, so the winners count read afterwards cannot miss a winner created in between.
 */
export async function deleteProductsInTx(
  tx: Tx,
  { eventId, ids, force }: { eventId: number; ids: number[] | "all"; force: boolean },
): Promise<{ id: number; name: string }[]> {
  const locked = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.eventId, eventId), ids === "all" ? undefined : inArray(products.id, ids)))
    .for("update");
  const lockedIds = locked.map((row) => row.id);
  if (lockedIds.length === 0) return [];
  if (!force) {
    const [linked] = await tx.select({ value: count() }).from(winners).where(inArray(winners.productId, lockedIds));
    const winnersCount = linked?.value ?? 0;
    if (winnersCount > 0) {
      throw badRequest(text("errors.products.winnersLinked", { count: winnersCount, pages: lockedIds.length }), {
        winners_count: winnersCount,
      });
    }
  }
  const deleted = await tx
    .delete(products)
    .where(lockedIds.length === 1 ? eq(products.id, lockedIds[0]!) : inArray(products.id, lockedIds))
    .returning({ id: products.id, name: products.name });
  return deleted;
}
