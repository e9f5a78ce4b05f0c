import type { Said } from "@/lib/errors";
import type { ImportSheet } from "@/shared/contracts/import";

/** One thing wrong with an import, said later in the admin's language (the route translates it). */
export type ImportProblem = { sheet: ImportSheet | null; row: number | null; field: string | null; said: Said };

/** The upload field a problem with a whole file names: the spreadsheet or the pictures' archive. */
export type ImportFileField = "file" | "images";

/** A file refused as a whole (macro-enabled, a zip bomb, too many rows, unreadable): nothing in it is read further. */
export class ImportRefused extends Error {
  constructor(readonly problem: ImportProblem) {
    super("import refused");
  }

  static file(field: ImportFileField, said: Said, sheet: ImportSheet | null = null): ImportRefused {
    return new ImportRefused({ sheet, row: null, field, said });
  }
}
