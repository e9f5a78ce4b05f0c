import { pageQuery } from "@/lib/api/pagination";
import { WINNER_STATUSES } from "@/shared/contracts/winners";
import { formBoolean, idInput, isoDate } from "./fields";
import { z } from "./zod";

const MAX_WINNER_SEARCH_LENGTH = 100;

const day = isoDate({ format: "validation.dates.format", real: "validation.dates.real" }).optional();
const START_AFTER_END = "validation.dates.startAfterEnd";

/**
 * The winners filters (server-behaviour.md, Winners): all optional, combined with AND. Dates are whole days
 * in APP_TIMEZONE, both ends included. Shared by the list, the Excel export and the winners screen.
 */
const filterFields = {
  product: idInput("validation.winner.product").optional(),
  prize: idInput("validation.winner.prize").optional(),
  is_received: formBoolean.optional(),
  status: z.enum(WINNER_STATUSES, { error: "validation.winner.status" }).optional(),
  search: z
    .string()
    .max(MAX_WINNER_SEARCH_LENGTH, "validation.winner.searchTooLong")
    .trim()
    .optional()
    .transform((value) => value || undefined),
  start_date: day,
  end_date: day,
  /** The prize desk's look-up: the winner's 4-digit code, exactly. */
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{4}$/, "validation.winner.code")
    .optional(),
  /** With `code`: the nickname, exactly (case and surrounding spaces aside). */
  name: z
    .string()
    .max(MAX_WINNER_SEARCH_LENGTH, "validation.winner.nameTooLong")
    .trim()
    .optional()
    .transform((value) => value || undefined),
};

function datesInOrder(filters: { start_date?: string; end_date?: string }): boolean {
  return !filters.start_date || !filters.end_date || filters.start_date <= filters.end_date;
}
const START_AFTER_END_ISSUE = { message: START_AFTER_END, path: ["start_date"] };

export const winnerFilters = z.object(filterFields).refine(datesInOrder, START_AFTER_END_ISSUE);

/** GET /api/winners/: the filters plus `page` / `page_size`. */
export const listWinnersQuery = pageQuery.extend(filterFields).refine(datesInOrder, START_AFTER_END_ISSUE);
