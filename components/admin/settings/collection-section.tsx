"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import type { SystemSettings } from "@/lib/client/settings";
import { useSaid } from "@/lib/client/use-said";
import { COLLECT_WITHIN_MAX, COLLECT_WITHIN_MIN, DESK_LOCATION_MAX } from "@/shared/contracts/settings";
import { SettingsSectionForm } from "./section-form";
import { useSettingsSection } from "./use-settings-section";

type CollectionForm = { collect_within_minutes: string; desk_location_en: string; desk_location_ko: string };
const FIELDS = ["collect_within_minutes", "desk_location_en", "desk_location_ko"] as const;

function formValues(settings: SystemSettings): CollectionForm {
  return {
    collect_within_minutes: settings.collect_within_minutes === null ? "" : String(settings.collect_within_minutes),
    desk_location_en: settings.desk_location_en ?? "",
    desk_location_ko: settings.desk_location_ko ?? "",
  };
}

/** Blank: no deadline. Anything else goes to the server as typed (a number when it is one), which says what is wrong. */
function minutesOf(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/**
 * /admin/settings, "Collecting prizes" (server-behaviour.md, "Collecting a prize: the deadline"): how long a
 * winner has to come to the desk, and where it is, saved on its own as branding is.
 */
export function CollectionSection() {
  const t = useTranslations("admin.settings.collection");
  const said = useSaid();
  const section = useSettingsSection<CollectionForm>({
    blank: { collect_within_minutes: "", desk_location_en: "", desk_location_ko: "" },
    formValues,
    changes: (values) => ({
      collect_within_minutes: minutesOf(values.collect_within_minutes),
      desk_location_en: values.desk_location_en.trim() || null,
      desk_location_ko: values.desk_location_ko.trim() || null,
    }),
    fields: FIELDS,
    savedMessage: t("saved"),
    failedMessage: t("failed"),
  });
  const { register, formState } = section.form;

  if (!section.shown) return null;
  return (
    <SettingsSectionForm
      section={section}
      words={{ title: t("title"), intro: t("intro"), undo: t("undo"), save: t("save") }}
      dirty={formState.isDirty}
    >
      <Field
        label={t("minutes")}
        hint={t("minutesHint", { min: COLLECT_WITHIN_MIN, max: COLLECT_WITHIN_MAX })}
        error={said(formState.errors.collect_within_minutes?.message)}
      >
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            placeholder={t("noDeadline")}
            className={`${control.className} sm:max-w-48`}
            {...register("collect_within_minutes")}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("deskEn")} hint={t("deskHint")} error={said(formState.errors.desk_location_en?.message)}>
          {(control) => <input {...control} maxLength={DESK_LOCATION_MAX} {...register("desk_location_en")} />}
        </Field>
        <Field label={t("deskKo")} hint={t("deskHint")} error={said(formState.errors.desk_location_ko?.message)}>
          {(control) => <input {...control} maxLength={DESK_LOCATION_MAX} {...register("desk_location_ko")} />}
        </Field>
      </div>
    </SettingsSectionForm>
  );
}
