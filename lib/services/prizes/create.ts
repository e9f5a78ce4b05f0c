import { prizes } from "@/db/schema";
import { storeUploadedImage } from "@/lib/images/upload";
import type { CreatePrizeBody } from "@/lib/validation/prize";
import type { ServiceContext } from "../context";
import { replenishPrize } from "../placements/maintain";

export async function createPrize({ ctx, input }: { ctx: ServiceContext; input: CreatePrizeBody }): Promise<{ id: number }> {
  // Decoding happens before the transaction: it is slow, and must not hold a connection (or PGlite's one).
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "prize") : null;
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prizes)
      .values({
        name: input.name,
        description: input.description,
        imageId: image?.id ?? null,
        totalQuantity: input.total_quantity,
        remainingQuantity: input.total_quantity,
        dailyDistribution: input.daily_distribution,
        maintenanceCount: input.maintenance_count,
        hourlyLimit: input.hourly_limit,
        isActive: input.is_active,
      })
      .returning({ id: prizes.id });
    return row!;
  });
  await replenishPrize(ctx.db, created.id);
  return created;
}
