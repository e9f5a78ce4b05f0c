"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { wonAt } from "@/components/admin/winners/columns";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/roles";
import type { AccountRow } from "@/lib/contracts/accounts";

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="inline-flex rounded-lg bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-800">Active</span>
  ) : (
    <span className="inline-flex rounded-lg bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700">Disabled</span>
  );
}

function RoleSelect({
  account,
  busy,
  onRoleChange,
}: {
  account: AccountRow;
  busy: boolean;
  onRoleChange: (account: AccountRow, role: Role) => void;
}) {
  return (
    <select
      aria-label={`Role of ${account.name}`}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      value={account.role}
      disabled={busy}
      onChange={(event) => onRoleChange(account, event.target.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
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
}: {
  actions: RowAction<AccountRow>[];
  onRoleChange: (account: AccountRow, role: Role) => void;
  busy: boolean;
}): ColumnDef<AccountRow>[] {
  const fromMd = { className: "hidden md:table-cell" };
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: account } }) => (
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{account.name}</p>
          <p className="text-xs text-slate-500 md:hidden">
            {account.is_active ? "Active" : "Disabled"} · last sign-in {account.last_sign_in_at ? wonAt(account.last_sign_in_at) : "never"}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2 md:hidden">
            <RoleSelect account={account} busy={busy} onRoleChange={onRoleChange} />
            <RowActions row={account} name={account.name} actions={actions} />
          </div>
        </div>
      ),
    },
    {
      id: "role",
      header: "Role",
      meta: fromMd,
      cell: ({ row }) => <RoleSelect account={row.original} busy={busy} onRoleChange={onRoleChange} />,
    },
    { id: "active", header: "Active", meta: fromMd, cell: ({ row }) => <ActiveBadge active={row.original.is_active} /> },
    {
      id: "last",
      header: "Last sign-in",
      meta: fromMd,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{row.original.last_sign_in_at ? wonAt(row.original.last_sign_in_at) : "Never"}</span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: fromMd,
      cell: ({ row }) => <RowActions row={row.original} name={row.original.name} actions={actions} />,
    },
  ];
}
