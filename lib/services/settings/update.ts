import { eq, sql } from "drizzle-orm";
import { eventZone } from "@/db/prize-rules";
import { readSettings } from "@/db/queries/settings";
import { settings } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { ValidationError } from "@/lib/errors";
import type { UpdateSettingsBody } from "@/lib/validation/settings";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import { closeEventGate } from "../claims/event-gate";
import type { ServiceContext } from "../context";
import { lockPlacementWrites } from "../placements/top-up";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks } from "../webhooks/enqueue";

/** The settings whose changes the audit row shows: add a new setting here as it is added to the screen. */
export const SETTINGS_AUDITED_FIELDS = [
  "maintenance_mode",
  "event_start_date",
  "event_end_date",
  "event_starts_at",
  "event_ends_at",
  "paused",
  "pause_message",
  "wins_per_visitor",
  "show_prize_before_tap",
  "event_name",
  "event_name_en",
  "event_name_ko",
  "primary_color",
  "footer_text",
  "footer_text_en",
  "footer_text_ko",
  "logo_url",
  "time_zone",
  "collect_within_minutes",
  "desk_location_en",
  "desk_location_ko",
  "privacy_notice_en",
  "privacy_notice_ko",
  "privacy_contact",
  "consent_required",
  "retention_days",
] as const;

/** What the privacy notice says depends on these: a change of one moves the notice's version. */
const PRIVACY_NOTICE_INPUTS = [
  "privacy_notice_en",
  "privacy_notice_ko",
  "privacy_contact",
  "retention_days",
  "event_name",
  "event_name_en",
  "event_name_ko",
  "event_ends_at",
  "event_end_date",
] as const;

