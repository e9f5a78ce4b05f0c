import { absentMeansFalse, imageFile, MAX_ID } from "./fields";
import { translationFields, translationFormFields } from "./translations";
import { z } from "./zod";

/**
 * Product page input, one schema per operation. The add and edit forms (zodResolver) and the route
 * handlers share these, so the spec's messages are written once.
 */

const PRODUCT_NAME_MAX = 200;
const PRODUCT_DESCRIPTION_MAX = 5000;

const name = z
  .string({ error: "validation.product.nameRequired" })
  .trim()
  .min(1, "validation.product.nameRequired")
  .max(PRODUCT_NAME_MAX, "validation.product.nameTooLong");

const description = z
  .string({ error: "validation.product.descriptionNotText" })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, "validation.product.descriptionTooLong");

const limits = { name: PRODUCT_NAME_MAX, description: PRODUCT_DESCRIPTION_MAX };
const translations = translationFields(limits);

/** The text fields of the add and edit forms. The image is picked separately (components/ui/image-picker). */
export const productForm = z.object({ name, description, ...translationFormFields(limits) });
export type ProductForm = z.infer<typeof productForm>;

/** POST /api/admin/create-product/ (multipart). */
export const createProductBody = z
  .object({ name, description: description.optional().default(""), ...translations, image: imageFile })
  .strict();
export type CreateProductBody = z.infer<typeof createProductBody>;

/**
 * PUT /api/products/{id}/ (multipart): a new `image` replaces the picture, `remove_image=true` removes it,
 * neither keeps it. A missing description is left as it is.
 */
export const updateProductBody = z
  .object({ name, description: description.optional(), ...translations, image: imageFile, remove_image: absentMeansFalse })
  .strict()
  .refine((body) => !(body.image && body.remove_image), {
    message: "validation.product.imageAndRemove",
  });
export type UpdateProductBody = z.infer<typeof updateProductBody>;

/** DELETE /api/products/{id}/?force=true: force deletes even when winners are linked (they are kept). */
export const deleteProductQuery = z.object({ force: absentMeansFalse });

/** POST /api/products/delete_selected/ (JSON). */
export const deleteSelectedProductsBody = z
  .object({
    product_ids: z
      .array(
        z
          .number({ error: "validation.product.idNotNumber" })
          .int("validation.product.idNotWhole")
          .positive("validation.product.idNotPositive")
          .max(MAX_ID, "validation.product.noSuchId"),
        {
          error: "validation.product.idsNotList",
        },
      )
      .min(1, "validation.product.selectOne")
      .max(1000, "validation.product.tooMany"),
    force: z.boolean({ error: "validation.fields.boolean" }).optional().default(false),
  })
  .strict();
export type DeleteSelectedProductsBody = z.infer<typeof deleteSelectedProductsBody>;

/** DELETE /api/products/delete_all/?confirm=true&force=... */
export const deleteAllProductsQuery = z.object({ confirm: absentMeansFalse, force: absentMeansFalse });
