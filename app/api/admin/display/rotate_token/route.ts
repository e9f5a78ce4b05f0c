// POST /api/admin/display/rotate_token/ - a new address for the big screen; the old one is a 404 at once
import { route } from "@/lib/api/route";
import { WRITE_ROLES } from "@/lib/auth/roles";
import { rotateDisplayToken } from "@/lib/services/display/rotate-token";
import { displayPath } from "@/lib/urls/display";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx }) => {
  const { token } = await rotateDisplayToken({ ctx });
  return { token, path: displayPath(token) };
});
