/** An event as GET /api/admin/events/ lists it (lib/services/events/manage.ts), with what it holds. */
export type EventStatus = "draft" | "live" | "closed";

export type EventRow = {
  id: number;
  name: string;
  status: EventStatus;
  /** What a call that names no event acts on, for an account that selected none. */
  is_default: boolean;
  created_at: string;
  went_live_at: string | null;
  closed_at: string | null;
  product_pages: number;
  prizes: number;
  winners: number;
};

/** GET /api/admin/session/: who is signed in, and the event their calls act on. */
export type AdminSession = { name: string; role: string; event: number };
