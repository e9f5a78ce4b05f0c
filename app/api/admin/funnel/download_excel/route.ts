// GET /api/admin/funnel/download_excel/ - the funnel of the same filters as funnel-YYYYMMDD.xlsx (퍼널-YYYYMMDD.xlsx in Korean)
import { readFunnel } from "@/db/queries/funnel";
import { route } from "@/lib/api/route";
import { excelDownload } from "@/lib/export/download";
import { funnelWorkbook } from "@/lib/export/funnel-xlsx";
import { funnelQuery } from "@/lib/validation/funnel";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: funnelQuery }, async ({ ctx, query, locale }) => {
  return excelDownload(funnelWorkbook(await readFunnel({ db: ctx.db, eventId: ctx.eventId, filter: query }), locale), "funnel", locale);
});
