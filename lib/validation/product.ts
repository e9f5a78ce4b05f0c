import { absentMeansFalse, imageFile, MAX_ID } from "./fields";
import { z } from "./zod";

/**
 * Product page input, one schema per operation. The add and edit forms (zodResolver) and the route
 * handlers share these, so the spec's messages are written once.
 */

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;

const name = z
  .string({ error: "Please enter a product name." })
  .trim()
  .min(1, "Please enter a product name.")
  .max(PRODUCT_NAME_MAX, `The product name must be ${PRODUCT_NAME_MAX} characters or fewer.`);

const description = z
  .string({ error: "The description must be text." })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, `The description must be ${PRODUCT_DESCRIPTION_MAX} characters or fewer.`);

/** The text fields of the add and edit forms. The image is picked separately (components/ui/image-picker). */
export const productForm = z.object({ name, description });
export type ProductForm = z.infer<typeof productForm>;

/** POST /api/admin/create-product/ (multipart). */
export const createProductBody = z.object({ name, description: description.optional().default(""), image: imageFile }).strict();
export type CreateProductBody = z.infer<typeof createProductBody>;

/**
 * PUT /api/products/{id}/ (multipart): a new `image` replaces the picture, `remove_image=true` removes it,
 * neither keeps it. A missing description is left as it is.
 */
export const updateProductBody = z
  .object({ name, description: description.optional(), image: imageFile, remove_image: absentMeansFalse })
  .strict()
  .refine((body) => !(body.image && body.remove_image), {
    message: "Send either a new image or remove_image=true, not both.",
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
          .number({ error: "Each product id must be a number." })
          .int("Each product id must be a whole number.")
          .positive("Each product id must be positive.")
          .max(MAX_ID, "No product has this id."),
        {
          error: "Send the ids of the products to delete as a list.",
        },
      )
      .min(1, "Select at least one product to delete.")
      .max(1000, "Delete at most 1000 products at a time."),
    force: z.boolean({ error: "Must be true or false." }).optional().default(false),
  })
  .strict();
export type DeleteSelectedProductsBody = z.infer<typeof deleteSelectedProductsBody>;

/** DELETE /api/products/delete_all/?confirm=true&force=... */
export const deleteAllProductsQuery = z.object({ confirm: absentMeansFalse, force: absentMeansFalse });
