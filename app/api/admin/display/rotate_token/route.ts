// POST /api/admin/display/rotate_token/ - a new address for the big screen; the old one is a 404 at once
import { route } from "@/lib/api/route";
import { rotateDisplayToken } from "@/lib/services/display/rotate-token";
import { WRITE_ROLES } from "@/shared/roles";
import { displayPath } from "@/shared/urls/display";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx }) => {
  const { token } = await rotateDisplayToken({ ctx });
  return { token, path: displayPath(token) };
});
