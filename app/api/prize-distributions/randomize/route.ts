// POST /api/prize-distributions/randomize - place active prizes at random on free product pages

import { route } from "@/lib/api/route";
import { translate } from "@/lib/i18n/translate";
import { randomizePlacements } from "@/lib/services/placements/randomize";
import { randomizeBody } from "@/lib/validation/placement";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES, body: randomizeBody }, async ({ ctx, body, locale }) => {
  const { detail, ...counts } = await randomizePlacements({ ctx, input: body });
  return { detail: detail.map((sentence) => translate(locale, sentence)).join(" "), ...counts };
});
