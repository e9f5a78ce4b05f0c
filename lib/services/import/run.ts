import type { Queryable } from "@/db";
import { imagesFromSources, saveImages } from "@/lib/images/store";
import { letOthersRun } from "@/lib/import/event-loop";
import { decodePictures, type Picture, type PictureUse } from "@/lib/import/pictures";
import { type ImportProblem, ImportRefused } from "@/lib/import/problem";
import { type ImportRows, readRows } from "@/lib/import/rows";
import { readSpreadsheet } from "@/lib/import/workbook";
import type { ImportCounts, ImportPreviewRow } from "@/shared/contracts/import";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { replenishPrizes } from "../placements/maintain";
import { retryingTransaction } from "../transaction";
import { prizesByKey, productsByKey } from "./existing";
import { picturesWritten, planSheet } from "./plan";
import { writePrizes, writeProducts } from "./write";

export type ImportInput = { file: File; images?: File; dryRun: boolean };

/** What an import did or would do. `refused`: a whole file was refused; `applied`: it was written. */
export type ImportOutcome = {
  dryRun: boolean;
  refused: boolean;
  applied: boolean;
  counts: { product_pages: ImportCounts; prizes: ImportCounts };
  problems: ImportProblem[];
  previews: ImportPreviewRow[];
  productIds: number[];
};

const NO_COUNTS: ImportCounts = { created: 0, updated: 0, unchanged: 0 };

function refusedOutcome(dryRun: boolean, problem: ImportProblem): ImportOutcome {
  return {
    dryRun,
    refused: true,
    applied: false,
    counts: { product_pages: NO_COUNTS, prizes: NO_COUNTS },
    problems: [problem],
    previews: [],
    productIds: [],
  };
}

/** Every row's picture, for the rows that name one (the archive is read only when one was sent). */
function pictureUses(rows: ImportRows): PictureUse[] {
  return [
    ...rows.product_pages.flatMap((row) =>
      row.image ? [{ sheet: row.sheet, row: row.row, name: row.image, kind: "product" as const }] : [],
    ),
    ...rows.prizes.flatMap((row) => (row.image ? [{ sheet: row.sheet, row: row.row, name: row.image, kind: "prize" as const }] : [])),
  ];
}

/**
 * The plan of both sheets against the rows their keys match now in event `eventId` (locked, inside the
 * import's transaction).
 */
async function planBoth(
  db: Queryable,
  eventId: number,
  rows: ImportRows,
  pictures: Map<string, Picture> | null,
  problems: ImportProblem[],
  lock: boolean,
) {
  const context = { pictures, problems };
  const products = planSheet(
    "product_pages",
    rows.product_pages,
    await productsByKey(
      db,
      eventId,
      rows.product_pages.map((row) => row.key),
      { lock },
    ),
    context,
  );
  return {
    products,
    context,
    prizesPlan: async () =>
      planSheet(
        "prizes",
        rows.prizes,
        await prizesByKey(
          db,
          eventId,
          rows.prizes.map((row) => row.key),
          { lock },
        ),
        context,
      ),
  };
}

/** Thrown inside the transaction to roll it back when the locked rows no longer allow the import. */
class RolledBack extends Error {}

/**
 * Imports product pages and prizes into the call's event from a spreadsheet (server-behaviour.md, "Setting up from a spreadsheet"):
 * read and check everything first (file, rows, pictures), then, unless it is a dry run or anything is wrong,
 * write it all in one transaction or nothing. Pictures are decoded before the transaction (it never waits on
 * sharp) and stored inside it, so a refused import leaves no picture behind either. In the transaction the
 * product pages come first and the prizes last (the lock order), so the prize rows a claim needs are held
 * only for the last statements; pages are locked FOR NO KEY UPDATE, which a claim's KEY SHARE passes.
 * One audit row names the counts, only when something changed.
 */
