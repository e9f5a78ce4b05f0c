// POST /api/admin/import - product pages and prizes from a spreadsheet (multipart: file, optional images .zip); ?dry_run=true previews

import { route } from "@/lib/api/route";
import { importAnswer } from "@/lib/import/answer";
import { MAX_PICTURES_BYTES } from "@/lib/import/pictures";
import { MAX_SPREADSHEET_BYTES } from "@/lib/import/workbook";
import { importSpreadsheet } from "@/lib/services/import/run";
import { importBody, importQuery } from "@/lib/validation/import";
import { WRITE_ROLES } from "@/shared/roles";

/** Room for the multipart framing around the two files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const POST = route(
  {
    access: "admin",
    roles: WRITE_ROLES,
    query: importQuery,
    body: importBody,
    bodyFormat: "multipart",
    maxBodyBytes: MAX_SPREADSHEET_BYTES + MAX_PICTURES_BYTES + MULTIPART_OVERHEAD_BYTES,
  },
  async ({ ctx, query, body, locale }) =>
    importAnswer(await importSpreadsheet({ ctx, input: { file: body.file, images: body.images, dryRun: query.dry_run } }), locale),
);
