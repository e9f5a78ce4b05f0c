// GET /api/products/{id} - one product page; PUT - change it (multipart); DELETE - delete it (?force=true with winners)
import { findProduct } from "@/db/queries/products";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { IMAGE_LIMITS, MULTIPART_OVERHEAD_BYTES } from "@/lib/images/upload";
import { deleteProduct } from "@/lib/services/products/delete";
import { PRODUCT_NOT_FOUND, updateProduct } from "@/lib/services/products/update";
import { deleteProductQuery, parseProductId, updateProductBody } from "@/lib/validation/product";

function productId(raw: string): number {
  const id = parseProductId(raw);
  if (id === null) throw notFound(PRODUCT_NOT_FOUND);
  return id;
}

export const GET = route<{ id: string }>({ access: "admin" }, async ({ ctx, params }) => {
  const product = await findProduct({ db: ctx.db, id: productId(params.id) });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
});

// Type arguments spelled out: TypeScript cannot infer the schemas once the params type is given.
export const PUT = route<{ id: string }, undefined, typeof updateProductBody>(
  {
    access: "admin",
    body: updateProductBody,
    bodyFormat: "multipart",
    maxBodyBytes: IMAGE_LIMITS.product.maxBytes + MULTIPART_OVERHEAD_BYTES,
    tooLargeMessage: IMAGE_LIMITS.product.tooLarge,
  },
  async ({ ctx, params, body }) => updateProduct({ ctx, input: { ...body, id: productId(params.id) } }),
);

export const DELETE = route<{ id: string }, typeof deleteProductQuery>({ access: "admin", query: deleteProductQuery }, async ({ ctx, params, query }) => {
  await deleteProduct({ ctx, input: { id: productId(params.id), force: query.force } });
  return new Response(null, { status: 204 });
});
