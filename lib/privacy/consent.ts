import "server-only";
import { readConsentRequired } from "@/db/queries/settings";
import { db } from "@/lib/database";

/**
 * Whether the claim form shows the two consent boxes (the `consent_required` setting), for the product page
 * as it renders its cached copies: a change of the setting renames them (settings/update.ts).
 */
export function consentRequiredNow(): Promise<boolean> {
  return readConsentRequired({ db: db() });
}
