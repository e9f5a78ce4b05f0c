import type { Tx } from "@/db";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";

/** Names listed in a bulk delete's row; beyond this many, "and N more" (a row stays small). */
const NAMES_LISTED = 20;

/**
 * One audit row for a bulk delete (the action is one admin click): which pages went, by id and name.
 * Nothing went (an empty list, ids already gone): no change, so no row.
 */
export async function recordBulkDelete(tx: Tx, ctx: ServiceContext, action: string, pages: { id: number; name: string }[]) {
  if (pages.length === 0) return;
  const listed = pages.slice(0, NAMES_LISTED).map((page) => page.name);
  const more = pages.length > NAMES_LISTED ? ` and ${pages.length - NAMES_LISTED} more` : "";
  await recordAudit(tx, ctx, {
    action,
    target: { type: "product", id: pages.length === 1 ? pages[0]!.id : null, name: `${listed.join(", ")}${more}` },
    changes: { deleted_count: { before: null, after: pages.length }, ids: { before: pages.map((page) => page.id), after: null } },
  });
}
