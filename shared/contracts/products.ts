import type { CatalogueEntryRow } from "./catalogue-entry";

/** A product page as GET /api/products/ and every product response show it (spec §3). */
export type ProductRow = CatalogueEntryRow & {
  /** The URL of the QR code PNG. */
  qr_code: string;
  url_path: string;
  winners_count: number;
  /**
   * What the page holds now, so a placing form can mark a taken page: its live prize, or the drop set aside
   * on it (`drops_at`, still to come). Null when the page is free.
   */
  live_prize: { name: string; drops_at: string | null } | null;
};

/** DELETE /api/products/delete_all/ and POST /api/products/delete_selected/. */
export type ProductsDeleted = { detail?: string; deleted_count: number };
