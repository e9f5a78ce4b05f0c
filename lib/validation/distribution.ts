import { z } from "zod";

const CHOOSE_BOTH = "Please choose both a prize and a product.";
const id = z.coerce.number({ error: CHOOSE_BOTH }).int(CHOOSE_BOTH).positive(CHOOSE_BOTH).max(2_147_483_647, CHOOSE_BOTH);

/** POST /api/prize-distributions/: place a prize on a product page by hand. */
export const createDistributionBody = z.object({
  prize: id,
  product: id,
  is_active: z.boolean({ error: "Must be true or false." }).default(true),
});
export type CreateDistributionBody = z.infer<typeof createDistributionBody>;

/** PATCH /api/prize-distributions/{id}/: only the active flag changes. */
export const patchDistributionBody = z.object({ is_active: z.boolean({ error: "Must be true or false." }) }).strict();

/** POST /api/prize-distributions/randomize/. */
export const randomizeBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    reset: z.boolean({ error: "Must be true or false." }).default(false),
    maintenance_mode: z.boolean({ error: "Must be true or false." }).default(true),
    prize_id: z.coerce
      .number()
      .int()
      .positive("Choose an existing prize.")
      .max(2_147_483_647, "Choose an existing prize.")
      .nullable()
      .default(null),
  }),
);
export type RandomizeBody = z.infer<typeof randomizeBody>;
