// POST /api/prize-distributions/randomize - place active prizes at random on free product pages
import { route } from "@/lib/api/route";
import { randomizePlacements } from "@/lib/services/placements/randomize";
import { randomizeBody } from "@/lib/validation/placement";

export const POST = route({ access: "admin", body: randomizeBody }, async ({ ctx, body }) => randomizePlacements({ ctx, input: body }));
