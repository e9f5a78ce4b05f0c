/** How many prizes one visitor (their signed visitor cookie) may win: server-behaviour.md, "The event's rules". */
export const WINS_PER_VISITOR = ["unlimited", "one_per_day", "one_per_event"] as const;
export type WinsPerVisitor = (typeof WINS_PER_VISITOR)[number];
/** Where the event stands now (db/prize-rules.ts computes it): prizes can be won only while `open`. */
const EVENT_STATES = ["open", "not_started", "ended", "paused"] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Collecting a prize (server-behaviour.md, "Collecting a prize: the deadline"): the window's bounds in minutes. */
export const COLLECT_WITHIN_MIN = 5;
export const COLLECT_WITHIN_MAX = 1440;
export const DESK_LOCATION_MAX = 80;
/** Privacy (server-behaviour.md, "Privacy"): the notice's and the contact's length, the retention's bounds in days. */
export const PRIVACY_NOTICE_MAX = 4000;
export const PRIVACY_CONTACT_MAX = 200;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;
const _RETENTION_DAYS_DEFAULT = 30;

/**
 * The privacy notice as a visitor would read it in one language: its heading and paragraphs. `organiser_at`:
 * where the organiser's own text goes among the fixed parts (server-behaviour.md, "Privacy").
 */
export type NoticeText = { title: string; paragraphs: string[]; organiser_at: number };

/** The organiser's notice text as paragraphs: split at blank lines, its line breaks kept. */
export function organiserParagraphs(written: string | null): string[] {
  return (written ?? "")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The notice with the organiser's text in its place: it adds to the fixed parts (who collects, the contact,
 * what, why, how long, the rights, how to refuse), which come from the settings and are never replaced.
 */
export function withOrganiserText(fixed: NoticeText, written: string | null): NoticeText {
  const own = organiserParagraphs(written);
  const paragraphs = [...fixed.paragraphs.slice(0, fixed.organiser_at), ...own, ...fixed.paragraphs.slice(fixed.organiser_at)];
  return { ...fixed, paragraphs };
}

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
  /**
   * Branding, as stored: null is the default (shared/contracts/branding.ts). The `_en` / `_ko` forms are what
   * readers of that language see; the plain `event_name` and `footer_text` are their fallback.
   */
  event_name: string | null;
  event_name_en: string | null;
  event_name_ko: string | null;
  primary_color: string | null;
  footer_text: string | null;
  footer_text_en: string | null;
  footer_text_ko: string | null;
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
  /** The privacy notice as written in each language (null: the default written from the settings). */
  privacy_notice_en: string | null;
  privacy_notice_ko: string | null;
  /** Who visitors ask about their data, e.g. an e-mail address or a phone number (null: the prize desk). */
  privacy_contact: string | null;
  /** The claim form asks for consent and "14 or older" (default false, so the spec's client works). */
  consent_required: boolean;
  /** Days after the event's end that winners' nicknames, codes and visitor ids are kept (1..365, default 30). */
  retention_days: number;
  /** The notice's version: when what it says last changed. A win records the version its visitor consented to. */
  privacy_notice_version: string;
  /** When the retention erases every winner left: the event's end + retention_days; null with no end set (each win's own time). */
  retention_erases_at: string | null;
  /** Winners whose personal data is still kept (the retention will erase them). */
  retention_pending: number;
  /**
   * The default notice written from the saved settings, in each language (the settings screen's preview of a
   * blank notice). In the answers of GET and PATCH /api/admin/settings/ only.
   */
  privacy_notice_default?: { en: NoticeText; ko: NoticeText };
};
