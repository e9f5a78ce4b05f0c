import type { MessageKey } from "@/lib/i18n/text";
import { z } from "./zod";

/**
 * The claim's field errors, as keys of messages/*.json: the API says them in the visitor's language
 * (lib/api/zod-errors.ts), the form with the words its page was given (no translation library there).
 */
export const CLAIM_MESSAGES = {
  nameRequired: "visitor.claim.errors.nameRequired",
  nameTooLong: "visitor.claim.errors.nameTooLong",
  passwordRequired: "visitor.claim.errors.passwordRequired",
  passwordFormat: "visitor.claim.errors.passwordFormat",
} as const satisfies Record<string, MessageKey>;

export const NICKNAME_MAX = 10;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Characters as a person counts them: "김민수" is 3, "👩‍👩‍👧" is 1. */
export function perceivedLength(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** The winner's nickname and 4-digit password, checked the same way in the form and on the server. */
export const claimBody = z.object({
  name: z
    .string({ error: CLAIM_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CLAIM_MESSAGES.nameRequired, abort: true })
    // The raw length bound keeps a pile of combining marks from passing as "one character", and it aborts:
    // segmenting a huge text into characters is slow, so a 1 MB nickname must never reach the refine.
    .max(64, { error: CLAIM_MESSAGES.nameTooLong, abort: true })
    .refine((name) => perceivedLength(name) <= NICKNAME_MAX, CLAIM_MESSAGES.nameTooLong),
  password: z
    .string({ error: CLAIM_MESSAGES.passwordRequired })
    .trim()
    .min(1, { error: CLAIM_MESSAGES.passwordRequired, abort: true })
    .max(64, { error: CLAIM_MESSAGES.passwordFormat, abort: true })
    .regex(/^[0-9]{4}$/, CLAIM_MESSAGES.passwordFormat),
});
export type ClaimBody = z.infer<typeof claimBody>;

/** No body, `null` or `{}` (not `[]`, which is no claim at all). */
const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * POST /api/p/{urlPath}/prize/claim/: an empty body (or `{}`) reserves; `{name, password}` finalises,
 * with claimBody's field errors. (Not a zod union: a union would hide those behind one generic error.)
 */
export const claimRequest = z.unknown().transform((body, context): { reserve: true } | ClaimBody => {
  if (isEmptyBody(body)) return { reserve: true };
  const parsed = claimBody.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: issue.path } as z.core.$ZodRawIssue);
  return z.NEVER;
});

/**
 * PATCH /api/p/{urlPath}/prize/claim/: no body (the spec's client) lets go at once; `{leaving: true}`, sent
 * by the page as it goes away, keeps the hold a short grace for a reload (server-behaviour.md).
 */
export const cancelRequest = z
  .object({ leaving: z.boolean({ error: "validation.settings.trueOrFalse" }).optional() })
  .nullish()
  .transform((body) => ({ leaving: body?.leaving === true }));
