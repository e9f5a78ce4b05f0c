"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { CheckboxWithHint } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { useSaid } from "@/lib/client/use-said";
import { useServerSubmit } from "@/lib/client/use-server-submit";
import { type WebhookForm, webhookForm } from "@/lib/validation/webhook";
import { WEBHOOK_TYPES } from "@/shared/webhook-types";

const FIELDS = ["url", "types", "active", "include_nickname"] as const;

/** A new receiver: every message type unticked, on, no nicknames (a winner's nickname is personal data). */
export const NEW_WEBHOOK: WebhookForm = { url: "", types: [], active: true, include_nickname: false };

/**
 * The add and edit forms' state: react-hook-form on the shared zod schema, and the server's refusals (a
 * private or unresolvable address is a 400 naming `url`) put on their fields; anything else is `formError`.
 */
export function useWebhookForm(defaultValues: WebhookForm, save: (values: WebhookForm) => Promise<void>, fallback: string) {
  const form = useForm<WebhookForm>({ resolver: zodResolver(webhookForm), defaultValues });
  return { form, ...useServerSubmit(form, { fields: FIELDS, fallback, save }) };
}

/** The receiver's fields: its address, the message types it gets (one box each), on or off, nicknames or not. */
export function WebhookFields({ form }: { form: UseFormReturn<WebhookForm> }) {
  const t = useTranslations("admin.webhooks");
  const said = useSaid();
  const typesId = useId();
  const { errors } = form.formState;
  const typesError = said(errors.types?.message ?? errors.types?.root?.message);
  return (
    <div className="space-y-4">
      <Field label={t("url")} required hint={t("urlHint")} error={said(errors.url?.message)}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            {...form.register("url")}
          />
        )}
      </Field>
      <fieldset aria-describedby={typesError ? `${typesId}-error` : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">
          {t("types")}
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {WEBHOOK_TYPES.map((type) => (
            <CheckboxWithHint
              key={type}
              value={type}
              label={<code className="font-mono text-[0.8125rem] break-all">{type}</code>}
              hint={t(`typeHints.${type}`)}
              aria-invalid={typesError ? true : undefined}
              className="py-1.5"
              {...form.register("types")}
            />
          ))}
        </div>
        {typesError && (
          <p id={`${typesId}-error`} className="mt-1.5 text-sm text-red-700">
            {typesError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        <CheckboxWithHint label={t("active")} hint={t("activeHint")} {...form.register("active")} />
        <CheckboxWithHint label={t("includeNickname")} hint={t("includeNicknameHint")} {...form.register("include_nickname")} />
      </div>
      {said(errors.active?.message ?? errors.include_nickname?.message) && (
        <p className="text-sm text-red-700">{said(errors.active?.message ?? errors.include_nickname?.message)}</p>
      )}
    </div>
  );
}
