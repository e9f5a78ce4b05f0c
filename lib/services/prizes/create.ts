import { prizes } from "@/db/schema";
import { storeUploadedImage } from "@/lib/images/upload";
import type { CreatePrizeBody } from "@/lib/validation/prize";
import { translationColumns } from "@/lib/validation/translations";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { replenishPrize } from "../placements/maintain";
import { retryingTransaction } from "../transaction";
import { PRIZE_AUDITED_FIELDS } from "./update";

/** Creates a prize in the call's event and, in maintenance mode, places it on that event's pages. */
export async function createPrize({ ctx, input }: { ctx: ServiceContext; input: CreatePrizeBody }): Promise<{ id: number }> {
  // Decoding happens before the transaction: it is slow, and must not hold a connection (or PGlite's one).
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "prize") : null;
  const created = await retryingTransaction(ctx.db, async (tx) => {
    const values = {
      name: input.name,
      description: input.description,
      ...translationColumns(input, { creating: true }),
      imageId: image?.id ?? null,
      totalQuantity: input.total_quantity,
      remainingQuantity: input.total_quantity,
      dailyDistribution: input.daily_distribution,
      maintenanceCount: input.maintenance_count,
      hourlyLimit: input.hourly_limit,
      isActive: input.is_active,
    };
    const [row] = await tx
      .insert(prizes)
      .values({ ...values, eventId: ctx.eventId })
      .returning({ id: prizes.id });
    await recordAudit(tx, ctx, {
      action: "prize.create",
      target: { type: "prize", id: row!.id, name: input.name },
      changes: diffChanges(null, values, PRIZE_AUDITED_FIELDS),
    });
    return row!;
  });
  await replenishPrize(ctx.db, created.id);
  return created;
}
