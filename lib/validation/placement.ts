import { idInput } from "./fields";
import { z } from "./zod";

const CHOOSE_BOTH = "validation.placement.chooseBoth";
const id = idInput(CHOOSE_BOTH);

/**
 * When a drop goes live: ISO 8601 with its offset (2027-05-03T15:00:00+09:00 or ...Z). In the future and
 * inside the opening hours are checked by the service, on the database's clock and the stored hours.
 */
const dropsAtInput = z
  .string({ error: "validation.placement.dropsAtFormat" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, local: false, error: "validation.placement.dropsAtFormat" }))
  .refine((value) => !Number.isNaN(Date.parse(value)), "validation.placement.dropsAtFormat");

/** POST /api/prize-distributions/: place a prize on a product page by hand, now or as a drop at `drops_at`. */
export const createPlacementBody = z.object({
  prize: id,
  product: id,
  is_active: z.boolean({ error: "validation.fields.boolean" }).default(true),
  drops_at: dropsAtInput.nullable().default(null),
  announce: z.boolean({ error: "validation.fields.boolean" }).default(true),
});
// The drop's fields optional for callers inside the app (a service call without them places at once).
export type CreatePlacementBody = Omit<z.infer<typeof createPlacementBody>, "drops_at" | "announce"> & {
  drops_at?: string | null;
  announce?: boolean;
};

/** PATCH /api/prize-distributions/{id}/: switch it on or off, or move a drop that has not happened. */
export const patchPlacementBody = z
  .object({ is_active: z.boolean({ error: "validation.fields.boolean" }).optional(), drops_at: dropsAtInput.optional() })
  .strict()
  .refine((body) => (body.is_active === undefined) !== (body.drops_at === undefined), {
    message: "validation.placement.activeOrDropsAt",
    path: ["is_active"],
  });

/** The most minutes random placement may spread its winning moments over (8 hours: a day's event). */
const MAX_SPREAD_MINUTES = 480;

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
    // Winning moments: each placement made drops at a random moment within this many minutes, unannounced.
    spread_minutes: z
      .number({ error: "validation.placement.spreadMinutes" })
      .int("validation.placement.spreadMinutes")
      .min(1, "validation.placement.spreadMinutes")
      .max(MAX_SPREAD_MINUTES, "validation.placement.spreadMinutes")
      .nullable()
      .default(null),
  }),
);
export type RandomizeBody = Omit<z.infer<typeof randomizeBody>, "spread_minutes"> & { spread_minutes?: number | null };
