import { eq, type SQL } from "drizzle-orm";
import type { Queryable } from "@/db";
import { images, settings } from "@/db/schema";
import type { Branding } from "@/shared/contracts/branding";
import { imageUrl } from "@/shared/urls/images";

/**
 * The event's branding (null where the organiser set none) (server-behaviour.md, "Branding"). Not "server-only": the big
 * screen's hub reads it with its snapshot. One small read (the settings row and the logo's size).
 */
/** The branding's own columns of the settings row and its logo's address (the settings read shows them too). */
export const brandingColumns = {
  eventName: settings.eventName,
  eventNameEn: settings.eventNameEn,
  eventNameKo: settings.eventNameKo,
  primaryColor: settings.primaryColor,
  footerText: settings.footerText,
  footerTextEn: settings.footerTextEn,
  footerTextKo: settings.footerTextKo,
  logoSha: images.sha256,
};

export async function readBranding({ db, eventId }: { db: Queryable; eventId: number | SQL<number> }): Promise<Branding> {
  const [row] = await db
    .select({
      ...brandingColumns,
      logoWidth: images.width,
      logoHeight: images.height,
    })
    .from(settings)
    .leftJoin(images, eq(images.id, settings.logoImageId))
    .where(eq(settings.id, eventId));
  if (!row) throw new Error("The settings row is missing: the migrations create it.");
  return {
    event_name: row.eventName,
    event_names: { en: row.eventNameEn, ko: row.eventNameKo },
    primary_color: row.primaryColor,
    footer_text: row.footerText,
    footer_texts: { en: row.footerTextEn, ko: row.footerTextKo },
    logo:
      row.logoSha && row.logoWidth && row.logoHeight ? { url: imageUrl(row.logoSha), width: row.logoWidth, height: row.logoHeight } : null,
  };
}
