"use client";

import { useTranslations } from "next-intl";
import { ImageChangeField, useImageChange } from "@/components/admin/image-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { DEFAULT_PRIMARY_COLOR, isHexColor, LOW_CONTRAST, primaryColorProblem } from "@/lib/branding/colour";
import { type SystemSettings, settingsApi } from "@/lib/client/settings";
import { useSaid } from "@/lib/client/use-said";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { EVENT_NAME_MAX, FOOTER_TEXT_MAX } from "@/shared/contracts/branding";
import { SettingsSectionForm } from "./section-form";
import { useSettingsSection } from "./use-settings-section";

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
  const section = useSettingsSection<BrandingForm>({
    blank: BLANK,
    formValues,
    changes: (values) => ({
      event_name_en: values.event_name_en.trim() || null,
      event_name_ko: values.event_name_ko.trim() || null,
      primary_color: values.primary_color.trim() || null,
      footer_text_en: values.footer_text_en.trim() || null,
      footer_text_ko: values.footer_text_ko.trim() || null,
    }),
    // The logo is a picked file kept outside the form: sent after the fields, put back on undo.
    alsoSave: (saved) => {
      if (logo.change.kind === "replace") {
        const body = new FormData();
        body.append("logo", logo.change.file);
        return settingsApi.uploadLogo(body);
      }
      return logo.change.kind === "remove" ? settingsApi.removeLogo() : Promise.resolve(saved);
    },
    fields: FIELDS,
    extra: { logo: (message) => logo.setError(message) },
    savedMessage: t("saved"),
    failedMessage: t("failed"),
    onReset: () => logo.restore(),
  });
  const shown = section.shown;
  const logo = useImageChange(shown?.logo_url ?? null);
  const { register, formState, watch, setValue } = section.form;

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
    <SettingsSectionForm
      section={section}
      words={{ title: t("title"), intro: t("intro"), undo: t("undo"), save: t("save") }}
      dirty={dirty}
      saveDisabled={Boolean(colorProblem)}
    >
      {inEachLanguage("event_name", EVENT_NAME_MAX, (fallback) => t("eventNameHint", { name: fallback ?? tAll("app.name") }))}
      <Field label={t("color")} hint={t("colorHint")} error={said(formState.errors.primary_color?.message) ?? colorProblem ?? undefined}>
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
        disabled={!section.mayWrite || section.saving}
      />
      {inEachLanguage("footer_text", FOOTER_TEXT_MAX, (fallback) =>
        fallback ? t("footerBlankShows", { text: fallback }) : t("footerHint"),
      )}
    </SettingsSectionForm>
  );
}
