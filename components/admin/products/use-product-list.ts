"use client";

import { useCallback, useEffect, useState } from "react";
import { DEFAULT_PAGE_SIZE } from "@/components/ui/page-size-select";
import { ApiError, apiFetch, errorMessage } from "@/lib/client/api";
import type { ProductRow } from "./columns";

export type ProductPage = { count: number; next: string | null; previous: string | null; results: ProductRow[] };
export type ProductListQuery = { page: number; pageSize: number; search: string };

function listPath({ page, pageSize, search }: ProductListQuery): string {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search) params.set("search", search);
  return `/api/products/?${params}`;
}

/** One page of GET /api/products/ for the current page, size and search; reloads on demand. */
export function useProductList() {
  const [query, setQuery] = useState<ProductListQuery>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, search: "" });
  const [version, setVersion] = useState(0);
  // The page on screen together with the query it answers: while a newer query loads, totals and the pager
  // keep describing the rows shown, so a quick click cannot jump to a page the new query does not have.
  const [loaded, setLoaded] = useState<{ query: ProductListQuery; page: ProductPage } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    apiFetch<ProductPage>(listPath(query), { signal: controller.signal }, { redirectOn404: false })
      .then((page) => {
        setLoaded({ query, page });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // Past the last page (rows deleted elsewhere meanwhile): start again from the first page.
        if (failure instanceof ApiError && failure.status === 404 && query.page > 1) {
          setQuery((current) => ({ ...current, page: 1 }));
          return;
        }
        setError(errorMessage(failure, "Failed to load the products."));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);

  const data = loaded?.page ?? null;
  return {
    query,
    data,
    /** The query `data` answers (differs from `query` while a new one loads). */
    dataQuery: loaded?.query ?? query,
    loading,
    error,
    reload,
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    setPageSize: (pageSize: number) => setQuery((current) => ({ ...current, pageSize, page: 1 })),
    setSearch: (search: string) => setQuery((current) => ({ ...current, search, page: 1 })),
    /** After a create: the newest product is first on page 1. */
    showNewest: () => {
      setQuery((current) => ({ ...current, page: 1 }));
      reload();
    },
    /** After deleting rows: stay on this page unless it no longer exists. */
    afterDelete: (deletedCount: number) => {
      setQuery((current) => {
        const remaining = Math.max(0, (data?.count ?? 0) - deletedCount);
        const lastPage = Math.max(1, Math.ceil(remaining / current.pageSize));
        return { ...current, page: Math.min(current.page, lastPage) };
      });
      reload();
    },
  };
}

/** Every product (page_size 1000, page after page), for the QR zip. */
export async function fetchAllProducts(): Promise<ProductRow[]> {
  const all: ProductRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await apiFetch<ProductPage>(listPath({ page, pageSize: 1000, search: "" }));
    all.push(...result.results);
    if (!result.next) return all;
  }
}
