// DELETE /api/products/delete_all - delete every product page (?confirm=true, &force=true when winners are linked)

import { route } from "@/lib/api/route";
import { translate } from "@/lib/i18n/translate";
import { deleteAllProducts } from "@/lib/services/products/delete-all";
import { deleteAllProductsQuery } from "@/lib/validation/product";
import { WRITE_ROLES } from "@/shared/roles";

export const DELETE = route({ access: "admin", roles: WRITE_ROLES, query: deleteAllProductsQuery }, async ({ ctx, query, locale }) => {
  const { detail, deleted_count } = await deleteAllProducts({ ctx, input: query });
  return { detail: translate(locale, detail), deleted_count };
});
