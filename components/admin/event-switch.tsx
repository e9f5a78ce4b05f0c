"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/client/api";
import { settingsApi } from "@/lib/client/settings";
import type { PublicEventState } from "@/shared/contracts/claims";
import { WRITE_ROLES } from "@/shared/roles";
import { useMay } from "./role-context";

const STATE_LOOK: Record<PublicEventState, { dot: string; pill: string }> = {
  open: { dot: "bg-emerald-500", pill: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  paused: { dot: "bg-amber-500", pill: "bg-amber-50 text-amber-900 ring-amber-300" },
  not_started: { dot: "bg-slate-400", pill: "bg-slate-100 text-slate-700 ring-slate-300" },
  ended: { dot: "bg-slate-400", pill: "bg-slate-100 text-slate-700 ring-slate-300" },
};

/**
 * The event's state at a glance in every admin screen's header (open / paused / not started / ended), and
 * the pause switch (owners and managers): one click and a confirmation. Pausing stops new holds only; a visitor mid-form keeps
 * their prize. Refreshed every 30 s, as the opening hours turn the state by the clock.
 */
export function EventSwitch() {
  const t = useTranslations("admin.shell.eventSwitch");
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal), refetchInterval: 30_000 });
  const mayPause = useMay(WRITE_ROLES);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (pause: boolean) => settingsApi.update({ paused: pause }),
    onSuccess: (updated) => {
      queryClient.setQueryData(settingsApi.key, updated);
      setAsking(false);
      setFailure(null);
    },
    onError: (error) => setFailure(errorMessage(error, t("failed"))),
  });
  const data = settings.data;
  if (!data) return null;
  const look = STATE_LOOK[data.event_state];
  const label = t(`state.${data.event_state}`);
  const pausing = !data.paused;
  return (
    <>
      <span
        role="status"
        aria-label={t("statusLabel", { state: label })}
        className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${look.pill}`}
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${look.dot}`} />
        {label}
      </span>
      {mayPause && (
        <Button size="sm" variant={pausing ? "secondary" : "primary"} onClick={() => setAsking(true)} className="shrink-0">
          {pausing ? t("pause") : t("resume")}
          <span className="sr-only"> {t("prizesSuffix")}</span>
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          setFailure(null);
        }}
        title={pausing ? t("pauseTitle") : t("resumeTitle")}
        confirmLabel={pausing ? t("pauseConfirm") : t("resumeConfirm")}
        variant={pausing ? "danger" : "primary"}
        busy={toggle.isPending}
        onConfirm={() => toggle.mutate(pausing)}
      >
        <p>{pausing ? t("pauseBody") : t("resumeBody")}</p>
        {failure && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
