import type { DeleteSelectedProductsBody } from "@/lib/validation/product";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { recordBulkDelete } from "./audit";
import { deleteProductsInTx } from "./internal";

/**
 * Deletes the listed product pages, all or none: if winners are linked to any of them and `force` is off,
 * nothing is deleted. Ids that no longer exist (deleted meanwhile by someone else) are skipped.
 */
export async function deleteSelectedProducts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: DeleteSelectedProductsBody;
}): Promise<{ deleted_count: number }> {
  const ids = [...new Set(input.product_ids)];
  const deleted = await retryingTransaction(ctx.db, async (tx) => {
    const pages = await deleteProductsInTx(tx, { eventId: ctx.eventId, ids, force: input.force });
    await recordBulkDelete(tx, ctx, "product.delete_selected", pages);
    return pages.length;
  });
  return { deleted_count: deleted };
}
