"use client";

import { useMutation } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { ScreenHeader } from "@/components/admin/screen-header";
import { useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon, UndoIcon } from "@/components/ui/icons";
import type { RowAction } from "@/components/ui/row-actions";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { accountsApi } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/api";
import type { AccountRow } from "@/lib/contracts/accounts";
import type { UpdateAccountBody } from "@/lib/validation/admin";
import { accountColumns } from "./columns";
import { CreateAccountForm } from "./create-form";
import { ResetPasswordModal } from "./password-modal";

const NO_FILTERS = {};

/**
 * /admin/accounts (owners): the team's accounts, a new one with a role and a password, the role changed in
 * place, a password reset, disable and enable. The server keeps one active owner (409 with its reason).
 */
export function AccountsScreen() {
  const list = useAdminList<AccountRow, Record<string, string>>({
    key: accountsApi.key,
    list: accountsApi.list,
    filters: NO_FILTERS,
    failureMessage: "Failed to load the accounts.",
  });
  const { banner, show } = useBanner();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<AccountRow | null>(null);

  const change = useMutation({
    mutationFn: ({ account, changes }: { account: AccountRow; changes: UpdateAccountBody; success: string }) =>
      accountsApi.update(account.id, changes),
    onSuccess: (_result, { success }) => show("success", success),
    onError: (error) => show("error", errorMessage(error, "Failed to change the account.")),
    onSettled: () => list.invalidate(),
  });
  const { mutate, isPending } = change;

  const actions = useMemo<RowAction<AccountRow>[]>(
    () => [
      { label: "Reset password", icon: <KeyIcon className="size-4" />, onClick: setResetting },
      {
        label: "Disable",
        icon: <UndoIcon className="size-4" />,
        tone: "danger",
        hidden: (account) => !account.is_active,
        onClick: (account) => mutate({ account, changes: { is_active: false }, success: `${account.name} is disabled and signed out.` }),
      },
      {
        label: "Enable",
        icon: <PlusIcon className="size-4" />,
        tone: "primary",
        hidden: (account) => account.is_active,
        onClick: (account) => mutate({ account, changes: { is_active: true }, success: `${account.name} can sign in again.` }),
      },
    ],
    [mutate],
  );
  const columns = useMemo(
    () =>
      accountColumns({
        actions,
        busy: isPending,
        onRoleChange: (account: AccountRow, role: Role) =>
          mutate({ account, changes: { role }, success: `${account.name} is now ${ROLE_LABELS[role].toLowerCase()}.` }),
      }),
    [actions, isPending, mutate],
  );
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (account) => String(account.id),
    manualPagination: true,
  });

  return (
    <div className="space-y-5">
      <ScreenHeader
        title="Accounts"
        description="Who runs the event, and what each may do. Changes apply to their very next click."
        actions={
          !adding && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              <PlusIcon className="size-4" /> New account
            </Button>
          )
        }
      />
      {banner}
      {adding && (
        <CreateAccountForm
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            await accountsApi.create(values);
            setAdding(false);
            show("success", `Account ${values.name} created (${ROLE_LABELS[values.role].toLowerCase()}).`);
            list.showFirstPage();
          }}
        />
      )}
      <ListTable
        list={list}
        table={table}
        caption="Accounts"
        loadingLabel="Loading accounts"
        pagerLabel="Account pages"
        empty={<EmptyState icon={<KeyIcon />} title="No accounts" description="Create the first one above." />}
      />
      <ResetPasswordModal
        account={resetting}
        onClose={() => setResetting(null)}
        onSave={async (account, password) => {
          await accountsApi.update(account.id, { password });
          show("success", `New password set for ${account.name}; their sessions ended.`);
          void list.invalidate();
        }}
      />
    </div>
  );
}
