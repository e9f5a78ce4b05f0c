import { idInput } from "./fields";
import { z } from "./zod";

const CHOOSE_BOTH = "validation.placement.chooseBoth";
const id = idInput(CHOOSE_BOTH);

/** POST /api/prize-distributions/: place a prize on a product page by hand. */
export const createPlacementBody = z.object({
  prize: id,
  product: id,
  is_active: z.boolean({ error: "validation.fields.boolean" }).default(true),
});
export type CreatePlacementBody = z.infer<typeof createPlacementBody>;

/** PATCH /api/prize-distributions/{id}/: only the active flag changes. */
export const patchPlacementBody = z.object({ is_active: z.boolean({ error: "validation.fields.boolean" }) }).strict();

/**
 * POST /api/prize-distributions/randomize/. `maintenance_mode` left out is true (the spec's default);
 * null leaves the system-wide setting as it is (what the admin's form sends unless the organiser asks).
 */
export const randomizeBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    reset: z.boolean({ error: "validation.fields.boolean" }).default(false),
    maintenance_mode: z.boolean({ error: "validation.fields.boolean" }).nullable().default(true),
    prize_id: idInput("validation.placement.existingPrize").nullable().default(null),
  }),
);
export type RandomizeBody = z.infer<typeof randomizeBody>;
