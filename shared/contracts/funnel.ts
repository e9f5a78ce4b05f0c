/** The funnel's counts: scans (product pages answered 200), taps (reserve calls), holds, wins, hand-overs. */
export type FunnelCounts = { scans: number; taps: number; holds: number; wins: number; handed_over: number };

/** wins / scans, null with no scans. */
type FunnelTotals = FunnelCounts & { conversion: number | null };

/** One clock hour: `hour` as an ISO date-time in APP_TIMEZONE, e.g. 2026-11-24T10:00:00+09:00. */
type FunnelHour = FunnelCounts & { hour: string };

export type FunnelProduct = FunnelCounts & { product_id: number; product_name: string; conversion: number | null };

/** GET /api/admin/funnel/ */
export type Funnel = { totals: FunnelTotals; by_hour: FunnelHour[]; by_product: FunnelProduct[] };

export const FUNNEL_STEPS = ["scans", "taps", "holds", "wins", "handed_over"] as const satisfies readonly (keyof FunnelCounts)[];

export function conversionOf(counts: { scans: number; wins: number }): number | null {
  return counts.scans > 0 ? counts.wins / counts.scans : null;
}
