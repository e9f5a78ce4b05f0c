import { isHexColor, LOW_CONTRAST, primaryColorProblem } from "@/lib/branding/colour";
import { EVENT_NAME_MAX, FOOTER_TEXT_MAX } from "@/shared/contracts/branding";
import {
  COLLECT_WITHIN_MAX,
  COLLECT_WITHIN_MIN,
  DESK_LOCATION_MAX,
  PRIVACY_CONTACT_MAX,
  PRIVACY_NOTICE_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  WINS_PER_VISITOR,
} from "@/shared/contracts/settings";
import type { MessageKey } from "@/shared/i18n/text";
import { isoDate } from "./dates";
import { imageFile } from "./fields";
import { isTimeZoneName } from "./time-zone";
import { z } from "./zod";

const dateOrNull = isoDate({ format: "validation.settings.dateFormat", real: "validation.settings.dateReal" }).nullable();

/** An ISO 8601 date-time with its offset (e.g. 2027-05-03T10:00:00+09:00), or null for no limit. */
const dateTimeOrNull = z
  .string({ error: "validation.settings.dateTime" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, local: false, error: "validation.settings.dateTimeOffset" }))
  .refine((value) => !Number.isNaN(Date.parse(value)), "validation.settings.dateTimeReal")
  .nullable();

const PAUSE_MESSAGE_MAX = 200;

/** Optional text of at most `max` characters; blank means none (the default shows instead). */
const optionalText = (max: number, tooLong: MessageKey) =>
  z
    .string({ error: "validation.settings.textOrNull" })
    .trim()
    .max(max, tooLong)
    .transform((text) => text || null)
    .nullable()
    .optional();

/** #rrggbb (stored in lower case) that white text stays readable on; null or blank: today's colours. */
const primaryColor = z
  .string({ error: "validation.branding.colorOrNull" })
  .trim()
  .toLowerCase()
  .transform((value, context) => {
    if (value === "") return null;
    if (!isHexColor(value)) {
      context.addIssue({ code: "custom", message: "validation.branding.colorFormat" });
      return z.NEVER;
    }
    const problem = primaryColorProblem(value);
    if (problem) {
      // The values go with the key: lib/api/zod-errors.ts says it with them.
      context.addIssue({ code: "custom", message: LOW_CONTRAST, params: problem });
      return z.NEVER;
    }
    return value;
  })
  .nullable()
  .optional();

/** Collecting a prize (server-behaviour.md, "Collecting a prize: the deadline"). */

/** Whole minutes 5..1440, or null for no deadline. */
const collectWithinMinutes = z
  .number({ error: "validation.settings.collectWithinMinutes" })
  .int("validation.settings.collectWithinMinutes")
  .min(COLLECT_WITHIN_MIN, "validation.settings.collectWithinMinutes")
  .max(COLLECT_WITHIN_MAX, "validation.settings.collectWithinMinutes")
  .nullable()
  .optional();

/** PATCH /api/admin/settings/: any subset of the system settings. */
export const updateSettingsBody = z
  .object({
    maintenance_mode: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    event_start_date: dateOrNull.optional(),
    event_end_date: dateOrNull.optional(),
    event_starts_at: dateTimeOrNull.optional(),
    event_ends_at: dateTimeOrNull.optional(),
    paused: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    // Blank means none: the visitor page then shows the default pause message.
    pause_message: optionalText(PAUSE_MESSAGE_MAX, "validation.settings.pauseMessageTooLong"),
    wins_per_visitor: z.enum(WINS_PER_VISITOR, { error: "validation.settings.winsPerVisitor" }).optional(),
    show_prize_before_tap: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    // Branding (server-behaviour.md, "Branding"); the logo has its own multipart route (settings/logo).
    event_name: optionalText(EVENT_NAME_MAX, "validation.branding.eventNameTooLong"),
    event_name_en: optionalText(EVENT_NAME_MAX, "validation.branding.eventNameTooLong"),
    event_name_ko: optionalText(EVENT_NAME_MAX, "validation.branding.eventNameTooLong"),
    primary_color: primaryColor,
    footer_text: optionalText(FOOTER_TEXT_MAX, "validation.branding.footerTooLong"),
    footer_text_en: optionalText(FOOTER_TEXT_MAX, "validation.branding.footerTooLong"),
    footer_text_ko: optionalText(FOOTER_TEXT_MAX, "validation.branding.footerTooLong"),
    // The event's clock (server-behaviour.md, "Day boundary and the event's clock"): an IANA name; null or blank follows APP_TIMEZONE.
    time_zone: z
      .string({ error: "validation.settings.timeZone" })
      .trim()
      .refine((name) => name === "" || isTimeZoneName(name), "validation.settings.timeZone")
      .transform((name) => name || null)
      .nullable()
      .optional(),
    collect_within_minutes: collectWithinMinutes,
    desk_location_en: optionalText(DESK_LOCATION_MAX, "validation.settings.deskLocationTooLong"),
    desk_location_ko: optionalText(DESK_LOCATION_MAX, "validation.settings.deskLocationTooLong"),
    // Privacy (server-behaviour.md, "Privacy"): blank notice = the default written from the settings.
    privacy_notice_en: optionalText(PRIVACY_NOTICE_MAX, "validation.settings.privacyNoticeTooLong"),
    privacy_notice_ko: optionalText(PRIVACY_NOTICE_MAX, "validation.settings.privacyNoticeTooLong"),
    privacy_contact: optionalText(PRIVACY_CONTACT_MAX, "validation.settings.privacyContactTooLong"),
    consent_required: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    retention_days: z
      .number({ error: "validation.settings.retentionDays" })
      .int("validation.settings.retentionDays")
      .min(RETENTION_DAYS_MIN, "validation.settings.retentionDays")
      .max(RETENTION_DAYS_MAX, "validation.settings.retentionDays")
      .optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

/** PUT /api/admin/settings/logo/ (multipart): the event's logo; DELETE removes it. */
export const updateLogoBody = z
  .object({ logo: imageFile })
  .refine((body) => body.logo !== undefined, { path: ["logo"], message: "validation.branding.logoRequired" });