export async function importSpreadsheet({ ctx, input }: { ctx: ServiceContext; input: ImportInput }): Promise<ImportOutcome> {
  let rows: ImportRows;
  let pictures: Map<string, Picture> | null = null;
  const problems: ImportProblem[] = [];
  try {
    const { sheets, problems: sheetProblems } = readSpreadsheet(Buffer.from(await input.file.arrayBuffer()), input.file.name);
    await letOthersRun();
    rows = readRows(sheets);
    problems.push(...sheetProblems, ...rows.problems);
    if (input.images) {
      await letOthersRun();
      const archive = Buffer.from(await input.images.arrayBuffer());
      await letOthersRun();
      const decoded = await decodePictures(archive, pictureUses(rows), (sources) => imagesFromSources(ctx.db, sources));
      pictures = decoded.pictures;
      problems.push(...decoded.problems);
    }
  } catch (error) {
    if (error instanceof ImportRefused) return refusedOutcome(input.dryRun, error.problem);
    throw error;
  }

  const preview = await planBoth(ctx.db, ctx.eventId, rows, pictures, problems, false);
  const prizesPreview = await preview.prizesPlan();
  const outcome: ImportOutcome = {
    dryRun: input.dryRun,
    refused: false,
    applied: false,
    counts: { product_pages: preview.products.counts, prizes: prizesPreview.counts },
    problems,
    previews: [...preview.products.previews, ...prizesPreview.previews],
    productIds: [...preview.products.updates, ...preview.products.unchanged].map((row) => row.existing!.id),
  };
  const changesAnything =
    outcome.counts.product_pages.created +
      outcome.counts.product_pages.updated +
      outcome.counts.prizes.created +
      outcome.counts.prizes.updated >
    0;
  if (input.dryRun || problems.length > 0 || !changesAnything) return outcome;

  // The pictures the preview says are written, stored before any row is locked; any other the locked rows
  // need (a row changed meanwhile) is stored after. One stored before from the same file is only referred to.
  const bySha = new Map([...(pictures?.values() ?? [])].map((picture) => [picture.sha256, picture]));
  let lockedProblems: ImportProblem[] = [];
  try {
    const done = await retryingTransaction(ctx.db, async (tx) => {
      lockedProblems = [];
      const imageIds = new Map<string, number>();
      const storeMissing = async (shas: string[]) => {
        const fresh = [];
        for (const sha of new Set(shas.filter((sha) => !imageIds.has(sha)))) {
          const picture = bySha.get(sha)!;
          if ("storedId" in picture) imageIds.set(sha, picture.storedId);
          else fresh.push({ ...picture.decoded, sha256: sha });
        }
        for (const [sha, id] of await saveImages(tx, fresh)) imageIds.set(sha, id);
      };
      await storeMissing([...picturesWritten(preview.products), ...picturesWritten(prizesPreview)]);
      const plan = await planBoth(tx, ctx.eventId, rows, pictures, lockedProblems, true);
      await storeMissing(picturesWritten(plan.products));
      const createdProducts = await writeProducts(tx, ctx.eventId, plan.products, imageIds);
      const prizesPlan = await plan.prizesPlan();
      if (lockedProblems.length > 0) throw new RolledBack();
      await storeMissing(picturesWritten(prizesPlan));
      const changedPrizes = await writePrizes(tx, ctx.eventId, prizesPlan, imageIds);
      const counts = { product_pages: plan.products.counts, prizes: prizesPlan.counts };
      await recordAudit(tx, ctx, {
        action: "import.apply",
        target: { type: "import", name: input.file.name || null },
        changes: Object.fromEntries(
          Object.entries(counts).flatMap(([sheet, count]) =>
            Object.entries(count).map(([what, n]) => [`${sheet}_${what}`, { before: null, after: n }]),
          ),
        ),
      });
      const outcomeNow: ImportOutcome = {
        ...outcome,
        applied: true,
        counts,
        previews: [...plan.products.previews, ...prizesPlan.previews],
        productIds: [...createdProducts, ...[...plan.products.updates, ...plan.products.unchanged].map((row) => row.existing!.id)],
      };
      return { outcome: outcomeNow, changedPrizes };
    });
    await replenishPrizes(ctx.db, done.changedPrizes);
    return done.outcome;
  } catch (error) {
    if (error instanceof RolledBack) return { ...outcome, problems: lockedProblems };
    throw error;
  }
}
