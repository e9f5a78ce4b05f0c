import { z } from "./zod";

/**
 * `GET /api/p/{urlPath}/prize/?view=1`: the product page's first state call after it loads, which counts the
 * funnel's scan (the page's HTML may come from a cache that never reaches the app). Its later calls (the
 * drop's countdown, a reload's check) leave it out and count nothing.
 */
export const pageStateQuery = z.object({
  view: z.literal("1", { error: "validation.pageView.view" }).optional(),
});
