import * as XLSX from "xlsx";
import type { AuditExportRow } from "@/db/queries/audit";
import { describeChanges } from "@/lib/audit-changes";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";

/** The columns, in order, by their keys under `excel.audit`. */
const AUDIT_COLUMNS = ["time", "account", "role", "action", "target", "targetId", "changes", "address"] as const;

/** Text cells only, as in winners-xlsx.ts: a name typed at sign-in (`=1+2`) never becomes a formula. */
const text = (value: string): XLSX.CellObject => ({ t: "s", v: value });

/** The audit log as an .xlsx workbook, one row per entry, times in APP_TIMEZONE, headed and named in `locale`. */
export async function auditWorkbook(batches: AsyncIterable<AuditExportRow[]>, locale: Locale): Promise<Buffer> {
  const t = translatorFor(locale);
  const rows: XLSX.CellObject[][] = [AUDIT_COLUMNS.map((column) => text(t(`excel.audit.${column}`)))];
  for await (const batch of batches) {
    for (const entry of batch) {
      rows.push(
        [
          entry.local_time,
          entry.account_name,
          entry.account_role ?? "",
          entry.action,
          [entry.target_type, entry.target_name].filter(Boolean).join(": "),
          entry.target_id ?? "",
          describeChanges(entry.changes).join("; "),
          entry.address ?? "",
        ].map(text),
      );
    }
  }
  // SheetJS's dense form (0.19 and later): the rows under `!data`.
  const sheet: XLSX.WorkSheet = {
    "!data": rows,
    "!ref": XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: AUDIT_COLUMNS.length - 1 } }),
  };
  sheet["!cols"] = [{ wch: 20 }, { wch: 16 }, { wch: 10 }, { wch: 24 }, { wch: 32 }, { wch: 10 }, { wch: 60 }, { wch: 16 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t("excel.audit.sheet"));
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
