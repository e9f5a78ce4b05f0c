"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { AlertIcon, CopyIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";

export type ShownSecret = { url: string; secret: string; reason: "created" | "rolled" };

/**
 * A signing secret, shown the one time the server answers it (at creation and after a roll): in a field to
 * select, with a copy button, and said plainly that it cannot be read back later.
 */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const t = useTranslations("admin.webhooks");
  return (
    <Modal
      open={shown !== null}
      onClose={onClose}
      size="lg"
      title={shown?.reason === "rolled" ? t("secret.rolledTitle") : t("secret.createdTitle")}
      description={shown?.url}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t("secret.done")}
        </Button>
      }
    >
      {shown && <SecretBody key={shown.secret} secret={shown.secret} />}
    </Modal>
  );
}

function SecretBody({ secret }: { secret: string }) {
  const t = useTranslations("admin.webhooks");
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      // No clipboard here (an insecure address, a refused permission): the secret is selected to copy by hand.
      field.current?.select();
      setCopy("failed");
    }
  };
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <AlertIcon className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="font-semibold">{t("secret.onceTitle")}</strong> {t("secret.onceBody")}
        </span>
      </p>
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t("secret.label")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* A text area, not a line: the whole secret shows, wrapped, even on a phone. */}
          <textarea
            ref={field}
            id={id}
            readOnly
            rows={2}
            value={secret}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} resize-none font-mono break-all`}
          />
          <Button onClick={copySecret} className="shrink-0 sm:self-start">
            <CopyIcon className="size-4" /> {copy === "copied" ? t("secret.copied") : t("secret.copy")}
          </Button>
        </div>
        <p role="status" className="mt-1.5 min-h-5 text-sm text-slate-600">
          {copy === "copied" ? t("secret.copiedNote") : copy === "failed" ? t("secret.copyFailed") : ""}
        </p>
      </div>
    </div>
  );
}
