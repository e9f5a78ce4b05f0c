"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { UndoIcon } from "@/components/ui/icons";
import { useHydrated } from "@/lib/client/use-hydrated";

/** Spec §2: placements and the dashboard refresh themselves every 30 seconds unless switched off. */
export const AUTO_REFRESH_MS = 30_000;

/** On/off state for `AutoRefresh`; pass `refetchInterval` to `useQuery` / `useAdminList`. */
export function useAutoRefresh(intervalMs = AUTO_REFRESH_MS, initiallyOn = true) {
  const [enabled, setEnabledState] = useState(initiallyOn);
  // react-query restarts its interval when it is switched back on: the countdown counts from then too.
  const [enabledAt, setEnabledAt] = useState(() => Date.now());
  const setEnabled = (on: boolean) => {
    if (on) setEnabledAt(Date.now());
    setEnabledState(on);
  };
  return { enabled, setEnabled, enabledAt, intervalMs, refetchInterval: enabled ? intervalMs : (false as const) };
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * "Refresh in 23 s", a refresh button, an auto-refresh checkbox and the time of the data on screen. The
 * query does the refreshing (react-query `refetchInterval`); this only shows and steers it. A failed refresh
 * is the query's business (logged, the old data stays).
 */
export function AutoRefresh({
  auto,
  updatedAt,
  fetching: fetchingNow,
  onRefresh,
}: {
  auto: ReturnType<typeof useAutoRefresh>;
  /** `dataUpdatedAt` of the query (ms); 0 before the first load. */
  updatedAt: number;
  fetching: boolean;
  onRefresh: () => void;
}) {
  const t = useTranslations("admin.shell.autoRefresh");
  const format = useFormatter();
  const id = useId();
  const now = useNow(auto.enabled);
  // The server renders a query as idle, the browser's first render as fetching; their clocks differ, and
  // so do their ways of writing a Korean time (use-moment.ts): a screen that comes with its first data
  // shows all three once hydrated.
  const hydrated = useHydrated();
  const fetching = hydrated && fetchingNow;
  // Clamped: the clock ticks once a second, so "now" can trail the data by up to a second.
  const since = Math.max(updatedAt, auto.enabledAt);
  const secondsLeft = updatedAt ? Math.min(auto.intervalMs / 1000, Math.max(0, Math.ceil((since + auto.intervalMs - now) / 1000))) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
      <Button size="sm" onClick={onRefresh} busy={fetching}>
        {!fetching && <UndoIcon className="size-4 -scale-x-100" />}
        {t("refresh")}
      </Button>
      <label htmlFor={`${id}-auto`} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
        <Checkbox id={`${id}-auto`} checked={auto.enabled} onChange={(event) => auto.setEnabled(event.target.checked)} />
        {t("auto")}
      </label>
      <span aria-live="off">
        {auto.enabled && hydrated && secondsLeft !== null && !fetching ? t("countdown", { seconds: secondsLeft }) : ""}
        {!hydrated
          ? ""
          : updatedAt
            ? t("updated", { time: format.dateTime(updatedAt, { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })
            : t("notLoaded")}
      </span>
    </div>
  );
}
