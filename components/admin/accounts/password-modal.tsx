"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { ApiError, errorMessage, firstMessage } from "@/lib/client/api";
import { useSaid } from "@/lib/client/use-said";
import { type ResetPasswordBody, resetPasswordBody } from "@/lib/validation/admin";
import type { AccountRow } from "@/shared/contracts/accounts";

/** Sets a new password for an account; saving signs that account out everywhere (said before it is done). */
export function ResetPasswordModal({
  account,
  onClose,
  onSave,
}: {
  account: AccountRow | null;
  onClose: () => void;
  onSave: (account: AccountRow, password: string) => Promise<void>;
}) {
  const t = useTranslations("admin.accounts");
  const common = useTranslations("common");
  const said = useSaid();
  const form = useForm<ResetPasswordBody>({ resolver: zodResolver(resetPasswordBody), defaultValues: { password: "" } });
  const { errors, isSubmitting: busy } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.handleSubmit(async ({ password }) => {
    if (!account) return;
    try {
      await onSave(account, password);
      close();
    } catch (failure) {
      // The field's own refusal, else the server's detail: either way it is about the one field.
      const fieldMessage = failure instanceof ApiError ? firstMessage(failure.body?.password) : undefined;
      form.setError("password", { type: "server", message: fieldMessage ?? errorMessage(failure, t("resetFailed")) });
    }
  });
  return (
    <Modal
      open={account !== null}
      onClose={close}
      dismissible={!busy}
      title={t("resetTitle", { name: account?.name ?? "" })}
      description={t("resetDescription")}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            {common("cancel")}
          </Button>
          <Button type="submit" form="reset-password-form" variant="primary" busy={busy}>
            {t("setPassword")}
          </Button>
        </>
      }
    >
      <form id="reset-password-form" onSubmit={save} noValidate className="space-y-3">
        <Field label={t("newPassword")} required hint={t("passwordHint")} error={said(errors.password?.message)}>
          {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register("password")} />}
        </Field>
      </form>
    </Modal>
  );
}
