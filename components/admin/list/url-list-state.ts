"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/components/ui/page-size-select";
import type { ListParams } from "@/lib/client/api";

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

/**
 * A list screen's page, page size and filters, held in the URL (`?product=3&page=2&page_size=20`): a link
 * opens the view it names and a reload keeps it. Values equal to their default stay out of the URL. Writes
 * use `router.replace`, so paging does not fill the back button's history.
 */
export function useUrlListState<F extends Record<string, string>>(filterDefaults: F) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const serialized = searchParams.toString();
  // The defaults are a module constant per screen; their keys are what the URL is read for.
  const filterKeys = Object.keys(filterDefaults).join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `serialized` and `filterKeys` stand for searchParams and filterDefaults.
  const params = useMemo((): ListParams<F> => {
    const filters = { ...filterDefaults };
    for (const key of Object.keys(filterDefaults) as (keyof F & string)[]) {
      const value = searchParams.get(key);
      if (value !== null) filters[key] = value as F[typeof key];
    }
    const pageSize = positiveInt(searchParams.get("page_size"), DEFAULT_PAGE_SIZE);
    return {
      page: positiveInt(searchParams.get("page"), 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
      filters,
    };
  }, [serialized, filterKeys]);

  // The query last written and not yet read back: two writes close together (a select, then a search's
  // pause ending) each build on the one before, not on a render's params that may predate it.
  const written = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL (written or from the back button) is the base again.
  useEffect(() => {
    written.current = null;
  }, [serialized]);

  /** Writes only what changes (the page, maybe the size, the filters named) over the URL as it is now. */
  const write = useCallback(
    (next: { page: number; pageSize?: number; filters?: Partial<F> }) => {
      const search = new URLSearchParams(written.current ?? window.location.search);
      const set = (key: string, value: string, fallback: string) => (value === fallback ? search.delete(key) : search.set(key, value));
      set("page", String(next.page), "1");
      if (next.pageSize !== undefined) set("page_size", String(next.pageSize), String(DEFAULT_PAGE_SIZE));
      for (const [key, value] of Object.entries(next.filters ?? {})) {
        if (value !== undefined) set(key, value, filterDefaults[key] ?? "");
      }
      const query = search.toString();
      written.current = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname, filterDefaults],
  );

  return {
    params,
    setPage: (page: number) => write({ page }),
    /** A new size or filter starts again from page 1. */
    setPageSize: (pageSize: number) => write({ pageSize, page: 1 }),
    setFilters: (changes: Partial<F>) => write({ filters: changes, page: 1 }),
  };
}
