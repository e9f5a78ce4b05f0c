"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { describeChanges } from "@/lib/audit-changes";
import type { AuditEntryRow } from "@/shared/contracts/audit";

function Changes({ entry }: { entry: AuditEntryRow }) {
  const lines = describeChanges(entry.changes);
  if (lines.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs text-slate-700">
      {lines.map((line) => (
        <li key={line} className="[overflow-wrap:anywhere]">
          {line}
        </li>
      ))}
    </ul>
  );
}

const target = (entry: AuditEntryRow) =>
  [entry.target_type, entry.target_name ?? (entry.target_id ? `#${entry.target_id}` : null)].filter(Boolean).join(": ") || "—";

type Words = ReturnType<typeof useTranslations<"admin.audit">>;

/** The audit table: on phones one cell of lines per row; from `md` a column per field. */
export function auditColumns({ t, moment }: { t: Words; moment: (iso: string) => string }): ColumnDef<AuditEntryRow>[] {
  return [
    summaryColumn("at", t("time"), (entry) => (
      <>
        <p className="whitespace-nowrap">{moment(entry.at)}</p>
        <div className="mt-1 space-y-1 md:hidden">
          <p className="font-mono text-xs font-semibold text-slate-900">{entry.action}</p>
          <p className="text-sm text-slate-700">
            {entry.account_name}
            {/* i18n-exempt: the role's id in brackets and a separator, as the log stores them */}
            {entry.account_role && ` (${entry.account_role})`} · {target(entry)}
          </p>
          <Changes entry={entry} />
        </div>
      </>
    )),
    {
      id: "account",
      header: t("account"),
      meta: FROM_MD,
      cell: ({ row: { original: entry } }) => (
        <span className="[overflow-wrap:anywhere]">
          {entry.account_name}
          {entry.account_role && <span className="block text-xs text-slate-500">{entry.account_role}</span>}
        </span>
      ),
    },
    {
      id: "action",
      header: t("action"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.action}</span>,
    },
    {
      id: "target",
      header: t("target"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{target(row.original)}</span>,
    },
    { id: "changes", header: t("changes"), meta: FROM_MD, cell: ({ row }) => <Changes entry={row.original} /> },
    {
      id: "address",
      header: t("address"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.address ?? "—"}</span>,
    },
  ];
}
