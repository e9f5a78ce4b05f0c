import { formBoolean, imageFile, wholeNumberInput } from "./fields";
import { z } from "./zod";

/**
 * Prize fields and the rules between them (spec §5), shared by the admin form (zodResolver) and the
 * API. Numbers arrive as multipart strings, so they are coerced; only whole numbers pass.
 */

const wholeNumber = (field: string, min: number) =>
  wholeNumberInput(`Enter the ${field} as a whole number.`).pipe(
    z.number().min(min, `The ${field} must be at least ${min}.`).max(1_000_000, `The ${field} must be at most 1,000,000.`),
  );

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const emptyToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

export const PRIZE_RULE_MESSAGES = {
  dailyOverTotal: "Daily distribution cannot be greater than total quantity.",
  maintenanceOverDaily: "Maintenance count cannot be greater than daily distribution.",
  remainingOverTotal: "Remaining quantity cannot be greater than total quantity.",
  hourlyOverDaily: "Hourly limit cannot be greater than daily distribution.",
} as const;

const prizeFields = z.object({
  name: z
    .string({ error: "Please enter a prize name." })
    .trim()
    .min(1, "Please enter a prize name.")
    .max(200, "The prize name must be 200 characters or fewer."),
  description: z.string().trim().max(2000, "The description must be 2,000 characters or fewer.").default(""),
  total_quantity: wholeNumber("total quantity", 1),
  daily_distribution: wholeNumber("daily distribution", 1),
  maintenance_count: wholeNumber("maintenance count", 1),
  // Optional pacing (issue 20): empty or absent means no hourly limit.
  hourly_limit: z.preprocess(emptyToNull, wholeNumber("hourly limit", 1).nullable()).default(null),
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
    remaining_quantity: wholeNumber("remaining quantity", 0),
    /** The stock the form showed; when sent, the edit is refused if claims changed it meanwhile. */
    expected_remaining_quantity: z.preprocess(emptyToUndefined, wholeNumber("expected remaining quantity", 0).optional()),
    // As in an HTML form (and DRF): an unticked checkbox is simply absent, so absent means false.
    is_active: formBoolean.default(false),
    remove_image: formBoolean.default(false),
  })
  .superRefine(checkPrizeRules);
export type UpdatePrizeBody = z.infer<typeof updatePrizeBody>;
