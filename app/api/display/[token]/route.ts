// GET /api/display/{token}/ - what the big screen shows: recent winners (masked), prizes left, today's count
import { readDisplaySnapshot } from "@/db/queries/display";
import { route } from "@/lib/api/route";
import { displayHub } from "@/lib/display/live";
import { notFound } from "@/lib/errors";
import { isDisplayToken } from "@/shared/urls/display";

export const GET = route({ access: "public" }, async ({ ctx, params }) => {
  const token = params.token;
  const eventId = isDisplayToken(token) ? await displayHub().eventOf(token) : undefined;
  if (eventId === undefined) throw notFound();
  return readDisplaySnapshot({ db: ctx.db, eventId });
});
