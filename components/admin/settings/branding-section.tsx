"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ImageChangeField, useImageChange } from "@/components/admin/image-field";
import { useMay } from "@/components/admin/role-context";
import { useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { DEFAULT_PRIMARY_COLOR, isHexColor, LOW_CONTRAST, primaryColorProblem } from "@/lib/branding/colour";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type SystemSettings, settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";
import { useSaid } from "@/lib/client/use-said";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { EVENT_NAME_MAX, FOOTER_TEXT_MAX } from "@/shared/contracts/branding";
import { WRITE_ROLES } from "@/shared/roles";

type BrandingForm = { event_name_en: string; event_name_ko: string; primary_color: string; footer_text_en: string; footer_text_ko: string };
const FIELDS = ["event_name_en", "event_name_ko", "primary_color", "footer_text_en", "footer_text_ko"] as const;
const BLANK: BrandingForm = { event_name_en: "", event_name_ko: "", primary_color: "", footer_text_en: "", footer_text_ko: "" };

function formValues(settings: SystemSettings): BrandingForm {
  return {
    event_name_en: settings.event_name_en ?? "",
    event_name_ko: settings.event_name_ko ?? "",
    primary_color: settings.primary_color ?? "",
    footer_text_en: settings.footer_text_en ?? "",
    footer_text_ko: settings.footer_text_ko ?? "",
  };
}

/**
 * What readers of one language see while its box is empty, by the visitors' own rule (eventNameIn): the
 * plain text an older version or the spec's client saved, else the other language's box; null: nothing.
 */
function shownWhenBlank(plain: string | null, otherTyped: string): string | null {
  return plain?.trim() || otherTyped.trim() || null;
}

/** /admin/settings, "Branding" (server-behaviour.md, "Branding"): saved on its own, apart from the event's rules. */
export function BrandingSection() {
  const t = useTranslations("admin.branding");
  const tAll = useTranslations();
  const said = useSaid();
  const queryClient = useQueryClient();
  const { banner, show } = useBanner();
  const mayWrite = useMay(WRITE_ROLES);
  const [formError, setFormError] = useState<string | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  // Shared with the header's event switch: shown once hydrated, as the server rendered it (rendering the shared cache's answer during hydration is React's error #418).
  const shown = useHydratedData(settings.data);
  const logo = useImageChange(shown?.logo_url ?? null);
  const form = useForm<BrandingForm>({ defaultValues: BLANK });
  const { register, handleSubmit, reset, setError, formState, watch, setValue } = form;
  useEffect(() => {
    if (settings.data && !formState.isDirty) reset(formValues(settings.data));
  }, [settings.data, formState.isDirty, reset]);

  const save = useMutation({
    mutationFn: async (values: BrandingForm) => {
      let saved = await settingsApi.update({
        event_name_en: values.event_name_en.trim() || null,
        event_name_ko: values.event_name_ko.trim() || null,
        primary_color: values.primary_color.trim() || null,
        footer_text_en: values.footer_text_en.trim() || null,
        footer_text_ko: values.footer_text_ko.trim() || null,
      });
      if (logo.change.kind === "replace") {
        const body = new FormData();
        body.append("logo", logo.change.file);
        saved = await settingsApi.uploadLogo(body);
      } else if (logo.change.kind === "remove") saved = await settingsApi.removeLogo();
      return saved;
    },
    onMutate: () => setFormError(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(settingsApi.key, updated);
      reset(formValues(updated));
      logo.restore();
      show("success", t("saved"));
    },
    onError: (error) =>
      setFormError(
        applyServerErrors<BrandingForm>(error, { fields: FIELDS, setError, extra: { logo: logo.setError }, fallback: t("failed") }),
      ),
  });

  if (!shown) return null;
  const color = watch("primary_color").trim().toLowerCase();
  // Checked as the organiser types, with the server's own rule and words.
  const contrast = color && isHexColor(color) ? primaryColorProblem(color) : null;
  const colorProblem = contrast ? tAll(LOW_CONTRAST, contrast) : null;
  const swatch = color && isHexColor(color) ? color : DEFAULT_PRIMARY_COLOR;
  const dirty = formState.isDirty || logo.change.kind !== "keep";
  const typed = watch();
  // Each language's box side by side, with what its readers see while it is empty.
  const inEachLanguage = (field: "event_name" | "footer_text", max: number, blankHint: (shown: string | null) => string) => (
    <div className="grid gap-4 sm:grid-cols-2">
      {(["en", "ko"] as const).map((language) => {
        const name = `${field}_${language}` as const;
        const other = `${field}_${language === "en" ? "ko" : "en"}` as const;
        return (
          <Field
            key={name}
            label={t(`${field === "event_name" ? "eventName" : "footer"}.${language}`)}
            hint={blankHint(shownWhenBlank(shown[field], typed[other]))}
            error={said(formState.errors[name]?.message)}
          >
            {(control) => <input {...control} lang={language} maxLength={max} {...register(name)} />}
          </Field>
        );
      })}
    </div>
  );

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="mt-6 space-y-6" aria-label={t("title")}>
      {banner}
      <fieldset disabled={!mayWrite}>
        <Card title={t("title")}>
          <p className="mb-4 text-sm text-slate-600">{t("intro")}</p>
          <div className="space-y-4">
            {inEachLanguage("event_name", EVENT_NAME_MAX, (fallback) => t("eventNameHint", { name: fallback ?? tAll("app.name") }))}
            <Field
              label={t("color")}
              hint={t("colorHint")}
              error={said(formState.errors.primary_color?.message) ?? colorProblem ?? undefined}
            >
              {(control) => (
                <div className="flex items-center gap-3">
                  <input
                    type="color"
                    aria-label={t("colorPicker")}
                    value={swatch}
                    onChange={(event) => setValue("primary_color", event.target.value, { shouldDirty: true })}
                    className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  />
                  <input {...control} placeholder={DEFAULT_PRIMARY_COLOR} maxLength={7} {...register("primary_color")} />
                  <span className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-white" style={{ backgroundColor: swatch }}>
                    {t("sample")}
                  </span>
                </div>
              )}
            </Field>
            {color && (
              <Button size="sm" variant="ghost" onClick={() => setValue("primary_color", "", { shouldDirty: true })}>
                {t("useDefault")}
              </Button>
            )}
            <ImageChangeField
              image={logo}
              mode="edit"
              limit={IMAGE_LIMITS.logo}
              noun={t("logoNoun")}
              label={t("logo")}
              disabled={!mayWrite || save.isPending}
            />
            {inEachLanguage("footer_text", FOOTER_TEXT_MAX, (fallback) =>
              fallback ? t("footerBlankShows", { text: fallback }) : t("footerHint"),
            )}
          </div>
        </Card>
      </fieldset>
      <FormAlert message={formError} />
      <div className={mayWrite ? "flex justify-end gap-2" : "hidden"}>
        <Button
          type="button"
          disabled={!dirty || save.isPending}
          onClick={() => {
            reset(formValues(settings.data!));
            logo.restore();
          }}
        >
          {t("undo")}
        </Button>
        <Button type="submit" variant="primary" busy={save.isPending} disabled={Boolean(colorProblem)}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
