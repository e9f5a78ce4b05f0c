"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { AutoRefresh, useAutoRefresh } from "@/components/admin/auto-refresh";
import { RandomPlacement } from "@/components/admin/placements/random-placement";
import { useUnplacedNotice } from "@/components/admin/placements/unplaced-notice";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { ScreenSkeleton } from "@/components/admin/screen-skeleton";
import { EventStateSummary } from "@/components/admin/settings/event-state-summary";
import { Banner, type BannerTone, useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/client/api";
import { dashboardApi } from "@/lib/client/dashboard";
import { prizesApi } from "@/lib/client/prizes";
import { type SystemSettings, settingsApi } from "@/lib/client/settings";
import { useHydratedData } from "@/lib/client/use-hydrated";
import type { Dashboard } from "@/shared/contracts/dashboard";
import { WRITE_ROLES } from "@/shared/roles";
import { FunnelCharts } from "./funnel-charts";
import { PrizeStatusTable, ProductStatusTable, WinnersTable } from "./tables";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

/** What the page read on the server, as the API answers it (app/[locale]/admin/(protected)/dashboard/page.tsx). */
export type DashboardFirstData = { dashboard: Dashboard; settings: SystemSettings; readAt: number };

/**
 * /admin/dashboard (spec §2): the event at a glance, refreshed every 30 s, with the two quick actions. Its
 * first numbers come with the page (`first`), so a phone shows them without waiting for its scripts.
 */
export function DashboardScreen({ first }: { first: DashboardFirstData | null }) {
  const t = useTranslations("admin.dashboard");
  const auto = useAutoRefresh();
  // The event's state (open, paused, before or after its hours), as the header's switch reads it.
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal), refetchInterval: 30_000 });
  // Shared with the header's event switch: shown once hydrated, as the server rendered it (rendering the shared cache's answer during hydration is React's error #418).
  // Until then, the state the page came with (the same on the server and while hydrating).
  const settingsShown = useHydratedData(settings.data) ?? first?.settings;
  // The quick actions are writes: a viewer reads the dashboard without them.
  const mayWrite = useMay(WRITE_ROLES);
  const queryClient = useQueryClient();
  const dashboard = useQuery({
    queryKey: dashboardApi.key,
    queryFn: ({ signal }) => dashboardApi.get(signal),
    refetchInterval: auto.refetchInterval,
    initialData: first?.dashboard,
    initialDataUpdatedAt: first?.readAt,
  });
  const { banner, show: showBanner, clear } = useBanner();
  const unplaced = useUnplacedNotice({ show: showBanner, clearBanner: clear });
  // Another action's outcome: the last placement's notice goes, so it is never read as this one's answer.
  const show = (tone: BannerTone, message: string) => {
    unplaced.forget();
    showBanner(tone, message);
  };
  const resetDailyCounters = useMutation({
    mutationFn: () => prizesApi.resetAllDaily(),
    onSuccess: (result) => show("success", result.detail || t("resetDone")),
    onError: (error) => show("error", errorMessage(error, t("resetFailed"))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardApi.key }),
  });
  // Refresh failures are logged only (spec §8): the numbers on screen stay.
  useEffect(() => {
    if (dashboard.isError && dashboard.data) console.warn("Dashboard refresh failed", dashboard.error);
  }, [dashboard.isError, dashboard.data, dashboard.error]);

  const data = dashboard.data;
  if (!data) {
    return (
      <div className="space-y-5">
        <ScreenHeader title={t("title")} description={t("description")} />
        {dashboard.isError ? (
          <Banner tone="error">
            {t("loadFailed")}{" "}
            <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
              {t("retry")}
            </button>
          </Banner>
        ) : (
          <ScreenSkeleton kind="dashboard" header={false} label={t("loadingLabel")} />
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ScreenHeader title={t("title")} description={t("description")} />
        <AutoRefresh
          auto={auto}
          updatedAt={dashboard.dataUpdatedAt}
          fetching={dashboard.isFetching}
          onRefresh={() => void dashboard.refetch()}
        />
      </div>
      {banner}
      {unplaced.notice}
      {settingsShown && <EventStateSummary settings={settingsShown} />}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label={t("stats.products")} value={String(data.total_products)} />
        <Stat label={t("stats.prizes")} value={`${data.active_prizes} / ${data.total_prizes}`} />
        <Stat label={t("stats.winners")} value={`${data.received_winners} / ${data.unreceived_winners} / ${data.total_winners}`} />
        <Stat label={t("stats.expired")} value={String(data.expired_winners)} />
      </div>

      {mayWrite && (
        <Card title={t("quickActions")}>
          <div className="flex flex-wrap items-center gap-3">
            <Button busy={resetDailyCounters.isPending} onClick={() => resetDailyCounters.mutate()}>
              {t("resetDaily")}
            </Button>
            <RandomPlacement onPlaced={unplaced.placed} onFailed={(message) => show("error", message)} />
          </div>
        </Card>
      )}

      <Card title={t("funnelTitle")}>
        <FunnelCharts refetchInterval={auto.refetchInterval} />
      </Card>

      <div className={`grid grid-cols-1 gap-5 ${data.recent_received.length > 0 ? "xl:grid-cols-2" : ""}`}>
        <Card title={t("recentWinners")}>
          {data.recent_winners.length > 0 ? (
            <WinnersTable caption={t("recentWinners")} winners={data.recent_winners} receivedColumn={false} />
          ) : (
            <p className="text-sm text-slate-600">{t("noWinners")}</p>
          )}
        </Card>
        {data.recent_received.length > 0 && (
          <Card title={t("recentReceivers")}>
            <WinnersTable caption={t("recentReceivers")} winners={data.recent_received} receivedColumn />
          </Card>
        )}
      </div>

      <Card title={t("prizeStatusTitle")}>
        {data.prize_stats.length > 0 ? (
          <PrizeStatusTable prizes={data.prize_stats} />
        ) : (
          <p className="text-sm text-slate-600">{t("noPrizes")}</p>
        )}
      </Card>
      <Card title={t("productStatusTitle")}>
        {data.product_stats.length > 0 ? (
          <ProductStatusTable products={data.product_stats} />
        ) : (
          <p className="text-sm text-slate-600">{t("noProducts")}</p>
        )}
      </Card>
    </div>
  );
}
