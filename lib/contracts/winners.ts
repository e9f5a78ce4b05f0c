/** A winner as GET /api/winners/ and the prize desk show it (spec §3, server-behaviour.md). */
export type WinnerRow = {
  id: number;
  /** The nickname. */
  name: string;
  /** The 4-digit password the winner shows at the prize desk; null for the desk role, which never sees one. */
  password: string | null;
  /** Ids of the prize and product page; null once those were deleted (the names stay). */
  prize: number | null;
  product: number | null;
  prize_name: string;
  product_name: string;
  created_at: string;
  is_received: boolean;
  received_at: string | null;
};
