// GET /api/winners/download_excel - every winner of the filters as winners-YYYYMMDD.xlsx

import { exportWinnerRows } from "@/db/queries/winners";
import { route } from "@/lib/api/route";
import { READ_ROLES } from "@/lib/auth/roles";
import { getConfig } from "@/lib/config";
import { winnersFileName, winnersWorkbook } from "@/lib/export/winners-xlsx";
import { winnerFilters } from "@/lib/validation/winner";

export const GET = route({ access: "admin", roles: READ_ROLES, query: winnerFilters }, async ({ ctx, query }) => {
  const file = await winnersWorkbook(exportWinnerRows({ db: ctx.db, filter: query }));
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${winnersFileName(new Date(), getConfig().timeZone)}"`,
      "Content-Length": String(file.byteLength),
      "Cache-Control": "no-store",
    },
  });
});
