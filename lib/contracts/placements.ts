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

/** POST /api/prize-distributions/ (201). */
export type PlacementCreated = {
  id: number;
  prize: number;
  product: number;
  is_active: boolean;
  drops_at: string | null;
  announce: boolean;
};

/** PATCH /api/prize-distributions/{id}/ {drops_at}: the drop's new time. */
export type DropMoved = { id: number; drops_at: string };

/** POST /api/prize-distributions/randomize/: the server's own summary, shown as is. */
export type PlacementsRandomized = { detail: string } & Record<string, unknown>;

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
