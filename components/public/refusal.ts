import { ApiError, errorMessage } from "@/lib/client/api";
import { clockTime } from "@/lib/i18n/clock";
import { RESERVE_REFUSAL_CODES, type ReserveRefusalCode } from "@/shared/contracts/claims";
import type { VisitorWords } from "./visitor-words";

/** The event's rules that refuse a tap whoever taps (closed hours, the pause), or this visitor (their win limit), or this hour. */
type RuleCode = Exclude<ReserveRefusalCode, "taken" | "let_go_recently" | "holding_another">;

/**
 * Why a tap did not get the prize, as the server said (its 409 `code` and `detail`). Only "taken" is
 * somebody else's doing; the visitor's own pause after letting the prize go, a prize held on another
 * page, and the event's rules are said as such, with the server's own words.
 */
export type Refusal =
  | { kind: "taken"; message: string }
  | { kind: "let_go_recently"; message: string; tapAgainAt: number | null }
  | { kind: "holding_another"; message: string }
  | { kind: "rule"; code: RuleCode; message: string }
  | { kind: "unreachable"; message: string | null };

/**
 * The refusal a failed reserve call means. `tapAgainAt`: when this page's visitor may tap again, if it
 * knows; `takenFallback`: what a 409 that says nothing itself means, in the visitor's language.
 */
export function refusalOf(error: unknown, tapAgainAt: number | null, takenFallback: string): Refusal {
  if (!(error instanceof ApiError) || error.status !== 409) {
    // No answer, or the server in trouble (its 503 says so in its detail).
    const detail = error instanceof ApiError ? error.body?.detail : undefined;
    return { kind: "unreachable", message: typeof detail === "string" && detail ? detail : null };
  }
  const message = errorMessage(error, takenFallback);
  const code = RESERVE_REFUSAL_CODES.find((known) => known === error.body?.code) ?? "taken";
  if (code === "let_go_recently") return { kind: code, message, tapAgainAt };
  if (code === "taken" || code === "holding_another") return { kind: code, message };
  return { kind: "rule", code, message };
}

/** A time of day to the second, in the visitor's language on the event's clock: "14:03:25", "오후 2:03:25". */
export const secondClock = (at: number, words: Pick<VisitorWords, "locale" | "timeZone">) =>
  clockTime(at, words.locale, words.timeZone, { seconds: true });
