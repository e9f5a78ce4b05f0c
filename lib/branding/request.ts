import "server-only";
import { cache } from "react";
import { readBranding } from "@/db/queries/branding";
import { organiserDb } from "@/lib/database";

/** The branding for an admin page (its layout, title and content): one read per request. */
export const adminPageBranding = cache(() => readBranding({ db: organiserDb() }));
