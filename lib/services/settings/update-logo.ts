import { eq, sql } from "drizzle-orm";
import { readSettings } from "@/db/queries/settings";
import { settings } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { storeUploadedImage } from "@/lib/images/upload";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { SETTINGS_AUDITED_FIELDS } from "./update";

/**
 * PUT /api/admin/settings/logo/ (a file) and DELETE (null): the event's logo, checked and stored like a
 * prize's image (lib/images/upload.ts), audited like any other setting.
 */
export async function updateLogo({ ctx, input }: { ctx: ServiceContext; input: { logo: File | null } }) {
  const { eventPeriod } = getConfig();
  // Decoding happens before the transaction: it is slow, and must not hold a connection (or PGlite's one).
  const image = input.logo ? await storeUploadedImage(ctx.db, input.logo, "logo", "logo") : null;
  return retryingTransaction(ctx.db, async (tx) => {
    const [current] = await tx
      .select({ logoImageId: settings.logoImageId })
      .from(settings)
      .where(eq(settings.id, ctx.eventId))
      .for("update");
    if (!current) throw new Error("The settings row is missing: the migrations create it.");
    const before = await readSettings({ db: tx, eventId: ctx.eventId, eventPeriod });
    const logoImageId = image?.id ?? null;
    if (logoImageId !== current.logoImageId) {
      await tx.update(settings).set({ logoImageId, brandingUpdatedAt: sql`now()` }).where(eq(settings.id, ctx.eventId));
    }
    const after = await readSettings({ db: tx, eventId: ctx.eventId, eventPeriod });
    const changes = diffChanges(before, after, SETTINGS_AUDITED_FIELDS);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, { action: "settings.update", target: { type: "settings", id: 1, name: "System settings" }, changes });
    }
    return after;
  });
}
