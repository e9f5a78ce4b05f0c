"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { ScreenSkeleton } from "@/components/admin/screen-skeleton";
import { Card } from "@/components/ui/card";
import { CheckboxWithHint } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { errorMessage } from "@/lib/client/api";
import type { SettingsChanges, SystemSettings, WinsPerVisitor } from "@/lib/client/settings";
import { isoToZonedLocal, zonedLocalToIso } from "@/lib/client/zoned-time";
import { isTimeZoneName, utcOffset } from "@/lib/validation/time-zone";
import { EventStateSummary } from "./event-state-summary";
import { SectionActions } from "./section-actions";
import { useSettingsSection } from "./use-settings-section";

type RulesForm = {
  time_zone: string;
  event_starts_at: string;
  event_ends_at: string;
  wins_per_visitor: WinsPerVisitor;
  show_prize_before_tap: boolean;
  pause_message: string;
};
const FIELDS = ["time_zone", "event_starts_at", "event_ends_at", "wins_per_visitor", "show_prize_before_tap", "pause_message"] as const;
const PAUSE_MESSAGE_MAX = 200;

/** Every zone this browser knows, offered as the field is typed in (Asia/Seoul, Europe/London ...). */
const TIME_ZONE_NAMES: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** The time now on `timeZone`'s clock, e.g. 14:05. */
function zonedClock(timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
}

const WIN_LIMITS: readonly WinsPerVisitor[] = ["unlimited", "one_per_day", "one_per_event"];

/** The clock the form speaks: the zone typed when this browser knows it, else the one in force (null). */
function formZoneOf(typed: string, defaultTimeZone: string): string | null {
  const zone = typed.trim();
  return zone === "" ? defaultTimeZone : isTimeZoneName(zone) ? zone : null;
}

/** The opening hours on the event's clock as saved (the zone in force), the zone field as set. */
function formValues(settings: SystemSettings): RulesForm {
  const timeZone = settings.time_zone_in_use;
  return {
    time_zone: settings.time_zone ?? "",
    event_starts_at: settings.event_starts_at ? isoToZonedLocal(settings.event_starts_at, timeZone) : "",
    event_ends_at: settings.event_ends_at ? isoToZonedLocal(settings.event_ends_at, timeZone) : "",
    wins_per_visitor: settings.wins_per_visitor,
    show_prize_before_tap: settings.show_prize_before_tap,
    pause_message: settings.pause_message ?? "",
  };
}

/**
 * /admin/settings: the event's rules (server-behaviour.md, "The event's rules"): opening hours on the
 * event's clock, the win limit, and what visitors read while prizes are paused. The pause itself is the
 * switch in every screen's header.
 */
