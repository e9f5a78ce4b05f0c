// POST /api/admin/create-product - create a product page (multipart: name, description, image)
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { IMAGE_LIMITS, MULTIPART_OVERHEAD_BYTES } from "@/lib/images/upload";
import { createProduct } from "@/lib/services/products/create";
import { createProductBody } from "@/lib/validation/product";

export const POST = route(
  {
    access: "admin",
    body: createProductBody,
    bodyFormat: "multipart",
    maxBodyBytes: IMAGE_LIMITS.product.maxBytes + MULTIPART_OVERHEAD_BYTES,
    tooLargeMessage: IMAGE_LIMITS.product.tooLarge,
  },
  async ({ ctx, body }) => json(await createProduct({ ctx, input: body }), 201),
);
