import type { AuditExportRow } from "@/db/queries/audit";
import { describeChanges } from "@/lib/audit-changes";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";
import { textWorkbook } from "./text-workbook";

/** The columns, in order, by their keys under `excel.audit`. */
const AUDIT_COLUMNS = ["time", "account", "role", "action", "target", "targetId", "changes", "address"] as const;

/** The audit log as an .xlsx workbook, one row per entry, times in APP_TIMEZONE, headed and named in `locale`, every cell text. */
export async function auditWorkbook(batches: AsyncIterable<AuditExportRow[]>, locale: Locale): Promise<Buffer> {
  const t = translatorFor(locale);
  return textWorkbook({
    sheetName: t("excel.audit.sheet"),
    header: AUDIT_COLUMNS.map((column) => t(`excel.audit.${column}`)),
    widths: [20, 16, 10, 24, 32, 10, 60, 16],
    batches,
    cells: (entry) => [
      entry.local_time,
      entry.account_name,
      entry.account_role,
      entry.action,
      [entry.target_type, entry.target_name].filter(Boolean).join(": "),
      entry.target_id,
      describeChanges(entry.changes).join("; "),
      entry.address,
    ],
  });
}
