import type { Page } from "./page";

/** One placement as GET /api/prize-distributions/ lists it (db/queries/distributions.ts). */
export type PlacementRow = {
  id: number;
  prize: number;
  product: number;
  is_active: boolean;
  /** A visitor holds it right now (claim in progress): deleting it answers 409. */
  is_reserved: boolean;
  claimed_at: string | null;
  created_at: string;
  prize_name: string;
  product_name: string;
  product_url_path: string;
};

/** The placement list: a page, active first, with both counts over every placement. */
export type PlacementPage = Page<PlacementRow> & { active_count: number; inactive_count: number };

/**
 * POST /api/prize-distributions/ (201). `unplaced`: units of the prize in stock and on no product page
 * after this placement (placed again only by hand, at random, or by automatic placement).
 */
export type PlacementCreated = { id: number; prize: number; product: number; is_active: boolean; unplaced: number };

/**
 * POST /api/prize-distributions/randomize/: the server's own summary (`detail`, shown as is), the counts,
 * the units of the prizes in scope still on no page, and automatic placement (maintenance mode) as it is now.
 */
export type PlacementsRandomized = {
  detail: string;
  placed: number;
  missing: number;
  cleared: number;
  unplaced: number;
  maintenance_mode: boolean;
};
