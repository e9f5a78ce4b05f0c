import type { MessageKey } from "@/shared/i18n/text";
import { boolean, type infer as Infer, maxLength, minLength, object, optional, refine, regex, string, trim } from "./zod-mini";

/**
 * The claim's field errors, as keys of messages/*.json: the API says them in the visitor's language
 * (lib/api/zod-errors.ts), the form with the words its page was given (no translation library there).
 */
export const CLAIM_MESSAGES = {
  nameRequired: "visitor.claim.errors.nameRequired",
  nameTooLong: "visitor.claim.errors.nameTooLong",
  nameUnreadable: "visitor.claim.errors.nameUnreadable",
  passwordRequired: "visitor.claim.errors.passwordRequired",
  passwordFormat: "visitor.claim.errors.passwordFormat",
  consentRequired: "visitor.claim.errors.consentRequired",
  ageRequired: "visitor.claim.errors.ageRequired",
  consentFormat: "visitor.claim.errors.consentFormat",
} as const satisfies Record<string, MessageKey>;

export const NICKNAME_MAX = 10;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Characters as a person counts them: "김민수" is 3, "👩‍👩‍👧" is 1. */
function perceivedLength(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/**
 * Characters a nickname may never hold (server-behaviour.md, "Nicknames a person can read"): control
 * characters (C0 with its line breaks, DEL, C1), unpaired surrogates, the line and paragraph separators, the
 * invisible format characters (zero-width space, joiners, word joiner, byte-order mark, soft hyphen, the bidi
 * marks, embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, tags...: all of \p{Cf}, but see
 * EMOJI_GLUE), and the blank letters that are not format characters: the Hangul fillers (U+3164, U+FFA0,
 * U+115F, U+1160) and the braille blank (U+2800).
 */
const NEVER_IN_NICKNAME = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u3164\uFFA0\u115F\u1160\u2800]/u;
const FORMAT_CHARACTER = /\p{Cf}/u;
/** The zero-width joiner and the tag characters glue an emoji sequence (👩‍👩‍👧, a region's flag): allowed there only. */
const EMOJI_GLUE = /^[\u200D\u{E0020}-\u{E007F}]$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What a character shown on its own starts with: a letter, a digit, punctuation or a symbol (an emoji). */
const VISIBLE_BASE = /^[\p{L}\p{N}\p{P}\p{S}]/u;
const SPACES = /^\p{Zs}+$/u;

/**
 * A nickname a person can read at the desk and on the big screen: each character (grapheme cluster) starts
 * with something visible or is a plain space, at least one is visible, and none holds a control, format or
 * blank filler character (above). So "김민수", "José" (composed or not), "👩‍👩‍👧" and "Kim Mina" pass; a
 * zero-width space, U+3164 alone, a braille blank, a lone combining mark, a newline, an ESC sequence or a
 * right-to-left override do not.
 */
export function isReadableNickname(name: string): boolean {
  let visible = false;
  for (const { segment } of segmenter.segment(name)) {
    if (NEVER_IN_NICKNAME.test(segment)) return false;
    const pictographic = PICTOGRAPH.test(segment);
    for (const character of segment) if (FORMAT_CHARACTER.test(character) && !(pictographic && EMOJI_GLUE.test(character))) return false;
    if (VISIBLE_BASE.test(segment)) visible = true;
    else if (!SPACES.test(segment)) return false;
  }
  return visible;
}

/**
 * The winner's nickname and 4-digit password, checked the same way in the form and on the server. Built
 * with zod/mini (zod-mini.ts): the claim form is the one schema a visitor's phone loads.
 */
export const claimBody = object({
  name: string({ error: CLAIM_MESSAGES.nameRequired }).check(
    trim(),
    minLength(1, { error: CLAIM_MESSAGES.nameRequired, abort: true }),
    // The raw length bound keeps a pile of combining marks from passing as "one character", and it aborts:
    // segmenting a huge text into characters is slow, so a 1 MB nickname must never reach the refine.
    maxLength(64, { error: CLAIM_MESSAGES.nameTooLong, abort: true }),
    // One clear message for a nickname nobody could read, whatever its length.
    refine(isReadableNickname, { error: CLAIM_MESSAGES.nameUnreadable, abort: true }),
    refine((name) => perceivedLength(name) <= NICKNAME_MAX, CLAIM_MESSAGES.nameTooLong),
  ),
  password: string({ error: CLAIM_MESSAGES.passwordRequired }).check(
    trim(),
    minLength(1, { error: CLAIM_MESSAGES.passwordRequired, abort: true }),
    maxLength(64, { error: CLAIM_MESSAGES.passwordFormat, abort: true }),
    regex(/^[0-9]{4}$/, CLAIM_MESSAGES.passwordFormat),
  ),
  // The two boxes the form shows when the organiser asks for consent (server-behaviour.md, "Privacy"):
  // optional here, required by the claim's service while `consent_required` is on.
  consent: optional(boolean({ error: CLAIM_MESSAGES.consentFormat })),
  age_confirmed: optional(boolean({ error: CLAIM_MESSAGES.consentFormat })),
});
export type ClaimBody = Infer<typeof claimBody>;
