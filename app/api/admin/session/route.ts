// GET /api/admin/session - who is signed in and the event their calls act on (the admin shell's check); 401 when nobody is

import { route } from "@/lib/api/route";
import { ANY_ROLE } from "@/shared/roles";

// `event`: the call's acting event (`?event=`, else the account's selected one, else the default): the header's switcher shows it.
export const GET = route({ access: "admin", roles: ANY_ROLE }, async ({ ctx }) => ({
  name: ctx.admin.name,
  role: ctx.admin.role,
  event: ctx.eventId,
}));
