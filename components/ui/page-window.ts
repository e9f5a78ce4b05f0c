/** One slot of a pager: a page number, or a gap ("…") before or after the window. */
export type PageWindowItem = number | "gap-before" | "gap-after";

/**
 * The page numbers a pager shows: the current page and `radius` pages either side, always the first and
 * the last page, and a gap marker where numbers are left out. A gap that would hide a single page shows
 * that page instead, since "…" is no shorter than the number.
 *
 *   pageWindow(6, 20) -> [1, "gap-before", 4, 5, 6, 7, 8, "gap-after", 20]
 */
export function pageWindow(current: number, total: number, radius = 2): PageWindowItem[] {
  if (!Number.isFinite(total) || total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  let start = Math.max(1, page - radius);
  let end = Math.min(total, page + radius);
  if (start === 3) start = 2;
  if (end === total - 2) end = total - 1;
  const items: PageWindowItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push("gap-before");
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end < total - 1) items.push("gap-after");
  if (end < total) items.push(total);
  return items;
}
