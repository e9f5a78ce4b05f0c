// The claim route's request schemas: server-side only, so built with the full `z` around the claim form's claimBody.
import { type ClaimBody, claimBody } from "./claim";
import { z } from "./zod";

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
