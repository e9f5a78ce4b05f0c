// POST /api/admin/create-product - create a product page (multipart: name, description, image)

import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { imageUploadBody } from "@/lib/images/upload";
import { createProduct } from "@/lib/services/products/create";
import { createProductBody } from "@/lib/validation/product";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route(
  {
    access: "admin",
    roles: WRITE_ROLES,
    body: createProductBody,
    ...imageUploadBody("product"),
  },
  async ({ ctx, body }) => json(await createProduct({ ctx, input: body }), 201),
);
