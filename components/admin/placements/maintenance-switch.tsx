"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import { settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";

/**
 * Automatic placement (the API's maintenance mode) as it is now, and the switch. On: after each win, and
 * every 30 s, each active prize is placed again on random free pages up to its target. Off (a fresh
 * install): nothing is placed on its own.
 */
export function MaintenanceSwitch({ onChanged, onFailed }: { onChanged: (message: string) => void; onFailed: (message: string) => void }) {
  const t = useTranslations("admin.placements.maintenance");
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const shown = useHydratedData(settings);
  const on = shown?.data?.maintenance_mode;
  const toggle = useMutation({
    mutationFn: (turnOn: boolean) => settingsApi.update({ maintenance_mode: turnOn }),
    onSuccess: (_settings, turnOn) => onChanged(turnOn ? t("turnedOn") : t("turnedOff")),
    onError: (error) => onFailed(errorMessage(error, t("failed"))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsApi.key }),
  });

  if (shown?.isError) return <p className="text-sm text-red-700">{errorMessage(settings.error, t("loadFailed"))}</p>;
  if (on === undefined) return <Spinner label={t("loading")} />;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${on ? "bg-emerald-500" : "bg-slate-400"}`} />
        <strong className="font-semibold text-slate-900">{on ? t("isOn") : t("isOff")}</strong>
      </p>
      <p className="text-sm text-slate-600">{on ? t("onBody") : t("offBody")}</p>
      <Button size="sm" busy={toggle.isPending} onClick={() => toggle.mutate(!on)}>
        {on ? t("turnOff") : t("turnOn")}
      </Button>
    </div>
  );
}
