import { eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { eventState, eventZone, onEventClock } from "@/db/prize-rules";
import { images, settings, winners } from "@/db/schema";
import type { SystemSettings } from "@/shared/contracts/settings";
import { imageUrl } from "@/shared/urls/images";
import { brandingColumns } from "./branding";

export type { SystemSettings };

/** Not "server-only": the CLI scripts read it too. */
export async function readSettings({
  db,
  eventId,
  eventPeriod,
}: {
  db: Queryable;
  eventId: number | SQL<number>;
  eventPeriod: { start: string | undefined; end: string | undefined };
}): Promise<SystemSettings> {
  const [row] = await db
    .select({
      maintenanceMode: settings.maintenanceMode,
      eventStartDate: settings.eventStartDate,
      eventEndDate: settings.eventEndDate,
      // The event's own calendar dates, whatever the session's zone.
      startsOn: onEventClock(settings.eventStartsAt, "YYYY-MM-DD", eventId) as SQL<string | null>,
      endsOn: onEventClock(settings.eventEndsAt, "YYYY-MM-DD", eventId) as SQL<string | null>,
      startsAt: settings.eventStartsAt,
      endsAt: settings.eventEndsAt,
      paused: settings.paused,
      pauseMessage: settings.pauseMessage,
      winsPerVisitor: settings.winsPerVisitor,
      showPrizeBeforeTap: settings.showPrizeBeforeTap,
      state: eventState(eventId),
      ...brandingColumns,
      timeZone: settings.timeZone,
      timeZoneInUse: eventZone(eventId),
      collectWithinMinutes: settings.collectWithinMinutes,
      deskLocationEn: settings.deskLocationEn,
      deskLocationKo: settings.deskLocationKo,
      privacyNoticeEn: settings.privacyNoticeEn,
      privacyNoticeKo: settings.privacyNoticeKo,
      privacyContact: settings.privacyContact,
      consentRequired: settings.consentRequired,
      retentionDays: settings.retentionDays,
      privacyNoticeChangedAt: settings.privacyNoticeChangedAt,
      // The event's end (opening hours, else the end date's closing midnight on the event's clock) + the retention.
      retentionErasesAt: sql<
        string | null
      >`(coalesce(${settings.eventEndsAt}, ((${settings.eventEndDate} + 1)::timestamp at time zone ${eventZone(eventId)})) + make_interval(days => ${settings.retentionDays}))`,
      // Through winners_not_erased_idx.
      retentionPending: sql<number>`(select count(*)::int from ${winners} where ${winners.erasedAt} is null and ${winners.eventId} = ${eventId})`,
    })
    .from(settings)
    .leftJoin(images, eq(images.id, settings.logoImageId))
    .where(eq(settings.id, eventId));
  if (!row) throw new Error("The event's settings row is missing: it is made with the event.");
  const hasHours = Boolean(row.startsAt || row.endsAt);
  const hasOwnPeriod = Boolean(row.eventStartDate || row.eventEndDate);
  return {
    maintenance_mode: row.maintenanceMode,
    event_start_date: hasHours ? row.startsOn : hasOwnPeriod ? row.eventStartDate : (eventPeriod.start ?? null),
    event_end_date: hasHours ? row.endsOn : hasOwnPeriod ? row.eventEndDate : (eventPeriod.end ?? null),
    event_starts_at: row.startsAt?.toISOString() ?? null,
    event_ends_at: row.endsAt?.toISOString() ?? null,
    paused: row.paused,
    pause_message: row.pauseMessage,
    wins_per_visitor: row.winsPerVisitor,
    show_prize_before_tap: row.showPrizeBeforeTap,
    event_name: row.eventName,
    event_name_en: row.eventNameEn,
    event_name_ko: row.eventNameKo,
    primary_color: row.primaryColor,
    footer_text: row.footerText,
    footer_text_en: row.footerTextEn,
    footer_text_ko: row.footerTextKo,
    logo_url: row.logoSha ? imageUrl(row.logoSha) : null,
    time_zone: row.timeZone,
    time_zone_in_use: row.timeZoneInUse,
    collect_within_minutes: row.collectWithinMinutes,
    desk_location_en: row.deskLocationEn,
    desk_location_ko: row.deskLocationKo,
    event_state: row.state,
    privacy_notice_en: row.privacyNoticeEn,
    privacy_notice_ko: row.privacyNoticeKo,
    privacy_contact: row.privacyContact,
    consent_required: row.consentRequired,
    retention_days: row.retentionDays,
    privacy_notice_version: row.privacyNoticeChangedAt.toISOString(),
    retention_erases_at: row.retentionErasesAt === null ? null : new Date(row.retentionErasesAt).toISOString(),
    retention_pending: Number(row.retentionPending),
  };
}

/** Whether the event's claim form asks for consent (server-behaviour.md, "Privacy"): read when a product page is rendered. */
export async function readConsentRequired({ db, eventId }: { db: Queryable; eventId: number | SQL<number> }): Promise<boolean> {
  const [row] = await db.select({ required: settings.consentRequired }).from(settings).where(eq(settings.id, eventId));
  return row?.required ?? false;
}
