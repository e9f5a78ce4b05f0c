import type { EventState, WinsPerVisitor } from "@/db/schema/settings";

export type { EventState, WinsPerVisitor };

/** Collecting a prize (server-behaviour.md, "Collecting a prize: the deadline"): the window's bounds in minutes. */
export const COLLECT_WITHIN_MIN = 5;
export const COLLECT_WITHIN_MAX = 1440;
export const DESK_LOCATION_MAX = 80;

/** GET and PATCH /api/admin/settings/ (server-behaviour.md, "The event's rules"). */
export type SystemSettings = {
  maintenance_mode: boolean;
  /**
   * The winners screen's default date range: the opening hours' dates (in APP_TIMEZONE) when set, else the
   * event period the admin chose, else EVENT_START_DATE / EVENT_END_DATE.
   */
  event_start_date: string | null;
  event_end_date: string | null;
  event_starts_at: string | null;
  event_ends_at: string | null;
  paused: boolean;
  pause_message: string | null;
  wins_per_visitor: WinsPerVisitor;
  /** The product page names and shows the prize waiting on it before the tap (default true). */
  show_prize_before_tap: boolean;
  /** Branding, as stored: null is the default (lib/contracts/branding.ts). */
  event_name: string | null;
  primary_color: string | null;
  footer_text: string | null;
  logo_url: string | null;
  /** The event's time zone as set (an IANA name); null follows the server's APP_TIMEZONE. */
  time_zone: string | null;
  /** The zone in force: `time_zone`, else APP_TIMEZONE. Every time typed or shown uses it. */
  time_zone_in_use: string;
  /** Minutes a winner has to collect their prize (null: no deadline), and where the desk is (null: unsaid). */
  collect_within_minutes: number | null;
  desk_location_en: string | null;
  desk_location_ko: string | null;
  /** Where the event stands now, by the database's clock. */
  event_state: EventState;
};
