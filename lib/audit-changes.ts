import type { AuditEntryRow } from "@/shared/contracts/audit";

function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** An audit row's changes as lines, `field: before → after` (the screen and the Excel file say it alike). */
export function describeChanges(changes: AuditEntryRow["changes"]): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, { before, after }]) => `${field}: ${shown(before)} → ${shown(after)}`);
}
