import { badRequest } from "@/lib/errors";
import { type Text, text } from "@/shared/i18n/text";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { recordBulkDelete } from "./audit";
import { deleteProductsInTx } from "./internal";

/** Deletes every product page of the call's event. Needs `confirm` (a guard against a stray request) and `force` if winners exist. */
export async function deleteAllProducts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { confirm: boolean; force: boolean };
}): Promise<{ detail: Text; deleted_count: number }> {
  if (!input.confirm) throw badRequest(text("errors.products.confirmDeleteAll"));
  const deleted = await retryingTransaction(ctx.db, async (tx) => {
    const pages = await deleteProductsInTx(tx, { eventId: ctx.eventId, ids: "all", force: input.force });
    await recordBulkDelete(tx, ctx, "product.delete_all", pages);
    return pages.length;
  });
  return { detail: text("errors.products.deletedAll", { count: deleted }), deleted_count: deleted };
}
