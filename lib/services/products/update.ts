import { and, eq, sql } from "drizzle-orm";
import { findProduct, type ProductView, productTexts } from "@/db/queries/products";
import { products } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { storeUploadedImage } from "@/lib/images/upload";
import type { UpdateProductBody } from "@/lib/validation/product";
import { translationColumns } from "@/lib/validation/translations";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

export const PRODUCT_NOT_FOUND = text("errors.products.notFound");

/** What a product's audit rows compare: every field the form edits. */
export const PRODUCT_AUDITED_FIELDS = ["name", "description", "nameEn", "nameKo", "descriptionEn", "descriptionKo", "imageId"] as const;

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
  // Another event's page is not found, as an unknown one is.
  const thePage = and(eq(products.eventId, ctx.eventId), eq(products.id, input.id));
  await retryingTransaction(ctx.db, async (tx) => {
    const fields = { ...productTexts, imageId: products.imageId };
    const [before] = await tx.select(fields).from(products).where(thePage).for("update");
    if (!before) throw notFound(PRODUCT_NOT_FOUND);
    const [after] = await tx
      .update(products)
      .set({
        name: input.name,
        ...(input.description !== undefined && { description: input.description }),
        ...translationColumns(input, { creating: false }),
        ...(imageId !== undefined && { imageId }),
        updatedAt: sql`now()`,
      })
      .where(thePage)
      .returning(fields);
    await recordAudit(tx, ctx, {
      action: "product.update",
      target: { type: "product", id: input.id, name: after!.name },
      changes: diffChanges(before, after, PRODUCT_AUDITED_FIELDS),
    });
  });
  return (await findProduct({ db: ctx.db, eventId: ctx.eventId, id: input.id }))!;
}
