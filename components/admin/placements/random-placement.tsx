"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SearchPicker } from "@/components/admin/search-picker";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { placementsApi } from "@/lib/client/placements";
import { settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";
import { InlineCheckbox } from "./inline-checkbox";
import type { PlacementOutcome } from "./unplaced-notice";

type RandomizeInput = Parameters<typeof placementsApi.randomize>[0];

/**
 * Random placement (server-behaviour.md): every active prize, or one, onto free product pages up to its
 * target; optionally clearing the unheld active placements first. Automatic placement (maintenance mode)
 * is system-wide, so placing leaves it as it is unless the organiser ticks the box offered while it is off
 * (never ticked by default). The result says how many units are still on no page, and a placement that placed
 * nothing says why, as a warning. The dashboard and the
 * placements screen both use this one control.
 */
export function RandomPlacement({
  choosePrize = false,
  onPlaced,
  onFailed,
}: {
  /** Offer "all prizes or one" (the placements screen); the dashboard places all. */
  choosePrize?: boolean;
  onPlaced: (outcome: PlacementOutcome) => void;
  onFailed: (message: string) => void;
}) {
  const t = useTranslations("admin.placements.random");
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const current = useHydratedData(settings.data)?.maintenance_mode;
  const [keepPlaced, setKeepPlaced] = useState(false);
  const [reset, setReset] = useState(false);
  const [prize, setPrize] = useState<PickerOption | null>(null);
  // Winning moments (the placements screen only): each placement drops at a secret moment in the window.
  const [spread, setSpread] = useState(false);
  const [spreadMinutes, setSpreadMinutes] = useState("60");
  const place = useMutation({
    mutationFn: ({ input }: { input: RandomizeInput; prizeName: string | null }) => placementsApi.randomize(input),
    onSuccess: (result, { input, prizeName }) => {
      const turnedOn = input.maintenance_mode === true && current === false;
      const unplaced = { count: result.unplaced, prize: prizeName };
      // Nothing placed is no success: the server's detail says why, as a warning. Switching automatic
      // placement on is still a change made, confirmed on its own.
      if (result.placed === 0) onPlaced({ confirmation: turnedOn ? t("turnedOn") : null, nothingPlaced: result.detail, unplaced });
      else
        onPlaced({ confirmation: `${result.detail || t("placed")}${turnedOn ? ` ${t("turnedOn")}` : ""}`, nothingPlaced: null, unplaced });
      setKeepPlaced(false);
    },
    onError: (error) => onFailed(errorMessage(error, t("failed"))),
    // The placements, the dashboard and the automatic-placement setting may all have changed.
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
      {current === false ? (
        <InlineCheckbox label={t("maintenance")} note={t("maintenanceHint")} checked={keepPlaced} onChange={setKeepPlaced} />
      ) : current === true ? (
        <p className="text-xs text-slate-600">{t("keptOn")}</p>
      ) : null}
      <InlineCheckbox label={t("reset")} checked={reset} onChange={setReset} />
      {choosePrize && (
        <div>
          <InlineCheckbox label={t("spread")} checked={spread} onChange={setSpread} />
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
            // Sent only when the organiser ticked the box: null leaves automatic placement as it is.
            input: {
              reset,
              maintenance_mode: current === false && keepPlaced ? true : null,
              prize_id: choosePrize ? (prize?.id ?? null) : null,
              // The server refuses a number out of 1..480 on this field, in the organiser's language.
              ...(choosePrize && spread && { spread_minutes: Number(spreadMinutes) }),
            },
            prizeName: choosePrize ? (prize?.name ?? null) : null,
          })
        }
        className={choosePrize ? "w-full" : ""}
      >
        {t("submit")}
      </Button>
    </div>
  );
}
