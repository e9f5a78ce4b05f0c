import type { PrizeRow } from "./prizes";
import type { WinnerRow } from "./winners";

type MaintenanceStatus = "sufficient" | "insufficient" | "exhausted" | "inactive";

/** One prize on the dashboard: its admin fields (less the winners count, split below) and how it stands. */
export type PrizeStat = Omit<PrizeRow, "winners_count"> & {
  maintenance_status: MaintenanceStatus;
  total_winners: number;
  received_winners: number;
  /** Waiting wins only; expired ones (not collected in time, the unit back in stock) are counted apart. */
  unreceived_winners: number;
  expired_winners: number;
};

export type ProductStat = {
  id: number;
  name: string;
  url_path: string;
  has_active_prize: boolean;
  active_prize_name: string | null;
  winners_count: number;
  received_count: number;
  unreceived_count: number;
  expired_count: number;
  /** Product page views answered 200 (the funnel's tallies, flushed every few seconds), and wins / scans. */
  scans: number;
  conversion: number | null;
};

/** GET /api/admin/dashboard/ (server-behaviour.md, Dashboard). */
export type Dashboard = {
  total_products: number;
  total_prizes: number;
  active_prizes: number;
  total_winners: number;
  received_winners: number;
  /** Waiting wins only (server-behaviour.md, "Collecting a prize: the deadline"). */
  unreceived_winners: number;
  expired_winners: number;
  recent_winners: WinnerRow[];
  recent_received: WinnerRow[];
  prize_stats: PrizeStat[];
  product_stats: ProductStat[];
};
