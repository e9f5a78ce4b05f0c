import "server-only";
import { eventOfAddress } from "@/db/queries/events";
import { readConsentRequired } from "@/db/queries/settings";
import { db } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";

/**
 * Whether the claim form of the page at `urlPath` shows the two consent boxes (the `consent_required` setting), for the product page
 * as it renders its cached copies: a change of the setting renames them (settings/update.ts).
 */
export function consentRequiredNow(urlPath: string): Promise<boolean> {
  return readConsentRequired({ db: db(), eventId: eventOfAddress(urlPath, defaultEventId()) });
}
