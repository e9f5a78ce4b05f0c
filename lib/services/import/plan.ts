import type { Picture } from "@/lib/import/pictures";
import { pictureKey } from "@/lib/import/pictures";
import type { ImportProblem } from "@/lib/import/problem";
import type { ImportRow, PrizeValues, ProductValues } from "@/lib/import/rows";
import type { ImportColumn, ImportCounts, ImportPreviewRow, ImportSheet } from "@/shared/contracts/import";
import { type MessageKey, text } from "@/shared/i18n/text";
import type { ExistingPrize, ExistingProduct } from "./existing";

/** Each field's column in the file. */
const COLUMN_OF: Record<keyof PrizeValues | "imageSha", ImportColumn> = {
  name: "name",
  description: "description",
  nameEn: "name_en",
  nameKo: "name_ko",
  descriptionEn: "description_en",
  descriptionKo: "description_ko",
  totalQuantity: "total_quantity",
  dailyDistribution: "daily_distribution",
  maintenanceCount: "maintenance_count",
  hourlyLimit: "hourly_limit",
  isActive: "is_active",
  imageSha: "image",
};

/** What one row does: create (no `existing`), change the listed fields, or nothing. */
export type PlannedRow<V, E> = {
  row: ImportRow<V>;
  values: V & { imageSha?: string };
  existing: E | null;
  changes: Partial<V> & { imageSha?: string; remainingQuantity?: number };
};

export type SheetPlan<V, E> = {
  creates: PlannedRow<V, E>[];
  updates: PlannedRow<V, E>[];
  unchanged: PlannedRow<V, E>[];
  counts: ImportCounts;
  previews: ImportPreviewRow[];
};

/** The pictures a plan writes: those of the rows it creates and of the changes it makes. */
export function picturesWritten(plan: SheetPlan<unknown, unknown>): string[] {
  return [...plan.creates.map((row) => row.values.imageSha), ...plan.updates.map((row) => row.changes.imageSha)].filter(
    (sha): sha is string => sha !== undefined,
  );
}

type Context = { pictures: Map<string, Picture> | null; problems: ImportProblem[] };

function compare<V extends ProductValues, E extends ExistingProduct>(values: V & { imageSha?: string }, existing: E) {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value !== existing[field as keyof E]) changes[field] = value;
  }
  return changes as Partial<V> & { imageSha?: string };
}

/** The prize rules (lib/validation/prize.ts) on a prize as an update would leave it, and its stock after. */
function checkMergedPrize(
  existing: ExistingPrize,
  changes: Partial<PrizeValues>,
  fail: (field: ImportColumn, key: MessageKey, values?: Record<string, number>) => void,
) {
  const merged = { ...existing, ...changes };
  const won = existing.totalQuantity - existing.remainingQuantity;
  if (merged.totalQuantity < won) fail("total_quantity", "errors.import.totalBelowWon", { won });
  if (merged.dailyDistribution > merged.totalQuantity) fail("daily_distribution", "validation.prize.dailyOverTotal");
  if (merged.maintenanceCount > merged.dailyDistribution) fail("maintenance_count", "validation.prize.maintenanceOverDaily");
  if (merged.hourlyLimit !== null && merged.hourlyLimit > merged.dailyDistribution)
    fail("hourly_limit", "validation.prize.hourlyOverDaily");
  return merged.totalQuantity - won;
}

/**
 * What importing one sheet's rows would do against the rows their keys match now: pure, so the preview and
 * the import (again, on the rows it has locked) decide alike. Rows with a problem do nothing and show as
 * errors; a prize's new total moves its stock by as much (units already won stay won).
 */
export function planSheet<V extends ProductValues, E extends ExistingProduct>(
  sheet: ImportSheet,
  rows: readonly ImportRow<V>[],
  existingByKey: Map<string, E>,
  context: Context,
): SheetPlan<V, E> {
  const plan: SheetPlan<V, E> = { creates: [], updates: [], unchanged: [], counts: { created: 0, updated: 0, unchanged: 0 }, previews: [] };
  for (const row of rows) {
    const preview: ImportPreviewRow = { sheet, row: row.row, key: row.key, status: "error", cells: row.cells, changed: [] };
    plan.previews.push(preview);
    const hasProblem = () => context.problems.some((problem) => problem.sheet === sheet && problem.row === row.row);
    if (!row.values || hasProblem()) continue;
    const picture = row.image && context.pictures ? context.pictures.get(pictureKey(row.image)) : undefined;
    const values = { ...row.values, ...(picture && { imageSha: picture.sha256 }) };
    const existing = existingByKey.get(row.key) ?? null;
    if (!existing) {
      plan.creates.push({ row, values, existing, changes: {} });
      plan.counts.created += 1;
      preview.status = "new";
      continue;
    }
    const changes: PlannedRow<V, E>["changes"] = compare(values, existing);
    if (sheet === "prizes") {
      const fail = (field: ImportColumn, key: MessageKey, said?: Record<string, number>) =>
        context.problems.push({ sheet, row: row.row, field, said: text(key, said) });
      const remaining = checkMergedPrize(existing as unknown as ExistingPrize, changes as Partial<PrizeValues>, fail);
      if (hasProblem()) continue;
      if ("totalQuantity" in changes) Object.assign(changes, { remainingQuantity: remaining });
    }
    preview.changed = Object.keys(changes).flatMap((field) => (field in COLUMN_OF ? [COLUMN_OF[field as keyof typeof COLUMN_OF]] : []));
    if (preview.changed.length === 0) {
      plan.unchanged.push({ row, values, existing, changes });
      plan.counts.unchanged += 1;
      preview.status = "unchanged";
      continue;
    }
    plan.updates.push({ row, values, existing, changes });
    plan.counts.updated += 1;
    preview.status = "changed";
  }
  return plan;
}
