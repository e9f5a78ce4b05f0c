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

/** POST /api/prize-distributions/ (201). */
export type PlacementCreated = { id: number; prize: number; product: number; is_active: boolean };

/** POST /api/prize-distributions/randomize/: the server's own summary, shown as is. */
export type PlacementsRandomized = { detail: string } & Record<string, unknown>;
