import { badRequest } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { recordBulkDelete } from "./audit";
import { deleteProductsInTx } from "./internal";

/** Deletes every product page. Needs `confirm` (a guard against a stray request) and `force` if winners exist. */
export async function deleteAllProducts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { confirm: boolean; force: boolean };
}): Promise<{ detail: string; deleted_count: number }> {
  if (!input.confirm) throw badRequest("Deleting every product page needs confirm=true.");
  const deleted = await ctx.db.transaction(async (tx) => {
    const pages = await deleteProductsInTx(tx, { ids: "all", force: input.force });
    await recordBulkDelete(tx, ctx, "product.delete_all", pages);
    return pages.length;
  });
  return { detail: `Deleted ${deleted} product page${deleted === 1 ? "" : "s"}.`, deleted_count: deleted };
}
