"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { AddingScreen } from "@/components/admin/adding-screen";
import { ListScreenTable } from "@/components/admin/list/list-screen-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { useBanner } from "@/components/ui/banner";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon, UndoIcon } from "@/components/ui/icons";
import type { RowAction } from "@/components/ui/row-actions";
import { accountsApi } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/api";
import { useMoment } from "@/lib/client/use-moment";
import type { UpdateAccountBody } from "@/lib/validation/admin";
import type { AccountRow } from "@/shared/contracts/accounts";
import type { Role } from "@/shared/roles";
import { accountColumns } from "./columns";
import { CreateAccountForm } from "./create-form";
import { ResetPasswordModal } from "./password-modal";

const NO_FILTERS = {};

/**
 * /admin/accounts (owners): the team's accounts, a new one with a role and a password, the role changed in
 * place, a password reset, disable and enable. The server keeps one active owner (409 with its reason).
 */
export function AccountsScreen() {
  const t = useTranslations("admin.accounts");
  const common = useTranslations("common");
  const roleName = useTranslations("admin.roles");
  const { moment } = useMoment();
  const list = useAdminList<AccountRow, Record<string, string>>({ api: accountsApi, filters: NO_FILTERS, failureMessage: t("loadFailed") });
  const { banner, show } = useBanner();
  const [resetting, setResetting] = useState<AccountRow | null>(null);

  const change = useMutation({
    mutationFn: ({ account, changes }: { account: AccountRow; changes: UpdateAccountBody; success: string }) =>
      accountsApi.update(account.id, changes),
    onSuccess: (_result, { success }) => show("success", success),
    onError: (error) => show("error", errorMessage(error, t("changeFailed"))),
    onSettled: () => list.invalidate(),
  });
  const { mutate, isPending } = change;

  const actions = useMemo<RowAction<AccountRow>[]>(
    () => [
      { label: t("resetPassword"), icon: <KeyIcon className="size-4" />, onClick: setResetting },
      {
        label: t("disable"),
        icon: <UndoIcon className="size-4" />,
        tone: "danger",
        hidden: (account) => !account.is_active,
        onClick: (account) => mutate({ account, changes: { is_active: false }, success: t("disabledNow", { name: account.name }) }),
      },
      {
        label: t("enable"),
        icon: <PlusIcon className="size-4" />,
        tone: "primary",
        hidden: (account) => account.is_active,
        onClick: (account) => mutate({ account, changes: { is_active: true }, success: t("enabledNow", { name: account.name }) }),
      },
    ],
    [mutate, t],
  );
  const columns = useMemo(
    () =>
      accountColumns({
        actions,
        busy: isPending,
        onRoleChange: (account: AccountRow, role: Role) =>
          mutate({ account, changes: { role }, success: t("roleChanged", { name: account.name, role: t(`roleLower.${role}`) }) }),
        t,
        roleName,
        actionsLabel: common("actions"),
        moment,
      }),
    [actions, isPending, mutate, t, roleName, common, moment],
  );
  const { table } = useListTable(list, columns);

  return (
    <AddingScreen
      title={t("title")}
      description={t("description")}
      addLabel={t("newAccount")}
      banner={banner}
      form={(close) => (
        <CreateAccountForm
          onCancel={close}
          onSubmit={async (values) => {
            await accountsApi.create(values);
            close();
            show("success", t("created", { name: values.name, role: t(`roleLower.${values.role}`) }));
            list.showFirstPage();
          }}
        />
      )}
    >
      <ListScreenTable
        screen="accounts"
        list={list}
        table={table}
        empty={<EmptyState icon={<KeyIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />}
      />
      <ResetPasswordModal
        account={resetting}
        onClose={() => setResetting(null)}
        onSave={async (account, password) => {
          await accountsApi.update(account.id, { password });
          show("success", t("passwordSet", { name: account.name }));
          void list.invalidate();
        }}
      />
    </AddingScreen>
  );
}
