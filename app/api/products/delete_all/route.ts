// DELETE /api/products/delete_all - delete every product page (?confirm=true, &force=true when winners are linked)

import { route } from "@/lib/api/route";
import { WRITE_ROLES } from "@/lib/auth/roles";
import { deleteAllProducts } from "@/lib/services/products/delete-all";
import { deleteAllProductsQuery } from "@/lib/validation/product";

export const DELETE = route({ access: "admin", roles: WRITE_ROLES, query: deleteAllProductsQuery }, async ({ ctx, query }) =>
  deleteAllProducts({ ctx, input: query }),
);
