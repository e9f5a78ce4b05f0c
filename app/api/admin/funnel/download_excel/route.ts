// GET /api/admin/funnel/download_excel/ - the funnel of the same filters as funnel-YYYYMMDD.xlsx
import { readFunnel } from "@/db/queries/funnel";
import { route } from "@/lib/api/route";
import { READ_ROLES } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import { funnelFileName, funnelWorkbook } from "@/lib/export/funnel-xlsx";
import { funnelQuery } from "@/lib/validation/funnel";

export const GET = route({ access: "admin", roles: READ_ROLES, query: funnelQuery }, async ({ ctx, query }) => {
  const file = funnelWorkbook(await readFunnel({ db: ctx.db, filter: query }));
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${funnelFileName(new Date(), getConfig().timeZone)}"`,
      "Content-Length": String(file.byteLength),
      "Cache-Control": "no-store",
    },
  });
});
