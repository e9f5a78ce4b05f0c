import { pageQuery } from "@/lib/api/pagination";
import { isoDate } from "./fields";
import { z } from "./zod";

const day = isoDate({ format: "validation.dates.format", real: "validation.dates.real" }).optional();
const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

/**
 * The audit log's filters (GET /api/admin/audit/, its Excel export, the /admin/audit screen): all optional,
 * combined with AND. `account` is an account name, `action` one action (`winner.mark_received`), `target`
 * one thing's history as `type:id` (`winner:12`), `search` part of the target's name. Dates are whole days
 * in APP_TIMEZONE, both ends included.
 */
const filterFields = {
  account: text(150, "validation.audit.accountTooLong"),
  action: text(64, "validation.audit.actionTooLong"),
  target: z
    .string()
    .trim()
    .regex(/^[a-z_]+:[0-9A-Za-z_-]{1,64}$/, "validation.audit.target")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  search: text(200, "validation.audit.searchTooLong"),
  start_date: day,
  end_date: day,
};
const inOrder = (filters: { start_date?: string; end_date?: string }) =>
  !filters.start_date || !filters.end_date || filters.start_date <= filters.end_date;
const START_AFTER_END = { message: "validation.dates.startAfterEnd", path: ["start_date"] };

export const auditFilters = z.object(filterFields).refine(inOrder, START_AFTER_END);

export const listAuditQuery = pageQuery.extend(filterFields).refine(inOrder, START_AFTER_END);
