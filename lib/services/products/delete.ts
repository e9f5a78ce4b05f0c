import { notFound } from "@/lib/errors";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { deleteProductsInTx } from "./internal";
import { PRODUCT_NOT_FOUND } from "./update";

/** Deletes one product page; 400 with winners_count when winners are linked and not forced. */
export async function deleteProduct({ ctx, input }: { ctx: ServiceContext; input: { id: number; force: boolean } }): Promise<void> {
  await retryingTransaction(ctx.db, async (tx) => {
    const [deleted] = await deleteProductsInTx(tx, { eventId: ctx.eventId, ids: [input.id], force: input.force });
    if (!deleted) throw notFound(PRODUCT_NOT_FOUND);
    await recordAudit(tx, ctx, { action: "product.delete", target: { type: "product", id: deleted.id, name: deleted.name } });
  });
}
