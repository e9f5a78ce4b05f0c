// GET /api/winners/download_excel - every winner of the filters as winners-YYYYMMDD.xlsx (당첨자-YYYYMMDD.xlsx in Korean)

import { exportWinnerRows } from "@/db/queries/winners";
import { route } from "@/lib/api/route";
import { excelDownload } from "@/lib/export/download";
import { winnersWorkbook } from "@/lib/export/winners-xlsx";
import { winnerFilters } from "@/lib/validation/winner";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: winnerFilters }, async ({ ctx, query, locale }) => {
  const file = await winnersWorkbook(exportWinnerRows({ db: ctx.db, eventId: ctx.eventId, filter: query }), locale);
  return excelDownload(file, "winners", locale);
});
