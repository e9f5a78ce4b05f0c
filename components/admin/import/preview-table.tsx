"use client";

import { useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/ui/scroll-region";
import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportError,
  type ImportPreviewRow,
  type ImportRowStatus,
  type ImportSheet,
} from "@/shared/contracts/import";

const STATUS_CLASS: Record<ImportRowStatus, string> = {
  new: "bg-green-100 text-green-800",
  changed: "bg-amber-100 text-amber-900",
  unchanged: "bg-slate-100 text-slate-700",
  error: "bg-red-100 text-red-800",
};

/** The cells of one sheet's rows as the file has them: what each row would do, changed cells and errors marked. */
export function PreviewTable({ sheet, rows, errors }: { sheet: ImportSheet; rows: ImportPreviewRow[]; errors: ImportError[] }) {
  const t = useTranslations("admin.import");
  const sheetName = t(`sheets.${sheet}`);
  const ours = errors.filter((error) => error.sheet === sheet && error.row !== null);
  // The columns with something to show: a value, or an error (a template's empty columns stay out of the way).
  const columns = IMPORT_COLUMNS[sheet].filter(
    (column: ImportColumn) => column === "key" || rows.some((row) => row.cells[column]) || ours.some((error) => error.field === column),
  );
  const errorsAt = new Map<string, string[]>();
  for (const error of ours) {
    const field = columns.includes(error.field as ImportColumn) ? error.field : "";
    const at = `${error.row}:${field}`;
    errorsAt.set(at, [...(errorsAt.get(at) ?? []), error.message]);
  }
  const caption = t("caption", { sheet: sheetName });
  return (
    <section aria-labelledby={`import-${sheet}`} className="min-w-0">
      <h3 id={`import-${sheet}`} className="mb-2 text-base font-semibold text-slate-900">
        {sheetName}
      </h3>
      <ScrollRegion label={caption} className="border border-slate-200 bg-white">
        <table className="min-w-full border-collapse text-left text-sm" data-testid={`import-preview-${sheet}`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t("row")}
              </th>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t("status")}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 whitespace-nowrap">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.row} data-status={row.status}>
                <th scope="row" className="px-3 py-2 text-left align-top font-normal text-slate-600 tabular-nums">
                  {row.row}
                </th>
                <td className="px-3 py-2 align-top">
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_CLASS[row.status]}`}
                  >
                    {t(`statuses.${row.status}`)}
                  </span>
                  <CellErrors messages={errorsAt.get(`${row.row}:`)} />
                </td>
                {columns.map((column) => {
                  const messages = errorsAt.get(`${row.row}:${column}`);
                  const changed = row.changed.includes(column);
                  const tone = messages
                    ? "bg-red-50 ring-1 ring-red-300 ring-inset"
                    : changed
                      ? "bg-amber-50 font-medium text-slate-900"
                      : "";
                  return (
                    <td
                      key={column}
                      className={`max-w-64 min-w-24 px-3 py-2 align-top break-words ${tone}`}
                      data-invalid={messages ? true : undefined}
                    >
                      {row.cells[column]}
                      {changed && <span className="sr-only"> {t("changed")}</span>}
                      <CellErrors messages={messages} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function CellErrors({ messages }: { messages: string[] | undefined }) {
  if (!messages) return null;
  return messages.map((message) => (
    <span key={message} className="mt-1 block text-xs font-normal text-red-700">
      {message}
    </span>
  ));
}
