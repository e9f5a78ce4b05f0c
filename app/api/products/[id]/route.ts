// GET /api/products/{id} - one product page; PUT - change it (multipart); DELETE - delete it (?force=true with winners)

import { findProduct } from "@/db/queries/products";
import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { imageUploadBody } from "@/lib/images/upload";
import { deleteProduct } from "@/lib/services/products/delete";
import { PRODUCT_NOT_FOUND, updateProduct } from "@/lib/services/products/update";
import { deleteProductQuery, updateProductBody } from "@/lib/validation/product";
import { READ_ROLES, WRITE_ROLES } from "@/shared/roles";

const productId = (raw: string | undefined) => parseId(raw, PRODUCT_NOT_FOUND);

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx, params }) => {
  const product = await findProduct({ db: ctx.db, eventId: ctx.eventId, id: productId(params.id) });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
});

export const PUT = route(
  {
    access: "admin",
    roles: WRITE_ROLES,
    body: updateProductBody,
    ...imageUploadBody("product"),
  },
  async ({ ctx, params, body }) => updateProduct({ ctx, input: { ...body, id: productId(params.id) } }),
);

export const DELETE = route({ access: "admin", roles: WRITE_ROLES, query: deleteProductQuery }, async ({ ctx, params, query }) =>
  emptyAfter(deleteProduct({ ctx, input: { id: productId(params.id), force: query.force } })),
);
