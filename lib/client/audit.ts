/** The audit screen's calls, on top of `apiFetch`. */
import type { AuditEntryRow } from "@/shared/contracts/audit";
import type { Page } from "@/shared/contracts/page";
import { fetchListPage, type ListParams } from "./api";

/** GET /api/admin/audit/ filters, as the URL carries them ("" = not filtered). */
export type AuditFilters = { account: string; action: string; target: string; search: string; start_date: string; end_date: string };
export const AUDIT_FILTERS: AuditFilters = { account: "", action: "", target: "", search: "", start_date: "", end_date: "" };

export const auditApi = {
  key: ["audit"] as const,
  list(params: ListParams<AuditFilters>, signal?: AbortSignal): Promise<Page<AuditEntryRow>> {
    return fetchListPage("/api/admin/audit/", params, signal);
  },
};

/** The Excel file of the filter's rows: the browser navigates here, paging left out. */
export function auditExcelUrl(filters: Partial<AuditFilters>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  const query = search.toString();
  return `/api/admin/audit/download_excel/${query ? `?${query}` : ""}`;
}
