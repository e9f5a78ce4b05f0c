/** A prize as GET /api/prizes/ and every prize response show it (spec §3, db/queries/prizes.ts). */
export type PrizeRow = {
  id: number;
  name: string;
  description: string;
  /** The name and description in English and in Korean, when given (visitors read their language's). */
  name_en: string | null;
  name_ko: string | null;
  description_en: string | null;
  description_ko: string | null;
  /** The image URL, or null when the prize has none. */
  image: string | null;
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
