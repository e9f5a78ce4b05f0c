// GET /api/admin/session - who is signed in (the admin shell's check); 401 when nobody is
import { route } from "@/lib/api/route";

export const GET = route({ access: "admin" }, async ({ ctx }) => ({ name: ctx.admin.name }));
