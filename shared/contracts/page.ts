/**
 * Response shapes the API sends and the admin screens read. Route handlers type their results with these and
 * client modules (`lib/client/<entity>.ts`) parse into them, so both sides agree without the browser
 * importing `db/`. One file per entity: `shared/contracts/<entity>.ts`.
 */

/** Every paged list (DRF's PageNumberPagination): the total, links to the neighbours, and one page of rows. */
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
