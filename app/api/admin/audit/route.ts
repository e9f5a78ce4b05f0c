// GET /api/admin/audit - the audit log, newest first: page, page_size, account, action, target, search, start_date, end_date
import { listAudit } from "@/db/queries/audit";
import { pageWindow, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { auditScopeOf } from "@/lib/services/audit/scope";
import { listAuditQuery } from "@/lib/validation/audit";
import { AUDIT_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: AUDIT_ROLES, query: listAuditQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listAudit({ db: ctx.db, scope: auditScopeOf(ctx), filter: query, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});
