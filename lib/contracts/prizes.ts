/** A prize as GET /api/prizes/ and every prize response show it (spec §3, db/queries/prizes.ts). */
export type PrizeRow = {
  id: number;
  name: string;
  description: string;
  /** The image URL, or null when the prize has none. */
  image: string | null;
  total_quantity: number;
  remaining_quantity: number;
  daily_distribution: number;
  today_distributed: number;
  maintenance_count: number;
  is_active: boolean;
  created_at: string;
  active_distributions: number;
  winners_count: number;
};
