"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import type { AccountRow } from "@/shared/contracts/accounts";
import { ROLES, type Role } from "@/shared/roles";

type Words = ReturnType<typeof useTranslations<"admin.accounts">>;
type RoleWords = ReturnType<typeof useTranslations<"admin.roles">>;

function ActiveBadge({ active, t }: { active: boolean; t: Words }) {
  return active ? (
    <span className="inline-flex rounded-lg bg-emerald-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-emerald-800">
      {t("active")}
    </span>
  ) : (
    <span className="inline-flex rounded-lg bg-slate-100 px-2 py-1 text-xs font-semibold whitespace-nowrap text-slate-700">
      {t("disabled")}
    </span>
  );
}

function RoleSelect({
  account,
  busy,
  onRoleChange,
  t,
  roleName,
}: {
  account: AccountRow;
  busy: boolean;
  onRoleChange: (account: AccountRow, role: Role) => void;
  t: Words;
  roleName: RoleWords;
}) {
  return (
    <select
      aria-label={t("roleOf", { name: account.name })}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      value={account.role}
      disabled={busy}
      onChange={(event) => onRoleChange(account, event.target.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}

/**
 * The accounts table: name, role (changed in place), active, last sign-in, and the row's actions. On phones
 * a row is one cell: the name, its state, then the role and the actions below (the controls of the other
 * width are display:none, so a screen reader and the keyboard meet each once).
 */
export function accountColumns({
  actions,
  onRoleChange,
  busy,
  t,
  roleName,
  actionsLabel,
  moment,
}: {
  actions: RowAction<AccountRow>[];
  onRoleChange: (account: AccountRow, role: Role) => void;
  busy: boolean;
  t: Words;
  roleName: RoleWords;
  actionsLabel: string;
  moment: (iso: string) => string;
}): ColumnDef<AccountRow>[] {
  const select = (account: AccountRow) => (
    <RoleSelect account={account} busy={busy} onRoleChange={onRoleChange} t={t} roleName={roleName} />
  );
  return [
    summaryColumn("name", t("name"), (account) => (
      <>
        <p className="font-semibold break-words text-slate-900">{account.name}</p>
        <p className="text-xs text-slate-500 md:hidden">
          {t("stateLine", {
            state: account.is_active ? t("active") : t("disabled"),
            when: account.last_sign_in_at ? moment(account.last_sign_in_at) : t("neverLower"),
          })}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2 md:hidden">
          {select(account)}
          <RowActions row={account} name={account.name} actions={actions} />
        </div>
      </>
    )),
    {
      id: "role",
      header: t("role"),
      meta: FROM_MD,
      cell: ({ row }) => select(row.original),
    },
    { id: "active", header: t("active"), meta: FROM_MD, cell: ({ row }) => <ActiveBadge active={row.original.is_active} t={t} /> },
    {
      id: "last",
      header: t("lastSignIn"),
      meta: FROM_MD,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{row.original.last_sign_in_at ? moment(row.original.last_sign_in_at) : t("never")}</span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{actionsLabel}</span>,
      meta: FROM_MD,
      cell: ({ row }) => <RowActions row={row.original} name={row.original.name} actions={actions} />,
    },
  ];
}
