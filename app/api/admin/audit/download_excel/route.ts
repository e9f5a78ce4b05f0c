// GET /api/admin/audit/download_excel - every audit row of the filters as audit-YYYYMMDD.xlsx (활동기록-YYYYMMDD.xlsx in Korean)
import { exportAuditRows } from "@/db/queries/audit";
import { route } from "@/lib/api/route";
import { auditWorkbook } from "@/lib/export/audit-xlsx";
import { excelDownload } from "@/lib/export/download";
import { auditScopeOf } from "@/lib/services/audit/scope";
import { auditFilters } from "@/lib/validation/audit";
import { AUDIT_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: AUDIT_ROLES, query: auditFilters }, async ({ ctx, query, locale }) => {
  const file = await auditWorkbook(exportAuditRows({ db: ctx.db, scope: auditScopeOf(ctx), filter: query }), locale);
  return excelDownload(file, "audit", locale);
});
