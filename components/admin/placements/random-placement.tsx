"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SearchPicker } from "@/components/admin/search-picker";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { inputClass } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { settingsApi } from "@/lib/client/settings";

type RandomizeInput = Parameters<typeof placementsApi.randomize>[0];

type RandomWords = ReturnType<typeof useTranslations<"admin.placements.random">>;

const onOff = (on: boolean, t: RandomWords) => (on ? t("on") : t("off"));

/** What placing will do to the system-wide setting, said beside the box before the organiser clicks. */
function maintenanceNote(current: boolean | undefined, ticked: boolean, t: RandomWords): string {
  if (current === undefined) return t("noteUnknown");
  if (current === ticked) return t("noteStays", { state: onOff(current, t) });
  return t("noteTurns", { next: onOff(ticked, t), current: onOff(current, t) });
}

/**
 * Random placement (server-behaviour.md): every active prize, or one, onto free product pages up to its
 * target; optionally clearing the unheld active placements first. Its maintenance mode becomes the system
 * setting, so the box says what placing will do to it and the result says what it did. The dashboard and
 * the placements screen both use this one control.
 */
export function RandomPlacement({
  choosePrize = false,
  onPlaced,
  onFailed,
}: {
  /** Offer "all prizes or one" (the placements screen); the dashboard places all. */
  choosePrize?: boolean;
  onPlaced: (detail: string) => void;
  onFailed: (message: string) => void;
}) {
  const t = useTranslations("admin.placements.random");
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const current = settings.data?.maintenance_mode;
  const [maintenanceMode, setMaintenanceMode] = useState(true);
  const [reset, setReset] = useState(false);
  const [prize, setPrize] = useState<PickerOption | null>(null);
  // Winning moments (the placements screen only): each placement drops at a secret moment in the window.
  const [spread, setSpread] = useState(false);
  const [spreadMinutes, setSpreadMinutes] = useState("60");
  const place = useMutation({
    // `before`: the setting as the organiser saw it when clicking, to say what placing changed.
    mutationFn: ({ input }: { input: RandomizeInput; before: boolean | undefined }) => placementsApi.randomize(input),
    onSuccess: (result, { input, before }) => {
      const setting =
        before === undefined || before === input.maintenance_mode
          ? t("settingStays", { state: onOff(input.maintenance_mode, t) })
          : t("settingChanged", { state: onOff(input.maintenance_mode, t), before: onOff(before, t) });
      onPlaced(`${result.detail || t("placed")} ${setting}`);
    },
    onError: (error) => onFailed(errorMessage(error, t("failed"))),
    // The placements, the dashboard and the maintenance setting may all have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });

  return (
    <div className={choosePrize ? "space-y-3" : "flex flex-wrap items-center gap-3"}>
      {choosePrize && (
        <SearchPicker
          label={t("prize")}
          kind="prizes"
          load={pickersApi.prizes}
          value={prize}
          onChange={setPrize}
          allLabel={t("allPrizes")}
        />
      )}
      <div>
        <label htmlFor={`${id}-maintenance`} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <Checkbox
            id={`${id}-maintenance`}
            checked={maintenanceMode}
            onChange={(event) => setMaintenanceMode(event.target.checked)}
            aria-describedby={`${id}-maintenance-note`}
          />
          {t("maintenance")}
        </label>
        <p
          id={`${id}-maintenance-note`}
          className={`-mt-1 pl-7 text-xs ${current !== undefined && current !== maintenanceMode ? "font-semibold text-amber-800" : "text-slate-600"}`}
        >
          {maintenanceNote(current, maintenanceMode, t)}
        </p>
      </div>
      <label htmlFor={`${id}-reset`} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <Checkbox id={`${id}-reset`} checked={reset} onChange={(event) => setReset(event.target.checked)} />
        {t("reset")}
      </label>
      {choosePrize && (
        <div>
          <label htmlFor={`${id}-spread`} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <Checkbox id={`${id}-spread`} checked={spread} onChange={(event) => setSpread(event.target.checked)} />
            {t("spread")}
          </label>
          {spread && (
            <div className="pl-7">
              <label htmlFor={`${id}-spread-minutes`} className="mb-1 block text-sm font-medium text-slate-700">
                {t("spreadMinutes")}
              </label>
              <input
                id={`${id}-spread-minutes`}
                type="number"
                inputMode="numeric"
                min={1}
                max={480}
                value={spreadMinutes}
                onChange={(event) => setSpreadMinutes(event.target.value)}
                aria-describedby={`${id}-spread-hint`}
                className={inputClass}
              />
              <p id={`${id}-spread-hint`} className="mt-1 text-xs text-slate-600">
                {t("spreadHint")}
              </p>
            </div>
          )}
        </div>
      )}
      <Button
        variant="primary"
        busy={place.isPending}
        onClick={() =>
          place.mutate({
            input: {
              reset,
              maintenance_mode: maintenanceMode,
              prize_id: choosePrize ? (prize?.id ?? null) : null,
              // The server refuses a number out of 1..480 on this field, in the organiser's language.
              ...(choosePrize && spread && { spread_minutes: Number(spreadMinutes) }),
            },
            before: current,
          })
        }
        className={choosePrize ? "w-full" : ""}
      >
        {t("submit")}
      </Button>
    </div>
  );
}
