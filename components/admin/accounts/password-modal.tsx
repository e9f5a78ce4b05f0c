"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { ApiError, errorMessage, firstMessage } from "@/lib/client/api";
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
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword("");
    setError(null);
    onClose();
  };
  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!account) return;
    if (password.length < 8) return setError(t("passwordTooShort"));
    setBusy(true);
    try {
      await onSave(account, password);
      close();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? firstMessage(failure.body?.password) : undefined;
      setError(fieldMessage ?? errorMessage(failure, t("resetFailed")));
    } finally {
      setBusy(false);
    }
  }
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
        <Field label={t("newPassword")} required hint={t("passwordHint")} error={error ?? undefined}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