/** PATCH /api/admin/settings/: any subset; the rest stays as stored. */
export async function updateSettings({ ctx, input }: { ctx: ServiceContext; input: UpdateSettingsBody }) {
  const { eventPeriod } = getConfig();
  if (input.time_zone) await assertDatabaseKnowsZone(ctx, input.time_zone);
  return retryingTransaction(ctx.db, async (tx) => {
    // Switching maintenance off waits for a top-up under way, and every later one reads the new setting under
    // the same lock (placements/maintain.ts): once this answers, nothing is placed by itself any more.
    if (input.maintenance_mode === false) await lockPlacementWrites(tx);
    // Pausing, or moving the opening hours, waits for the holds being taken right now: once this answers,
    // no tap is granted under the old rules (claims/event-gate.ts).
    // The time zone moves the day boundary (one win a day, today's budget): a rule too.
    const changesRules = [input.paused, input.event_starts_at, input.event_ends_at, input.wins_per_visitor, input.time_zone].some(
      (value) => value !== undefined,
    );
    if (changesRules) await closeEventGate(tx);
    const [current] = await tx.select().from(settings).where(eq(settings.id, ctx.eventId)).for("update");
    if (!current) throw new Error("The settings row is missing: the migrations create it.");
    const before = await readSettings({ db: tx, eventId: ctx.eventId, eventPeriod });
    const pick = <K extends keyof UpdateSettingsBody, T>(key: K, stored: T) => (input[key] !== undefined ? input[key] : stored);
    const start = pick("event_start_date", current.eventStartDate);
    const end = pick("event_end_date", current.eventEndDate);
    if (start && end && end < start) throw ValidationError.field("event_end_date", text("errors.settings.endDateBeforeStart"));
    const startsAt = pick("event_starts_at", current.eventStartsAt);
    const endsAt = pick("event_ends_at", current.eventEndsAt);
    if (startsAt && endsAt && new Date(endsAt) <= new Date(startsAt))
      throw ValidationError.field("event_ends_at", text("errors.settings.endsBeforeStarts"));
    const branding = {
      eventName: pick("event_name", current.eventName),
      eventNameEn: pick("event_name_en", current.eventNameEn),
      eventNameKo: pick("event_name_ko", current.eventNameKo),
      primaryColor: pick("primary_color", current.primaryColor),
      footerText: pick("footer_text", current.footerText),
      footerTextEn: pick("footer_text_en", current.footerTextEn),
      footerTextKo: pick("footer_text_ko", current.footerTextKo),
    };
    const timeZone = pick("time_zone", current.timeZone);
    // Every page shows times on the event's clock: a new zone renames the visitor pages' cached copies and
    // wakes the big screens, as branding does.
    // The claim form's consent boxes are in the page's copies too (server-behaviour.md, "Privacy").
    const consentRequired = input.consent_required ?? current.consentRequired;
    const changesBranding =
      (Object.keys(branding) as (keyof typeof branding)[]).some((key) => branding[key] !== current[key]) ||
      timeZone !== current.timeZone ||
      consentRequired !== current.consentRequired;
    await tx
      .update(settings)
      .set({
        ...branding,
        // Only a real change: it renames every visitor page's cached copy and wakes the big screens.
        ...(changesBranding ? { brandingUpdatedAt: sql`now()` } : {}),
        maintenanceMode: input.maintenance_mode ?? current.maintenanceMode,
        eventStartDate: start,
        eventEndDate: end,
        eventStartsAt: startsAt === null ? null : new Date(startsAt),
        eventEndsAt: endsAt === null ? null : new Date(endsAt),
        paused: input.paused ?? current.paused,
        pauseMessage: pick("pause_message", current.pauseMessage),
        winsPerVisitor: input.wins_per_visitor ?? current.winsPerVisitor,
        showPrizeBeforeTap: input.show_prize_before_tap ?? current.showPrizeBeforeTap,
        timeZone,
        // Later wins only: a win keeps the deadline it was given (server-behaviour.md, "Collecting a prize").
        collectWithinMinutes: pick("collect_within_minutes", current.collectWithinMinutes),
        deskLocationEn: pick("desk_location_en", current.deskLocationEn),
        deskLocationKo: pick("desk_location_ko", current.deskLocationKo),
        privacyNoticeEn: pick("privacy_notice_en", current.privacyNoticeEn),
        privacyNoticeKo: pick("privacy_notice_ko", current.privacyNoticeKo),
        privacyContact: pick("privacy_contact", current.privacyContact),
        consentRequired,
        retentionDays: input.retention_days ?? current.retentionDays,
        updatedAt: sql`now()`,
      })
      .where(eq(settings.id, ctx.eventId));
    // The dates read back (and the audit row) on the new clock: this transaction's session moves to it now,
    // the process's sessions once it commits (lib/event/time-zone.ts).
    if (timeZone !== current.timeZone) await tx.execute(sql`select set_config('TimeZone', ${eventZone(ctx.eventId)}, true)`);
    let after = await readSettings({ db: tx, eventId: ctx.eventId, eventPeriod });
    if (PRIVACY_NOTICE_INPUTS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))) {
      await tx.update(settings).set({ privacyNoticeChangedAt: sql`now()` }).where(eq(settings.id, ctx.eventId));
      after = await readSettings({ db: tx, eventId: ctx.eventId, eventPeriod });
    }
    if (input.paused !== undefined && input.paused !== current.paused) {
      await enqueueWebhooks(tx, input.paused ? "event.paused" : "event.resumed", [
        { event: ctx.eventId, data: { paused: input.paused, pause_message: after.pause_message ?? null, at: new Date().toISOString() } },
      ]);
    }
    const changes = diffChanges(before, after, SETTINGS_AUDITED_FIELDS);
    // Saving the same values changes nothing: no row.
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, { action: "settings.update", target: { type: "settings", id: 1, name: "System settings" }, changes });
    }
    return after;
  });
}

/**
 * The zone passed the name check (lib/validation/time-zone.ts, this runtime's zones); Postgres must know it
 * too, as it computes "today" in it. Asked before the transaction: a failed lookup leaves nothing to undo.
 */
async function assertDatabaseKnowsZone(ctx: ServiceContext, zone: string): Promise<void> {
  const [known] = await ctx.db.select({ yes: sql<boolean>`true` }).from(sql`pg_timezone_names`).where(sql`name = ${zone}`);
  if (!known) throw ValidationError.field("time_zone", text("validation.settings.timeZone"));
}
