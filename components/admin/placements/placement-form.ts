import type { PickerOption } from "@/lib/client/pickers";
import { zonedLocalToIso } from "@/lib/client/zoned-time";
import { createPlacementBody } from "@/lib/validation/placement";
import { z } from "@/lib/validation/zod";

const CHOOSE_BOTH = "validation.placement.chooseBoth";
const CHOOSE_TIME = "admin.placements.drop.chooseTime";

/**
 * A search picker's choice (null until one is picked): the server's id rule, and so its message, on the
 * picked option's id.
 */
const picked = z.custom<PickerOption | null>().transform((option, context) => {
  const id = createPlacementBody.shape.prize.safeParse(option?.id);
  if (option && id.success) return option;
  context.addIssue({ code: "custom", message: id.error?.issues[0]?.message ?? CHOOSE_BOTH });
  return z.NEVER;
});

/** The manual placement form: a prize and a page, both required (spec §5), said as the server says it. */
export const manualPlacementForm = z.object({ prize: picked, product: picked });
export type PickedPlacement = z.output<typeof manualPlacementForm>;
/** What the form holds: the pickers' options as they are, or null. */
export type Picks = { prize: PickerOption | null; product: PickerOption | null };

/**
 * A datetime-local value on the event's clock -> the ISO instant with its offset the server takes, checked
 * then by the server's own drops_at format rule. Empty or half-typed: "pick a time".
 */
function dropTime(timeZone: string) {
  return z
    .string()
    .transform((local, context) => {
      const iso = zonedLocalToIso(local, timeZone);
      if (iso === null) context.addIssue({ code: "custom", message: CHOOSE_TIME });
      return iso ?? z.NEVER;
    })
    .pipe(createPlacementBody.shape.drops_at.unwrap().unwrap());
}

/** Scheduling a drop: the picks, the time on the event's clock, announced or a secret winning moment. */
export function dropPlacementForm(timeZone: string) {
  return manualPlacementForm.extend({ when: dropTime(timeZone), announce: z.boolean() });
}
export type DropPlacementValues = z.output<ReturnType<typeof dropPlacementForm>>;

/** Moving a scheduled drop: only its time. */
export function moveDropForm(timeZone: string) {
  return z.object({ when: dropTime(timeZone) });
}

/** The first of the form's errors in the order its fields are read, for the one alert under the form. */
export function firstError(errors: Partial<Record<string, { message?: unknown }>>, order: readonly string[]): string | undefined {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === "string" && message) return message;
  }
  return undefined;
}
