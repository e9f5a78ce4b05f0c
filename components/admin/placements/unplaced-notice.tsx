"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { Banner, type BannerTone } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/api";
import { settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";

/** What a placement left on no page: units of one prize (`prize`), or of every prize placed at random (null). */
type Unplaced = { count: number; prize: string | null };

/** What a placing form reports when its placement has been answered. */
export type PlacementOutcome = {
  /** The placement's own confirmation (the screen's success message); null when nothing was placed. */
  confirmation: string | null;
  /** Why nothing was placed, said as a warning; null when something was. */
  nothingPlaced: string | null;
  unplaced: Unplaced;
};

/**
 * A placement's result on the screen. Its confirmation is the screen's success message; beside it, never
 * instead of it, stays how many units are still on no product page and (while automatic placement is off)
 * the button that switches it on: without it, once the placed ones are won nothing is placed again, and an
 * organiser who placed by hand finds the stands empty with stock in the box. A placement that placed nothing
 * is a warning that says why, with the same line under it. The notice belongs to its placement: it stays until
 * dismissed, and goes at the screen's next outcome (`forget`), so it is never read as another action's answer.
 */
export function useUnplacedNotice({ show, clearBanner }: { show: (tone: BannerTone, message: string) => void; clearBanner: () => void }): {
  notice: ReactNode;
  placed: (outcome: PlacementOutcome) => void;
  forget: () => void;
} {
  const t = useTranslations("admin.placements.unplaced");
  const tSwitch = useTranslations("admin.placements.maintenance");
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PlacementOutcome | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const turnOn = useMutation({
    mutationFn: () => settingsApi.update({ maintenance_mode: true }),
    onSuccess: () => {
      setOutcome(null);
      show("success", tSwitch("turnedOn"));
    },
    onError: (error) => {
      setOutcome(null);
      show("error", errorMessage(error, tSwitch("failed")));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsApi.key }),
  });
  const on = useHydratedData(settings.data)?.maintenance_mode;
  const unplaced = outcome && outcome.unplaced.count > 0 ? outcome.unplaced : null;
  const notice =
    outcome && (outcome.nothingPlaced || unplaced) ? (
      <Banner tone={outcome.nothingPlaced ? "warning" : "info"} onDismiss={() => setOutcome(null)}>
        <div className="space-y-2" data-testid="unplaced-notice">
          {outcome.nothingPlaced && <p className="font-semibold">{outcome.nothingPlaced}</p>}
          {unplaced && (
            <p>
              {unplaced.prize === null ? t("all", { count: unplaced.count }) : t("prize", { count: unplaced.count, prize: unplaced.prize })}{" "}
              {on === true ? t("whenOn") : on === false ? t("whenOff") : null}
            </p>
          )}
          {unplaced && on === false && (
            <Button size="sm" variant="primary" busy={turnOn.isPending} onClick={() => turnOn.mutate()}>
              {tSwitch("turnOn")}
            </Button>
          )}
        </div>
      </Banner>
    ) : null;
  return {
    notice,
    placed: (result) => {
      if (result.confirmation) show("success", result.confirmation);
      else clearBanner();
      setOutcome(result);
    },
    forget: () => setOutcome(null),
  };
}
