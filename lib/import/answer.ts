import { json } from "@/lib/api/respond";
import { sayIn } from "@/lib/i18n/translate";
import type { ImportOutcome } from "@/lib/services/import/run";
import type { ImportAnswer } from "@/shared/contracts/import";
import type { Locale } from "@/shared/i18n/locales";
import { text } from "@/shared/i18n/text";

/**
 * The import's answer in the admin's language: 200 with what was (or, for a dry run, would be) done, and the
 * row errors a preview shows; 400 with the same errors when an import was refused and nothing was written, a
 * whole file refused (a dry run too), and `detail` saying so.
 */
export function importAnswer(outcome: ImportOutcome, locale: Locale): Response {
  const answer: ImportAnswer = {
    dry_run: outcome.dryRun,
    product_pages: outcome.counts.product_pages,
    prizes: outcome.counts.prizes,
    errors: outcome.problems.map(({ said, ...where }) => ({ ...where, message: sayIn(locale, said) })),
    rows: outcome.previews,
    product_ids: outcome.productIds,
  };
  const refused = outcome.refused || (!outcome.dryRun && outcome.problems.length > 0);
  if (!refused) return json(answer);
  const detail = outcome.refused
    ? answer.errors[0]!.message
    : sayIn(locale, text("errors.import.rejected", { count: answer.errors.length }));
  return json({ detail, ...answer }, 400);
}
