// PATCH /api/admin/accounts/{id} - change any of role, is_active, password (a new password or disabling signs it out everywhere)
import { getAccount } from "@/db/queries/accounts";
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { ACCOUNT_NOT_FOUND, updateAccount } from "@/lib/services/admins/update";
import { updateAccountBody } from "@/lib/validation/admin";
import { ACCOUNT_ROLES } from "@/shared/roles";

export const PATCH = route(
  { access: "admin", roles: ACCOUNT_ROLES, body: updateAccountBody, maxBodyBytes: 4 * 1024 },
  async ({ ctx, params, body }) => {
    const id = parseId(params.id, ACCOUNT_NOT_FOUND);
    await updateAccount({ ctx, input: { ...body, id } });
    return (await getAccount({ db: ctx.db, id })) as object;
  },
);
