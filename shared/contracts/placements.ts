import type { Page } from "./page";

/** One placement as GET /api/prize-distributions/ lists it (db/queries/placements.ts). */
export type PlacementRow = {
  id: number;
  prize: number;
  product: number;
  is_active: boolean;
  /** A visitor holds it right now (claim in progress): deleting it answers 409. */
  is_reserved: boolean;
  claimed_at: string | null;
  created_at: string;
  /** When it drops (ISO 8601): nobody can hold it before; null for a placement live at once. */
  drops_at: string | null;
  /** A drop announced with a countdown; false for a winning moment (random placement's `spread_minutes`). */
  announce: boolean;
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
export type PlacementCreated = {
  id: number;
  prize: number;
  product: number;
  is_active: boolean;
  drops_at: string | null;
  announce: boolean;
  unplaced: number;
};

/** PATCH /api/prize-distributions/{id}/ {drops_at}: the drop's new time. */
export type DropMoved = { id: number; drops_at: string };

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

/** One drop still to come, as GET /api/prize-distributions/drops/ lists it. */
export type ScheduledDrop = {
  id: number;
  prize: number;
  product: number;
  drops_at: string;
  announce: boolean;
  prize_name: string;
  product_name: string;
};

/** The drops to come, soonest first, and the server's clock when read (the screen counts down on it). */
export type ScheduledDrops = { results: ScheduledDrop[]; now: string };
