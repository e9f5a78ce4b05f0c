import type { PrizeStat } from "@/lib/contracts/dashboard";

/** What a prize's maintenance status means, in the organiser's words (issue 10). */
export function prizeStatusText(prize: PrizeStat): string {
  if (prize.maintenance_status === "inactive") return "inactive";
  if (prize.maintenance_status === "exhausted") {
    return prize.remaining_quantity <= 0 ? "stock used up" : "today's budget used up";
  }
  const target = Math.min(prize.maintenance_count, prize.remaining_quantity, prize.daily_distribution - prize.today_distributed);
  return `${prize.active_distributions} of ${target} placed`;
}
