import { z } from "zod";
import { notFound } from "@/lib/errors";
import { positiveInt } from "@/lib/validation/fields";
import type { Page } from "@/shared/contracts/page";
import { text } from "@/shared/i18n/text";

export type { Page };

const PAGE_SIZE_DEFAULT = 10;
const PAGE_SIZE_MAX = 1000;

/** `page` from 1 and `page_size` 1..1000, as every paged list takes them. */
export const pageQuery = z.object({
  page: positiveInt("A valid page number is required.").default(1),
  page_size: positiveInt("A valid page size is required.")
    .pipe(z.number().max(PAGE_SIZE_MAX, `Ensure this value is less than or equal to ${PAGE_SIZE_MAX}.`))
    .default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

const MAX_SEARCH_LENGTH = 200;

/** A paged list with a free-text search box (products, prizes). An empty search means none. */
export const searchablePageQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `The search must be ${MAX_SEARCH_LENGTH} characters or fewer.`)
    .optional()
    .transform((value) => value || undefined),
});

export function pageWindow({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/**
 * Wraps one page of results in `{count, next, previous, results}`. A page past the end is a 404
 * ("Invalid page."), except page 1 of an empty list.
 */
export function toPage<T>(requestUrl: string, query: PageQuery, count: number, results: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  if (query.page > lastPage) throw notFound(text("errors.invalidPage"));
  const linkTo = (page: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set("page", String(page));
    return url.toString();
  };
  return {
    count,
    next: query.page < lastPage ? linkTo(query.page + 1) : null,
    previous: query.page > 1 ? linkTo(query.page - 1) : null,
    results,
  };
}
