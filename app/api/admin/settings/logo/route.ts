// PUT /api/admin/settings/logo - upload the event's logo (multipart, field `logo`); DELETE - remove it

import { route } from "@/lib/api/route";
import { imageUploadBody } from "@/lib/images/upload";
import { updateLogo } from "@/lib/services/settings/update-logo";
import { updateLogoBody } from "@/lib/validation/settings";
import { WRITE_ROLES } from "@/shared/roles";

export const PUT = route({ access: "admin", roles: WRITE_ROLES, body: updateLogoBody, ...imageUploadBody("logo") }, async ({ ctx, body }) =>
  updateLogo({ ctx, input: { logo: body.logo ?? null } }),
);

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx }) => updateLogo({ ctx, input: { logo: null } }));
