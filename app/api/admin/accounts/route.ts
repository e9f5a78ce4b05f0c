// GET /api/admin/accounts - every account (name, role, active, last sign-in); POST - create one {name, password, role}
import { getAccount, listAccounts } from "@/db/queries/accounts";
import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { createAdmin } from "@/lib/services/admins/create";
import { createAccountBody } from "@/lib/validation/admin";
import { ACCOUNT_ROLES } from "@/shared/roles";

// A team has a handful of accounts: read them all, page in memory, answer in the paged shape of every list.
export const GET = route({ access: "admin", roles: ACCOUNT_ROLES, query: pageQuery }, async ({ ctx, query, request }) => {
  const accounts = await listAccounts({ db: ctx.db });
  const { limit, offset } = pageWindow(query);
  return toPage(request.url, query, accounts.length, accounts.slice(offset, offset + limit));
});

export const POST = route(
  { access: "admin", roles: ACCOUNT_ROLES, body: createAccountBody, maxBodyBytes: 4 * 1024 },
  async ({ ctx, body }) => {
    const { id } = await createAdmin({ ctx, input: body });
    return json(await getAccount({ db: ctx.db, id }), 201);
  },
);
