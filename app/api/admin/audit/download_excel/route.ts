// GET /api/admin/audit/download_excel - every audit row of the filters as audit-YYYYMMDD.xlsx
import { exportAuditRows } from "@/db/queries/audit";
import { route } from "@/lib/api/route";
import { AUDIT_ROLES } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import { auditWorkbook } from "@/lib/export/audit-xlsx";
import { datedFileName } from "@/lib/export/winners-xlsx";
import { auditFilters } from "@/lib/validation/audit";

export const GET = route({ access: "admin", roles: AUDIT_ROLES, query: auditFilters }, async ({ ctx, query }) => {
  const file = await auditWorkbook(exportAuditRows({ db: ctx.db, filter: query }));
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${datedFileName("audit", new Date(), getConfig().timeZone)}"`,
      "Content-Length": String(file.byteLength),
      "Cache-Control": "no-store",
    },
  });
});
