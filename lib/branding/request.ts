import "server-only";
import { cache } from "react";
import { readBranding } from "@/db/queries/branding";
import { organiserDb } from "@/lib/database";
import { DEFAULT_BRANDING } from "@/shared/contracts/branding";

/**
 * The branding for an admin page (its layout, title and content): one read per request. A database that
 * cannot answer leaves today's look rather than an error screen in place of the sign-in form.
 */
export const adminPageBranding = cache(() => readBranding({ db: organiserDb() }).catch(() => DEFAULT_BRANDING));
