"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useMay } from "@/components/admin/role-context";
import { useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type SystemSettings, settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";
import { useSaid } from "@/lib/client/use-said";
import { COLLECT_WITHIN_MAX, COLLECT_WITHIN_MIN, DESK_LOCATION_MAX } from "@/shared/contracts/settings";
import { WRITE_ROLES } from "@/shared/roles";

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
  const queryClient = useQueryClient();
  const { banner, show } = useBanner();
  const mayWrite = useMay(WRITE_ROLES);
  const [formError, setFormError] = useState<string | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  // Shared with the header's event switch: shown once hydrated, as the server rendered it (rendering the shared cache's answer during hydration is React's error #418).
  const shown = useHydratedData(settings.data);
  const form = useForm<CollectionForm>({ defaultValues: { collect_within_minutes: "", desk_location_en: "", desk_location_ko: "" } });
  const { register, handleSubmit, reset, setError, formState } = form;
  useEffect(() => {
    if (settings.data && !formState.isDirty) reset(formValues(settings.data));
  }, [settings.data, formState.isDirty, reset]);

  const save = useMutation({
    mutationFn: (values: CollectionForm) =>
      settingsApi.update({
        collect_within_minutes: minutesOf(values.collect_within_minutes),
        desk_location_en: values.desk_location_en.trim() || null,
        desk_location_ko: values.desk_location_ko.trim() || null,
      }),
    onMutate: () => setFormError(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(settingsApi.key, updated);
      reset(formValues(updated));
      show("success", t("saved"));
    },
    onError: (error) => setFormError(applyServerErrors<CollectionForm>(error, { fields: FIELDS, setError, fallback: t("failed") })),
  });

  if (!shown) return null;
  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="mt-6 space-y-6" aria-label={t("title")}>
      {banner}
      <fieldset disabled={!mayWrite}>
        <Card title={t("title")}>
          <p className="mb-4 text-sm text-slate-600">{t("intro")}</p>
          <div className="space-y-4">
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
          </div>
        </Card>
      </fieldset>
      <FormAlert message={formError} />
      <div className={mayWrite ? "flex justify-end gap-2" : "hidden"}>
        <Button type="button" disabled={!formState.isDirty || save.isPending} onClick={() => reset(formValues(settings.data!))}>
          {t("undo")}
        </Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
