import { eq, sql } from "drizzle-orm";
import { prizes } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { storeUploadedImage } from "@/lib/images/upload";
import type { UpdatePrizeBody } from "@/lib/validation/prize";
import type { ServiceContext } from "../context";
import { rebalancePrize } from "../placements/maintain";

/** Edits a prize; the image is kept unless a new one is sent or `remove_image` is true. */
export async function updatePrize({ ctx, input }: { ctx: ServiceContext; input: UpdatePrizeBody & { id: number } }) {
  // Decoding happens before the transaction: it is slow, and must not hold a connection (or PGlite's one).
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "prize") : null;
  await ctx.db.transaction(async (tx) => {
    const imageChange = image ? { imageId: image.id } : input.remove_image ? { imageId: null } : {};
    const [row] = await tx
      .update(prizes)
      .set({
        name: input.name,
        description: input.description,
        totalQuantity: input.total_quantity,
        remainingQuantity: input.remaining_quantity,
        dailyDistribution: input.daily_distribution,
        maintenanceCount: input.maintenance_count,
        isActive: input.is_active,
        updatedAt: sql`now()`,
        ...imageChange,
      })
      .where(eq(prizes.id, input.id))
      .returning({ id: prizes.id });
    if (!row) throw notFound("Prize not found.");
  });
  await rebalancePrize(ctx.db, input.id);
}
