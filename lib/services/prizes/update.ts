import { and, eq, sql } from "drizzle-orm";
import { catalogueTexts, prizeSettings } from "@/db/queries/catalogue-columns";
import { prizes } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { storeUploadedImage } from "@/lib/images/upload";
import { MESSAGES } from "@/lib/messages";
import type { UpdatePrizeBody } from "@/lib/validation/prize";
import { translationColumns } from "@/lib/validation/translations";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { replenishPrize } from "../placements/maintain";
import { trimPlacements } from "../placements/top-up";
import { retryingTransaction } from "../transaction";

/** What a prize's audit rows compare: every field the form edits. */
export const PRIZE_AUDITED_FIELDS = [
  "name",
  "description",
  "nameEn",
  "nameKo",
  "descriptionEn",
  "descriptionKo",
  "imageId",
  "totalQuantity",
  "remainingQuantity",
  "dailyDistribution",
  "maintenanceCount",
  "hourlyLimit",
  "isActive",
] as const;
const auditedColumns = {
  ...catalogueTexts(prizes),
  imageId: prizes.imageId,
  ...prizeSettings,
};

/**
 * Edits a prize of the call's event (another event's is not found, as an unknown one is); the image is kept
 * unless a new one is sent or `remove_image` is true.
 */
export async function updatePrize({ ctx, input }: { ctx: ServiceContext; input: UpdatePrizeBody & { id: number } }) {
  // Decoding happens before the transaction: it is slow, and must not hold a connection (or PGlite's one).
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "prize") : null;
  const thePrize = and(eq(prizes.eventId, ctx.eventId), eq(prizes.id, input.id));
  await retryingTransaction(ctx.db, async (tx) => {
    const imageChange = image ? { imageId: image.id } : input.remove_image ? { imageId: null } : {};
    // The row as it was, locked so the audit's "before" is what this update replaced.
    const [before] = await tx.select(auditedColumns).from(prizes).where(thePrize).for("update");
    const [row] = await tx
      .update(prizes)
      .set({
        name: input.name,
        description: input.description,
        ...translationColumns(input, { creating: false }),
        totalQuantity: input.total_quantity,
        remainingQuantity: input.remaining_quantity,
        dailyDistribution: input.daily_distribution,
        maintenanceCount: input.maintenance_count,
        hourlyLimit: input.hourly_limit,
        isActive: input.is_active,
        updatedAt: sql`now()`,
        ...imageChange,
      })
      .where(
        and(
          thePrize,
          // Claims keep taking units while the admin edits: a form that showed 5 left must not put back 5
          // when 2 were won meanwhile. The screen sends what it showed; the spec's client may not.
          input.expected_remaining_quantity === undefined ? undefined : eq(prizes.remainingQuantity, input.expected_remaining_quantity),
        ),
      )
      .returning(auditedColumns);
    if (!row) {
      const [current] = await tx.select({ remaining: prizes.remainingQuantity }).from(prizes).where(thePrize);
      if (!current) throw notFound(MESSAGES.prizeNotFound);
      throw conflict(text("errors.prizes.wonWhileEditing", { remaining: current.remaining }), {
        remaining_quantity: current.remaining,
      });
    }
    await recordAudit(tx, ctx, {
      action: "prize.update",
      target: { type: "prize", id: input.id, name: row.name },
      changes: diffChanges(before, row, PRIZE_AUDITED_FIELDS),
    });
    // A lowered target takes effect with the edit itself; a raised one is filled after commit.
    await trimPlacements(tx, input.id);
  });
  await replenishPrize(ctx.db, input.id);
}
