"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, errorMessage, type ListParams } from "@/lib/client/api";
import type { Page } from "@/shared/contracts/page";
import { useUrlListState } from "./url-list-state";

export type AdminListSource<Row, F extends Record<string, string>> = {
  /**
   * The entity's client from `lib/client/<entity>.ts` (`productsApi`): its cache key, under which writes
   * invalidate everything, and its list call.
   */
  api: { key: readonly unknown[]; list: (params: ListParams<F>, signal: AbortSignal) => Promise<Page<Row>> };
  /** The screen's filters and their defaults (a module constant). */
  filters: F;
  /** Shown when a load fails without a server message. */
  failureMessage: string;
  /** Auto-refresh period in ms (from `useAutoRefresh`), or false. */
  refetchInterval?: number | false;
};

/**
 * One page of an admin list, its state held in the URL, loaded with react-query: the previous page stays on
 * screen while the next loads (`placeholderData`), a superseded request is aborted (the `signal`), a page past
 * the end (404 "Invalid page.", rows deleted meanwhile) goes back to page 1. `data` and `dataParams` always
 * belong together, so totals and the pager describe the rows shown, never the query still loading.
 */
export function useAdminList<Row, F extends Record<string, string>>(source: AdminListSource<Row, F>) {
  const { params, setPage, setPageSize, setFilters } = useUrlListState(source.filters);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...source.api.key, "list", params],
    queryFn: async ({ signal }) => ({ params, page: await source.api.list(params, signal) }),
    placeholderData: keepPreviousData,
    refetchInterval: source.refetchInterval ?? false,
  });

  const pastTheEnd = query.error instanceof ApiError && query.error.status === 404 && params.page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new failure should move the page.
  useEffect(() => {
    if (pastTheEnd) setPage(1);
  }, [pastTheEnd]);

  // A failed refresh of rows already on screen is logged, not shown: the rows are still the latest we have.
  const failedRefresh = query.isError && query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (failedRefresh) console.warn("List refresh failed", query.error);
  }, [failedRefresh, query.error]);

  const loaded = query.data ?? null;
  const dataParams = loaded?.params ?? params;
  const invalidate = () => queryClient.invalidateQueries({ queryKey: source.api.key });

  return {
    /** What the screen asks for now (the URL). */
    params,
    /** The page on screen, or null before the first one arrives. */
    data: loaded?.page ?? null,
    /** The params `data` answers (differs from `params` while a new page loads). */
    dataParams,
    total: loaded?.page.count ?? null,
    pageCount: loaded ? Math.ceil(loaded.page.count / dataParams.pageSize) : 0,
    loading: query.isFetching,
    error: query.isError && !failedRefresh && !pastTheEnd ? errorMessage(query.error, source.failureMessage) : null,
    /** For the auto-refresh control. */
    updatedAt: query.dataUpdatedAt,
    reload: () => void query.refetch(),
    /** After any write: every cached page of this entity is stale. */
    invalidate,
    setPage,
    setPageSize,
    setFilters,
    /** After a create: the newest row is first on page 1. */
    showFirstPage: () => {
      if (params.page !== 1) setPage(1);
      void invalidate();
    },
    /** After deleting rows: stay on this page unless it no longer exists. */
    afterDelete: (deletedCount: number) => {
      const remaining = Math.max(0, (loaded?.page.count ?? 0) - deletedCount);
      const lastPage = Math.max(1, Math.ceil(remaining / params.pageSize));
      if (params.page > lastPage) setPage(lastPage);
      void invalidate();
    },
  };
}

export type AdminList<Row, F extends Record<string, string>> = ReturnType<typeof useAdminList<Row, F>>;
