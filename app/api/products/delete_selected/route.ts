// POST /api/products/delete_selected - delete the listed product pages {product_ids, force} -> {deleted_count}

import { route } from "@/lib/api/route";
import { deleteSelectedProducts } from "@/lib/services/products/delete-selected";
import { deleteSelectedProductsBody } from "@/lib/validation/product";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES, body: deleteSelectedProductsBody }, async ({ ctx, body }) =>
  deleteSelectedProducts({ ctx, input: body }),
);
