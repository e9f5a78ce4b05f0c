import { notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { deleteProductsInTx } from "./internal";
import { PRODUCT_NOT_FOUND } from "./update";

/** Deletes one product page; 400 with winners_count when winners are linked and not forced. */
export async function deleteProduct({ ctx, input }: { ctx: ServiceContext; input: { id: number; force: boolean } }): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => deleteProductsInTx(tx, { ids: [input.id], force: input.force }));
  if (deleted === 0) throw notFound(PRODUCT_NOT_FOUND);
}
