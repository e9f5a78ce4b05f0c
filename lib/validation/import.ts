import { absentMeansFalse, imageFile } from "./fields";
import { z } from "./zod";

/** POST /api/admin/import/?dry_run=true: read, check and answer what would change, writing nothing. */
export const importQuery = z.object({ dry_run: absentMeansFalse });

/** POST /api/admin/import/ (multipart): the spreadsheet, and optionally a .zip of the pictures its rows name. */
export const importBody = z
  .object({
    // One file each (the multipart reader refuses a field sent twice); what is inside is checked by the import.
    file: imageFile.pipe(z.custom<File>((file) => file !== undefined, { error: "errors.import.fileRequired" })),
    images: imageFile,
  })
  .strict();
