import type { MessageKey } from "@/shared/i18n/text";
import { formBoolean, imageFile, wholeNumberInput } from "./fields";
import { translationFields } from "./translations";
import { z } from "./zod";

/**
 * Prize fields and the rules between them (spec §5), shared by the admin form (zodResolver) and the
 * API. Numbers arrive as multipart strings, so they are coerced; only whole numbers pass.
 */

/** The number fields, each with its own messages in messages/*.json (validation.prize.<field>). */
type NumberField = "totalQuantity" | "dailyDistribution" | "maintenanceCount" | "hourlyLimit" | "remainingQuantity" | "expectedRemaining";

const wholeNumber = (field: NumberField, min: number) =>
  wholeNumberInput(`validation.prize.${field}.wholeNumber`).pipe(
    z.number().min(min, `validation.prize.${field}.min`).max(1_000_000, `validation.prize.${field}.max`),
  );

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const emptyToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** The rules between the numbers, as message keys (said in the reader's language). */
const PRIZE_RULE_MESSAGES = {
  dailyOverTotal: "validation.prize.dailyOverTotal",
  maintenanceOverDaily: "validation.prize.maintenanceOverDaily",
  remainingOverTotal: "validation.prize.remainingOverTotal",
  hourlyOverDaily: "validation.prize.hourlyOverDaily",
} as const satisfies Record<string, MessageKey>;

const prizeFields = z.object({
  name: z
    .string({ error: "validation.prize.nameRequired" })
    .trim()
    .min(1, "validation.prize.nameRequired")
    .max(200, "validation.prize.nameTooLong"),
  description: z.string().trim().max(2000, "validation.prize.descriptionTooLong").default(""),
  ...translationFields({ name: 200, description: 2000 }),
  total_quantity: wholeNumber("totalQuantity", 1),
  daily_distribution: wholeNumber("dailyDistribution", 1),
  maintenance_count: wholeNumber("maintenanceCount", 1),
  // Optional pacing, to spread a prize over the day: empty or absent means no hourly limit.
  hourly_limit: z.preprocess(emptyToNull, wholeNumber("hourlyLimit", 1).nullable()).default(null),
  is_active: formBoolean.default(true),
  image: imageFile,
});

type RuleInput = {
  total_quantity: number;
  daily_distribution: number;
  maintenance_count: number;
  hourly_limit: number | null;
  remaining_quantity?: number;
};

function checkPrizeRules(value: RuleInput, issue: z.core.$RefinementCtx) {
  if (value.daily_distribution > value.total_quantity) {
    issue.addIssue({ code: "custom", path: ["daily_distribution"], message: PRIZE_RULE_MESSAGES.dailyOverTotal });
  }
  if (value.maintenance_count > value.daily_distribution) {
    issue.addIssue({ code: "custom", path: ["maintenance_count"], message: PRIZE_RULE_MESSAGES.maintenanceOverDaily });
  }
  if (value.hourly_limit !== null && value.hourly_limit > value.daily_distribution) {
    issue.addIssue({ code: "custom", path: ["hourly_limit"], message: PRIZE_RULE_MESSAGES.hourlyOverDaily });
  }
  if (value.remaining_quantity !== undefined && value.remaining_quantity > value.total_quantity) {
    issue.addIssue({ code: "custom", path: ["remaining_quantity"], message: PRIZE_RULE_MESSAGES.remainingOverTotal });
  }
}

/** POST /api/prizes/ (multipart). */
export const createPrizeBody = prizeFields.superRefine(checkPrizeRules);
export type CreatePrizeBody = z.infer<typeof createPrizeBody>;

/** PUT /api/prizes/{id}/ (multipart): every field, plus the remaining stock and image removal. */
export const updatePrizeBody = prizeFields
  .extend({
    remaining_quantity: wholeNumber("remainingQuantity", 0),
    /** The stock the form showed; when sent, the edit is refused if claims changed it meanwhile. */
    expected_remaining_quantity: z.preprocess(emptyToUndefined, wholeNumber("expectedRemaining", 0).optional()),
    // As in an HTML form (and DRF): an unticked checkbox is simply absent, so absent means false.
    is_active: formBoolean.default(false),
    remove_image: formBoolean.default(false),
  })
  .superRefine(checkPrizeRules);
export type UpdatePrizeBody = z.infer<typeof updatePrizeBody>;
