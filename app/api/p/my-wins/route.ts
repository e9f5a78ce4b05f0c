// GET /api/p/my-wins - this phone's wins (by its visitor cookie), newest first: what, where, when, collected or by when and where
import { getVisitorWins } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { readVisitorId } from "@/lib/api/visitor";
import type { VisitorWins } from "@/shared/contracts/claims";

// A phone with no visitor cookie has won nothing (a win needs one): no read.
export const GET = route({ access: "public" }, async ({ ctx, request, locale }): Promise<VisitorWins> => {
  const visitorId = readVisitorId(request);
  return { results: visitorId ? await getVisitorWins({ db: ctx.db, visitorId, locale }) : [] };
});
