import type { useTranslations } from "next-intl";
import type { PrizeStat } from "@/shared/contracts/dashboard";

/** What a prize's maintenance status means, in the organiser's words (not the code's) and language. */
export function prizeStatusText(prize: PrizeStat, t: ReturnType<typeof useTranslations<"admin.dashboard.prizeStatus">>): string {
  if (prize.maintenance_status === "inactive") return t("inactive");
  if (prize.maintenance_status === "exhausted") {
    return prize.remaining_quantity <= 0 ? t("stockUsedUp") : t("budgetUsedUp");
  }
  const target = Math.min(prize.maintenance_count, prize.remaining_quantity, prize.daily_distribution - prize.today_distributed);
  return t("placed", { placed: prize.active_distributions, target });
}
