import type { CatalogueEntryRow } from "./catalogue-entry";

/** A prize as GET /api/prizes/ and every prize response show it (spec §3, db/queries/prizes.ts). */
export type PrizeRow = CatalogueEntryRow & {
  total_quantity: number;
  remaining_quantity: number;
  daily_distribution: number;
  today_distributed: number;
  maintenance_count: number;
  /** At most this many units won per clock hour (APP_TIMEZONE); null: no hourly limit. */
  hourly_limit: number | null;
  /** Units won in the current clock hour. */
  this_hour_distributed: number;
  is_active: boolean;
  created_at: string;
  active_distributions: number;
  winners_count: number;
};
