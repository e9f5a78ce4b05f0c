// GET /api/admin/session - who is signed in (the admin shell's check); 401 when nobody is

import { route } from "@/lib/api/route";
import { ANY_ROLE } from "@/shared/roles";

export const GET = route({ access: "admin", roles: ANY_ROLE }, async ({ ctx }) => ({ name: ctx.admin.name, role: ctx.admin.role }));
