import { eq } from "drizzle-orm";
import { placements, prizes, products } from "@/db/schema";
import { notFound, ValidationError } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import type { CreatePlacementBody } from "@/lib/validation/placement";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { placementName } from "./audit";
import { assertDropTime } from "./drop-time";
import { assertPageFree, assertRoomForPlacement, pageTakenInstead } from "./rules";
import { lockPlacementWrites } from "./top-up";
import { unplacedUnits } from "./unplaced";

export { isPageTakenRefusal } from "./rules";

/**
 * POST /api/prize-distributions/: place a prize on a product page by hand, live now or as a drop at
 * `drops_at` (announced unless `announce` is false). A drop is set aside apart from automatic placement: it
 * does not count towards "Pages at once", only against the stock and today's budget, and keeps its page. Also
 * answers how many units of the prize are still on no page (`unplaced`): once this one is won, nothing is
 * placed again unless automatic placement is on, and the screen offers to switch it on. The prize and the
 * page must be of the call's event: another event's is 404, before anything is written (the composite keys
 * would refuse the row anyway, with a database error).
 */
export async function createPlacement({ ctx, input }: { ctx: ServiceContext; input: CreatePlacementBody }) {
  const dropsAt = input.drops_at ?? null;
  const announce = input.announce ?? true;
  // Lock order (../README.md): placement writes, the page, the prize, then the new placement row.
  return retryingTransaction(ctx.db, async (tx) => {
    await lockPlacementWrites(tx);
    if (dropsAt !== null) await assertDropTime(tx, ctx.eventId, dropsAt);
    // KEY SHARE: the page cannot be deleted under us (a delete would otherwise fail our insert).
    const [product] = await tx.select({ eventId: products.eventId }).from(products).where(eq(products.id, input.product)).for("key share");
    if (!product) throw ValidationError.field("product", text("errors.placements.existingProduct"));
    // A plain read: the prize row is locked below (assertRoomForPlacement), after the page, as every path does.
    const [prize] = await tx.select({ eventId: prizes.eventId }).from(prizes).where(eq(prizes.id, input.prize));
    if (!prize) throw ValidationError.field("prize", text("errors.placements.existingPrize"));
    if (product.eventId !== ctx.eventId) throw notFound(text("errors.products.notFound"));
    if (prize.eventId !== ctx.eventId) throw notFound(MESSAGES.prizeNotFound);
    if (input.is_active) {
      await assertPageFree(tx, input.product);
      await assertRoomForPlacement(tx, input.prize, { setAside: dropsAt !== null });
    }
    const [created] = await tx
      .insert(placements)
      .values({
        eventId: ctx.eventId,
        prizeId: input.prize,
        productId: input.product,
        isActive: input.is_active,
        dropsAt: dropsAt === null ? null : new Date(dropsAt),
        announce,
        setAside: dropsAt !== null,
      })
      .returning({ id: placements.id });
    await recordAudit(tx, ctx, {
      action: "placement.create",
      target: { type: "placement", id: created!.id, name: await placementName(tx, created!.id) },
      changes: diffChanges(
        null,
        {
          prize: input.prize,
          product: input.product,
          is_active: input.is_active,
          // A drop's time and whether it is announced; nothing for a placement live at once.
          drops_at: dropsAt === null ? null : new Date(dropsAt).toISOString(),
          announce: dropsAt === null ? null : announce,
        },
        ["prize", "product", "is_active", "drops_at", "announce"],
      ),
    });
    return { id: created!.id, unplaced: await unplacedUnits(tx, [input.prize]) };
  }).catch(pageTakenInstead);
}