export function EventRulesScreen({ defaultTimeZone, topics }: { defaultTimeZone: string; topics?: ReactNode }) {
  const t = useTranslations("admin.settings");
  const router = useRouter();
  const section = useSettingsSection<RulesForm>({
    blank: {
      time_zone: "",
      event_starts_at: "",
      event_ends_at: "",
      wins_per_visitor: "unlimited",
      show_prize_before_tap: true,
      pause_message: "",
    },
    formValues,
    changes: (values, { formState }): SettingsChanges => {
      const zone = formZoneOf(values.time_zone, defaultTimeZone) ?? timeZone;
      // Stored instants never move with the zone: the hours are sent only when typed, and then read on the
      // clock chosen in the same form.
      const hours = (field: "event_starts_at" | "event_ends_at") =>
        formState.dirtyFields[field] ? { [field]: zonedLocalToIso(values[field], zone) } : {};
      return {
        time_zone: values.time_zone.trim() || null,
        ...hours("event_starts_at"),
        ...hours("event_ends_at"),
        wins_per_visitor: values.wins_per_visitor,
        show_prize_before_tap: values.show_prize_before_tap,
        pause_message: values.pause_message.trim() || null,
      };
    },
    fields: FIELDS,
    savedMessage: t("saved"),
    failedMessage: t("saveFailed"),
    // The admin's other times (useMoment, the dashboard) take the clock from the page: read it again.
    onSaved: (saved) => {
      if (saved.time_zone_in_use !== timeZone) router.refresh();
    },
  });
  const { register, formState, watch } = section.form;
  const timeZone: string = section.shown?.time_zone_in_use ?? defaultTimeZone;
  const formZone = formZoneOf(watch("time_zone"), defaultTimeZone);
  const messageLength = watch("pause_message").length;

  return (
    <div className="mx-auto max-w-3xl">
      <ScreenHeader title={t("title")} description={t("description", { timeZone })} />
      {topics}
      {section.banner}
      {section.loadError ? (
        <FormAlert message={errorMessage(section.loadError, t("loadFailed"))} />
      ) : !section.shown ? (
        <ScreenSkeleton kind="form" header={false} label={t("loading")} />
      ) : (
        <div className="space-y-6">
          <EventStateSummary settings={section.shown} />
          <form
            id="event-rules"
            aria-label={t("topics.rules")}
            onSubmit={section.submit}
            noValidate
            className="scroll-mt-36 space-y-6 md:scroll-mt-20"
          >
            <fieldset disabled={!section.mayWrite} className="space-y-6">
              <Card title={t("timeZone")}>
                <p className="mb-4 text-sm text-slate-600">{t("timeZoneHelp")}</p>
                <Field
                  label={t("timeZoneField")}
                  hint={
                    formZone
                      ? t("timeZoneHint", { offset: utcOffset(formZone), now: zonedClock(formZone), fallback: defaultTimeZone })
                      : t("timeZoneUnknown")
                  }
                  error={formState.errors.time_zone?.message}
                >
                  {(control) => (
                    <input
                      {...control}
                      {...register("time_zone")}
                      list="time-zone-names"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={defaultTimeZone}
                    />
                  )}
                </Field>
                <datalist id="time-zone-names">
                  {TIME_ZONE_NAMES.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </Card>
              <Card title={t("openingHours")}>
                <p className="mb-4 text-sm text-slate-600">{t("openingHoursHelp")}</p>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label={t("startsAt")} error={formState.errors.event_starts_at?.message}>
                    {(control) => <input {...control} type="datetime-local" {...register("event_starts_at")} />}
                  </Field>
                  <Field label={t("endsAt")} error={formState.errors.event_ends_at?.message}>
                    {(control) => <input {...control} type="datetime-local" {...register("event_ends_at")} />}
                  </Field>
                </div>
              </Card>
              <Card title={t("winsPerVisitor")}>
                <fieldset>
                  <legend className="mb-3 text-sm text-slate-600">{t("winsPerVisitorHelp")}</legend>
                  <div className="space-y-2">
                    {WIN_LIMITS.map((limit) => (
                      <label key={limit} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                        <input
                          type="radio"
                          value={limit}
                          {...register("wins_per_visitor")}
                          className="size-5 shrink-0 accent-primary-600"
                        />
                        {t(`winLimits.${limit}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </Card>
              <Card title={t("beforeTap")}>
                <CheckboxWithHint
                  label={t("showPrizeBeforeTap")}
                  hint={t("showPrizeBeforeTapHelp")}
                  {...register("show_prize_before_tap")}
                />
              </Card>
              <Card title={t("whilePaused")}>
                <Field
                  label={t("pauseMessage")}
                  hint={t("pauseMessageHint", { length: messageLength, max: PAUSE_MESSAGE_MAX })}
                  error={formState.errors.pause_message?.message}
                >
                  {(control) => <textarea {...control} rows={3} maxLength={PAUSE_MESSAGE_MAX} {...register("pause_message")} />}
                </Field>
              </Card>
            </fieldset>
            <SectionActions section={section} undoLabel={t("undo")} saveLabel={t("save")} dirty={formState.isDirty} />
          </form>
        </div>
      )}
    </div>
  );
}
