import { z } from "zod";

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

type FileLike = { name: string; size: number; type: string; arrayBuffer(): Promise<ArrayBuffer> };

function isFileLike(value: unknown): value is FileLike {
  return typeof value === "object" && value !== null && "arrayBuffer" in value && "size" in value && "name" in value;
}

/**
 * A multipart `image` field: a file, or nothing. An empty file input (no name, no bytes) and an empty string
 * (the spec's prize client sends one when removing) both count as "no new image".
 */
const imageField = z
  .unknown()
  .transform((value, context): File | undefined => {
    if (value === undefined || value === "") return undefined;
    if (Array.isArray(value)) {
      context.addIssue({ code: "custom", message: "Send one image only." });
      return z.NEVER;
    }
    if (!isFileLike(value)) {
      context.addIssue({ code: "custom", message: "The submitted data was not a file. Check the encoding type on the form." });
      return z.NEVER;
    }
    if (value.size === 0 && value.name === "") return undefined;
    return value as File;
  })
  .optional();

/** A true/false flag sent as form or query text ("true"/"false", "1"/"0"); absent or empty means false. */
export const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])], { error: "Must be true or false." })
  .optional()
  .transform((value) => value === true || value === "true" || value === "1");

/** POST /api/admin/create-product/ (multipart). */
export const createProductBody = z.object({ name, description: description.optional().default(""), image: imageField }).strict();
export type CreateProductBody = z.infer<typeof createProductBody>;

/**
 * PUT /api/products/{id}/ (multipart): a new `image` replaces the picture, `remove_image=true` removes it,
 * neither keeps it. A missing description is left as it is.
 */
export const updateProductBody = z
  .object({ name, description: description.optional(), image: imageField, remove_image: flag })
  .strict()
  .refine((body) => !(body.image && body.remove_image), {
    message: "Send either a new image or remove_image=true, not both.",
  });
export type UpdateProductBody = z.infer<typeof updateProductBody>;

/** DELETE /api/products/{id}/?force=true: force deletes even when winners are linked (they are kept). */
export const deleteProductQuery = z.object({ force: flag });

/** POST /api/products/delete_selected/ (JSON). */
export const deleteSelectedProductsBody = z
  .object({
    product_ids: z
      .array(
        z
          .number({ error: "Each product id must be a number." })
          .int("Each product id must be a whole number.")
          .positive("Each product id must be positive.")
          .max(2_147_483_647, "No product has this id."),
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
export const deleteAllProductsQuery = z.object({ confirm: flag, force: flag });
