import type { z } from "zod";
import { toFieldErrors } from "@/lib/api/zod-errors";
import type { Said } from "@/lib/errors";
import { CATALOGUES } from "@/lib/i18n/translate";
import { createPrizeBody } from "@/lib/validation/prize";
import { createProductBody } from "@/lib/validation/product";
import { type ImportColumn, type ImportSheet, MAX_IMPORT_KEY_LENGTH, REQUIRED_IMPORT_COLUMNS } from "@/shared/contracts/import";
import { inEachLanguage, text } from "@/shared/i18n/text";
import { columnNamed } from "./columns";
import type { ImportProblem } from "./problem";
import type { RawSheet } from "./workbook";

/** A product page's fields as the file gives them, in the table's terms; a field left out is not in the file. */
export type ProductValues = {
  name: string;
  description?: string;
  nameEn?: string | null;
  nameKo?: string | null;
  descriptionEn?: string | null;
  descriptionKo?: string | null;
};
export type PrizeValues = ProductValues & {
  totalQuantity: number;
  dailyDistribution: number;
  maintenanceCount: number;
  hourlyLimit?: number | null;
  isActive?: boolean;
};

/** One row of a sheet: where it is, its cells as read, and its values once they all passed (else null). */
export type ImportRow<V> = {
  sheet: ImportSheet;
  row: number;
  key: string;
  cells: Partial<Record<ImportColumn, string>>;
  values: V | null;
  /** The picture's file name in the archive, or null for none. */
  image: string | null;
};

export type ImportRows = { product_pages: ImportRow<ProductValues>[]; prizes: ImportRow<PrizeValues>[]; problems: ImportProblem[] };

const labelOf = (column: ImportColumn) =>
  inEachLanguage((locale) => (CATALOGUES[locale].admin.import.columns as Record<string, string>)[column] ?? column);

const YES = new Set(["true", "yes", "y", "1", "on", "예", "네"]);
const NO = new Set(["false", "no", "n", "0", "off", "아니요", "아니오"]);

/** The columns a header names, by position, with a problem for each cell that names none or one twice. */
function headerColumns(raw: RawSheet, problems: ImportProblem[]): (ImportColumn | null)[] {
  const seen = new Set<ImportColumn>();
  const columns = raw.header.map((cell) => {
    if (cell === "") return null;
    const column = columnNamed(raw.sheet, cell);
    const fail = (key: "errors.import.unknownColumn" | "errors.import.repeatedColumn") =>
      problems.push({ sheet: raw.sheet, row: 1, field: column ?? cell, said: text(key, { name: cell }) });
    if (!column) fail("errors.import.unknownColumn");
    else if (seen.has(column)) fail("errors.import.repeatedColumn");
    else {
      seen.add(column);
      return column;
    }
    return null;
  });
  for (const required of REQUIRED_IMPORT_COLUMNS[raw.sheet]) {
    if (!seen.has(required)) {
      problems.push({
        sheet: raw.sheet,
        row: 1,
        field: required,
        said: text("errors.import.missingColumn", { name: labelOf(required) }),
      });
    }
  }
  return columns;
}

/** The form's fields (snake_case, as the add forms send them) from the present cells. */
function formInput(cells: Partial<Record<ImportColumn, string>>, sheet: ImportSheet, fail: (field: string) => void) {
  const input: Record<string, string> = {};
  for (const [column, value] of Object.entries(cells) as [ImportColumn, string][]) {
    if (column === "key" || column === "image") continue;
    if (column === "is_active") {
      const word = value.toLowerCase();
      if (word === "") continue;
      if (YES.has(word)) input.is_active = "true";
      else if (NO.has(word)) input.is_active = "false";
      else fail("is_active");
      continue;
    }
    if (sheet === "prizes" && column === "hourly_limit" && value === "") continue;
    input[column] = value;
  }
  return input;
}

function productValues(body: z.infer<typeof createProductBody>, present: Set<string>): ProductValues {
  const only = <T>(column: string, value: T) => (present.has(column) ? value : undefined);
  return {
    name: body.name,
    description: only("description", body.description),
    nameEn: only("name_en", body.name_en ?? null),
    nameKo: only("name_ko", body.name_ko ?? null),
    descriptionEn: only("description_en", body.description_en ?? null),
    descriptionKo: only("description_ko", body.description_ko ?? null),
  };
}

function prizeValues(body: z.infer<typeof createPrizeBody>, present: Set<string>): PrizeValues {
  return {
    ...productValues(body, present),
    totalQuantity: body.total_quantity,
    dailyDistribution: body.daily_distribution,
    maintenanceCount: body.maintenance_count,
    hourlyLimit: present.has("hourly_limit") ? body.hourly_limit : undefined,
    isActive: present.has("is_active") ? body.is_active : undefined,
  };
}

const defined = <T extends object>(values: T) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;

/**
 * Every row of the file checked as the add forms check one (the same schemas and messages), plus the key:
 * present, at most 100 characters, once per sheet. A problem names its sheet, its spreadsheet row and its
 * column; a row with any has no values.
 */
export function readRows(sheets: readonly RawSheet[]): ImportRows {
  const result: ImportRows = { product_pages: [], prizes: [], problems: [] };
  for (const raw of sheets) {
    const columns = headerColumns(raw, result.problems);
    const present = new Set(columns.filter((column): column is ImportColumn => column !== null));
    const firstRowOfKey = new Map<string, number>();
    for (const { row, cells: read } of raw.rows) {
      const problemsBefore = result.problems.length;
      const fail = (field: string, said: Said = text("errors.import.yesOrNo")) =>
        result.problems.push({ sheet: raw.sheet, row, field, said });
      const cells: Partial<Record<ImportColumn, string>> = {};
      columns.forEach((column, index) => {
        if (!column) return;
        const cell = read[index]!;
        if ("problem" in cell) fail(column, cell.problem);
        cells[column] = "text" in cell ? cell.text : "";
      });
      const key = cells.key ?? "";
      if (key === "") fail("key", text("errors.import.keyRequired"));
      else if (key.length > MAX_IMPORT_KEY_LENGTH) fail("key", text("errors.import.keyTooLong", { max: MAX_IMPORT_KEY_LENGTH }));
      else if (firstRowOfKey.has(key)) fail("key", text("errors.import.duplicateKey", { key, row: firstRowOfKey.get(key)! }));
      else firstRowOfKey.set(key, row);
      const input = formInput(cells, raw.sheet, (field) => fail(field));
      const parsed = (raw.sheet === "prizes" ? createPrizeBody : createProductBody).safeParse(input);
      if (!parsed.success) {
        for (const [field, said] of Object.entries(toFieldErrors(parsed.error))) for (const one of said) fail(field, one);
      }
      const ok = parsed.success && result.problems.length === problemsBefore;
      const image = cells.image ? cells.image : null;
      if (raw.sheet === "prizes") {
        const values = ok ? defined(prizeValues(parsed.data as z.infer<typeof createPrizeBody>, present)) : null;
        result.prizes.push({ sheet: raw.sheet, row, key, cells, values, image });
      } else {
        const values = ok ? defined(productValues(parsed.data as z.infer<typeof createProductBody>, present)) : null;
        result.product_pages.push({ sheet: raw.sheet, row, key, cells, values, image });
      }
    }
  }
  return result;
}
