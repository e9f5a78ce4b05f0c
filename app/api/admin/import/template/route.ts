// GET /api/admin/import/template - the import's .xlsx template, headed in the admin's language

import { route } from "@/lib/api/route";
import { excelDownload } from "@/lib/export/download";
import { importTemplate } from "@/lib/import/template";
import { WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: WRITE_ROLES }, async ({ locale }) =>
  excelDownload(importTemplate(locale), "import", locale),
);
