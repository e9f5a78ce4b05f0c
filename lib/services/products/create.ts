import { postgresErrorCode, UNIQUE_VIOLATION } from "@/db/errors";
import { findProduct, type ProductView } from "@/db/queries/products";
import { products } from "@/db/schema";
import { storeUploadedImage } from "@/lib/images/upload";
import { newUrlPath } from "@/lib/url-path";
import type { CreateProductBody } from "@/lib/validation/product";
import { translationColumns } from "@/lib/validation/translations";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { PRODUCT_AUDITED_FIELDS } from "./update";

// A clash of two random 10-character paths is about one in 10^17; a few tries make it vanish.
const URL_PATH_ATTEMPTS = 5;

/**
 * Creates a product page in the call's event with a fresh random url_path (unique within the event; a clash,
 * there or with another live event's address, is a unique violation and another path is drawn). The image is
 * decoded and stored first, outside any transaction: decoding takes a while and must not hold a connection (or
 * PGlite's single transaction), and a stored image without a product is harmless (images are content-addressed
 * and shared).
 */
export async function createProduct({ ctx, input }: { ctx: ServiceContext; input: CreateProductBody }): Promise<ProductView> {
  const image = input.image ? await storeUploadedImage(ctx.db, input.image, "product") : null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await retryingTransaction(ctx.db, async (tx) => {
        const values = {
          name: input.name,
          description: input.description,
          ...translationColumns(input, { creating: true }),
          imageId: image?.id ?? null,
        };
        const [row] = await tx
          .insert(products)
          .values({ ...values, eventId: ctx.eventId, urlPath: newUrlPath() })
          .returning({ id: products.id });
        await recordAudit(tx, ctx, {
          action: "product.create",
          target: { type: "product", id: row!.id, name: input.name },
          changes: diffChanges(null, values, PRODUCT_AUDITED_FIELDS),
        });
        return row!.id;
      });
      return (await findProduct({ db: ctx.db, eventId: ctx.eventId, id }))!;
    } catch (error) {
      if (postgresErrorCode(error) !== UNIQUE_VIOLATION || attempt >= URL_PATH_ATTEMPTS) throw error;
    }
  }
}
