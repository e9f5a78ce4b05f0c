import { eq, sql } from "drizzle-orm";
import { findProduct, type ProductView } from "@/db/queries/products";
import { products } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { storeUploadedImage } from "@/lib/images/upload";
import type { UpdateProductBody } from "@/lib/validation/product";
import type { ServiceContext } from "../context";

export const PRODUCT_NOT_FOUND = "No product page matches the given id.";

/**
 * Changes a product page's name and description and its image: replaced by a new upload, removed with
 * `remove_image`, or kept when neither is sent. The url_path never changes, so printed QR codes stay valid.
 */
export async function updateProduct({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: UpdateProductBody & { id: number };
}): Promise<ProductView> {
  // Stored before the update for the same reason as in createProduct: decoding must not hold a transaction.
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "product") : undefined;
  const imageId = input.remove_image ? null : image?.id;
  const [row] = await ctx.db
    .update(products)
    .set({
      name: input.name,
      ...(input.description !== undefined && { description: input.description }),
      ...(imageId !== undefined && { imageId }),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, input.id))
    .returning({ id: products.id });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return (await findProduct({ db: ctx.db, id: row.id }))!;
}
