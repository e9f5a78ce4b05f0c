import { eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { placements, prizes, products } from "@/db/schema";

/** How an audit row names a placement: "<prize> on <product page>" (read inside the change's transaction). */
export async function placementName(tx: Queryable, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ name: sql<string>`${prizes.name} || ' on ' || ${products.name}` })
    .from(placements)
    .innerJoin(prizes, eq(prizes.id, placements.prizeId))
    .innerJoin(products, eq(products.id, placements.productId))
    .where(eq(placements.id, id));
  return row?.name ?? null;
}
