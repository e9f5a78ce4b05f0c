"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { Banner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/api";
import { settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";

/** What a placement left on no page: units of one prize (`prize`), or of every prize placed at random (null). */
export type Unplaced = { count: number; prize: string | null };

/**
 * After a placement, how many units are still on no product page, and (while automatic placement is off)
 * the button that switches it on: without it, once the placed ones are won nothing is placed again, and an
 * organiser who placed by hand finds the stands empty with stock in the box. Stays until dismissed or the
 * next placement; says nothing when every unit is out.
 */
export function useUnplacedNotice({ onChanged, onFailed }: { onChanged: (message: string) => void; onFailed: (message: string) => void }): {
  notice: ReactNode;
  report: (unplaced: Unplaced) => void;
} {
  const t = useTranslations("admin.placements.unplaced");
  const tSwitch = useTranslations("admin.placements.maintenance");
  const queryClient = useQueryClient();
  const [unplaced, setUnplaced] = useState<Unplaced | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const turnOn = useMutation({
    mutationFn: () => settingsApi.update({ maintenance_mode: true }),
    onSuccess: () => {
      setUnplaced(null);
      onChanged(tSwitch("turnedOn"));
    },
    onError: (error) => onFailed(errorMessage(error, tSwitch("failed"))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsApi.key }),
  });
  const on = useHydratedData(settings.data)?.maintenance_mode;
  const notice =
    unplaced && unplaced.count > 0 ? (
      <Banner tone="info" onDismiss={() => setUnplaced(null)}>
        <div className="space-y-2" data-testid="unplaced-notice">
          <p>
            {unplaced.prize === null ? t("all", { count: unplaced.count }) : t("prize", { count: unplaced.count, prize: unplaced.prize })}{" "}
            {on === true ? t("whenOn") : on === false ? t("whenOff") : null}
          </p>
          {on === false && (
            <Button size="sm" variant="primary" busy={turnOn.isPending} onClick={() => turnOn.mutate()}>
              {tSwitch("turnOn")}
            </Button>
          )}
        </div>
      </Banner>
    ) : null;
  return { notice, report: setUnplaced };
}
