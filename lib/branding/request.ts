import "server-only";
import { cache } from "react";
import { readBranding } from "@/db/queries/branding";
import { getAdminSession } from "@/lib/auth/session";
import { organiserDb } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { DEFAULT_BRANDING } from "@/shared/contracts/branding";

/**
 * The branding for an admin page (its layout, title and content): the signed-in account's event's, else
 * (the sign-in page) the default event's; one read per request. A database that cannot answer leaves
 * today's look rather than an error screen in place of the sign-in form.
 */
export const adminPageBranding = cache(async () => {
  try {
    const admin = await getAdminSession();
    return await readBranding({ db: organiserDb(), eventId: admin?.eventId ?? defaultEventId() });
  } catch {
    return DEFAULT_BRANDING;
  }
});
