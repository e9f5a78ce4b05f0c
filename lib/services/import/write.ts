import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { prizes, products } from "@/db/schema";
import type { PrizeValues, ProductValues } from "@/lib/import/rows";
import { newUrlPath } from "@/lib/url-path";
import { trimPlacements } from "../placements/top-up";
import type { ExistingPrize, ExistingProduct } from "./existing";
import type { PlannedRow, SheetPlan } from "./plan";

/** Rows per INSERT: each carries about ten parameters, and Postgres takes 65,535 in one statement. */
const ROWS_PER_INSERT = 500;

const imageOf = (imageIds: Map<string, number>, sha: string | undefined) => (sha === undefined ? {} : { imageId: imageIds.get(sha)! });

function textColumns(values: Partial<ProductValues>) {
  const { name, description, nameEn, nameKo, descriptionEn, descriptionKo } = values;
  return Object.fromEntries(
    Object.entries({ name, description, nameEn, nameKo, descriptionEn, descriptionKo }).filter(([, value]) => value !== undefined),
  );
}

async function insertInBatches<R>(rows: R[], insert: (batch: R[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    ids.push(...(await insert(rows.slice(start, start + ROWS_PER_INSERT))).map((row) => row.id));
  return ids;
}

/** Creates (in event `eventId`) and updates the planned product pages; answers the ids of those created. */
export async function writeProducts(
  tx: Tx,
  eventId: number,
  plan: SheetPlan<ProductValues, ExistingProduct>,
  imageIds: Map<string, number>,
): Promise<number[]> {
  const created = await insertInBatches(plan.creates, (batch) =>
    tx
      .insert(products)
      .values(
        batch.map(({ row, values }) => ({
          eventId,
          key: row.key,
          name: values.name,
          ...textColumns(values),
          ...imageOf(imageIds, values.imageSha),
          urlPath: newUrlPath(),
        })),
      )
      .returning({ id: products.id }),
  );
  for (const { existing, changes } of plan.updates) {
    await tx
      .update(products)
      .set({ ...textColumns(changes), ...imageOf(imageIds, changes.imageSha), updatedAt: sql`now()` })
      .where(eq(products.id, existing!.id));
  }
  return created;
}

function prizeNumbers(values: Partial<PrizeValues>) {
  const { totalQuantity, dailyDistribution, maintenanceCount, hourlyLimit, isActive } = values;
  return Object.fromEntries(
    Object.entries({ totalQuantity, dailyDistribution, maintenanceCount, hourlyLimit, isActive }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/**
 * Creates (in event `eventId`) and updates the planned prizes, their rows locked by the caller; answers the ids of every prize
 * created or changed, for their placements to be topped up after commit. A new total moves the stock by the
 * same amount in the statement itself, and a lowered target takes its placements off at once, as an edit does.
 */
export async function writePrizes(
  tx: Tx,
  eventId: number,
  plan: SheetPlan<PrizeValues, ExistingPrize>,
  imageIds: Map<string, number>,
): Promise<number[]> {
  const created = await insertInBatches(plan.creates, (batch) =>
    tx
      .insert(prizes)
      .values(
        batch.map(({ row, values }) => ({
          eventId,
          key: row.key,
          name: values.name,
          ...textColumns(values),
          ...prizeNumbers(values),
          totalQuantity: values.totalQuantity,
          remainingQuantity: values.totalQuantity,
          dailyDistribution: values.dailyDistribution,
          maintenanceCount: values.maintenanceCount,
          ...imageOf(imageIds, values.imageSha),
        })),
      )
      .returning({ id: prizes.id }),
  );
  const updated = plan.updates.map(({ existing }: PlannedRow<PrizeValues, ExistingPrize>) => existing!.id);
  for (const { existing, changes } of plan.updates) {
    const stock =
      changes.totalQuantity === undefined
        ? {}
        : { remainingQuantity: sql`${prizes.remainingQuantity} + ${changes.totalQuantity - existing!.totalQuantity}` };
    await tx
      .update(prizes)
      .set({ ...textColumns(changes), ...prizeNumbers(changes), ...stock, ...imageOf(imageIds, changes.imageSha), updatedAt: sql`now()` })
      .where(eq(prizes.id, existing!.id));
  }
  for (const id of updated) await trimPlacements(tx, id);
  return [...created, ...updated];
}
