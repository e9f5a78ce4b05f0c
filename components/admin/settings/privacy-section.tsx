"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { PrivacyNoticeText } from "@/components/public/privacy-notice";
import { Card } from "@/components/ui/card";
import { CheckboxWithHint } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import type { SystemSettings } from "@/lib/client/settings";
import { useMoment } from "@/lib/client/use-moment";
import { useSaid } from "@/lib/client/use-said";
import {
  type NoticeText,
  PRIVACY_CONTACT_MAX,
  PRIVACY_NOTICE_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  withOrganiserText,
} from "@/shared/contracts/settings";
import { SettingsSectionForm } from "./section-form";
import { useSettingsSection } from "./use-settings-section";

type PrivacyForm = {
  privacy_contact: string;
  retention_days: string;
  consent_required: boolean;
  privacy_notice_en: string;
  privacy_notice_ko: string;
};
const FIELDS = ["privacy_contact", "retention_days", "consent_required", "privacy_notice_en", "privacy_notice_ko"] as const;

function formValues(settings: SystemSettings): PrivacyForm {
  return {
    privacy_contact: settings.privacy_contact ?? "",
    retention_days: String(settings.retention_days),
    consent_required: settings.consent_required,
    privacy_notice_en: settings.privacy_notice_en ?? "",
    privacy_notice_ko: settings.privacy_notice_ko ?? "",
  };
}

/** Whole days go as a number; anything else as typed, and the server says what is wrong. */
function daysOf(value: string): number {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** The notice a visitor would read: the text typed, among the fixed parts the server wrote from the settings. */
function previewOf(typed: string, fixed: NoticeText | undefined): NoticeText | null {
  return fixed ? withOrganiserText(fixed, typed) : null;
}

/**
 * /admin/settings, "Privacy" (server-behaviour.md, "Privacy"): the notice in both languages with a preview
 * as visitors see it, the contact, consent on the claim form, and the retention with the date it implies
 * and how many winners it will erase then. Saved on its own, as the other sections are.
 */
export function PrivacySection() {
  const t = useTranslations("privacy.admin");
  const said = useSaid();
  const { moment } = useMoment();
  const section = useSettingsSection<PrivacyForm>({
    blank: { privacy_contact: "", retention_days: "", consent_required: false, privacy_notice_en: "", privacy_notice_ko: "" },
    formValues,
    changes: (values) => ({
      privacy_contact: values.privacy_contact.trim() || null,
      retention_days: daysOf(values.retention_days),
      consent_required: values.consent_required,
      privacy_notice_en: values.privacy_notice_en.trim() || null,
      privacy_notice_ko: values.privacy_notice_ko.trim() || null,
    }),
    fields: FIELDS,
    savedMessage: t("saved"),
    failedMessage: t("failed"),
  });
  const { register, formState, control } = section.form;
  // The defaults come with GET and PATCH only (a logo's answer lacks them): the last ones seen stay.
  const [defaults, setDefaults] = useState<SystemSettings["privacy_notice_default"]>();
  useEffect(() => {
    if (section.shown?.privacy_notice_default) setDefaults(section.shown.privacy_notice_default);
  }, [section.shown]);
  const [noticeEn = "", noticeKo = ""] = useWatch({ control, name: ["privacy_notice_en", "privacy_notice_ko"] });

  if (!section.shown) return null;
  const saved = section.shown;
  // Each language's notice once: its field in the form and its preview below.
  const notices = [
    {
      language: "en" as const,
      field: "privacy_notice_en" as const,
      label: t("noticeEn"),
      previewLabel: t("previewEn"),
      preview: previewOf(noticeEn, defaults?.en),
    },
    {
      language: "ko" as const,
      field: "privacy_notice_ko" as const,
      label: t("noticeKo"),
      previewLabel: t("previewKo"),
      preview: previewOf(noticeKo, defaults?.ko),
    },
  ];
  return (
    <SettingsSectionForm
      section={section}
      words={{ title: t("title"), intro: t("intro"), undo: t("undo"), save: t("save") }}
      dirty={formState.isDirty}
      after={
        <Card title={t("preview")}>
          {formState.isDirty && <p className="mb-3 text-sm text-slate-600">{t("previewUnsaved")}</p>}
          <div className="grid gap-4 lg:grid-cols-2">
            {notices.map(({ language, previewLabel, preview }) => (
              <section
                key={language}
                aria-label={previewLabel}
                lang={language}
                className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-4"
              >
                <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{previewLabel}</p>
                {preview && <PrivacyNoticeText notice={preview} headingLevel={2} />}
              </section>
            ))}
          </div>
        </Card>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("contact")} hint={t("contactHint")} error={said(formState.errors.privacy_contact?.message)}>
          {(control) => <input {...control} maxLength={PRIVACY_CONTACT_MAX} {...register("privacy_contact")} />}
        </Field>
        <Field
          label={t("retentionDays")}
          hint={t("retentionHint", { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX })}
          error={said(formState.errors.retention_days?.message)}
        >
          {(control) => (
            <input {...control} inputMode="numeric" className={`${control.className} sm:max-w-32`} {...register("retention_days")} />
          )}
        </Field>
      </div>
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="retention-summary">
        {saved.retention_erases_at
          ? t("erasesOn", { count: saved.retention_pending, date: moment(saved.retention_erases_at) })
          : t("erasesAfterEachWin", { count: saved.retention_pending, days: saved.retention_days })}
      </p>
      <CheckboxWithHint label={t("consentRequired")} hint={t("consentHint")} {...register("consent_required")} />
      <div className="grid gap-4 lg:grid-cols-2">
        {notices.map(({ field, label }) => (
          <Field
            key={field}
            label={label}
            hint={t("noticeHint", { max: PRIVACY_NOTICE_MAX })}
            error={said(formState.errors[field]?.message)}
          >
            {(control) => <textarea {...control} rows={8} maxLength={PRIVACY_NOTICE_MAX} {...register(field)} />}
          </Field>
        ))}
      </div>
    </SettingsSectionForm>
  );
}
