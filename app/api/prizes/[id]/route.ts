// GET /api/prizes/{id} - one prize; PUT - edit it (multipart); DELETE - delete it and its placements

import { getPrize } from "@/db/queries/prizes";
import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { imageUploadBody } from "@/lib/images/upload";
import { MESSAGES } from "@/lib/messages";
import { deletePrize } from "@/lib/services/prizes/delete";
import { updatePrize } from "@/lib/services/prizes/update";
import { updatePrizeBody } from "@/lib/validation/prize";
import { READ_ROLES, WRITE_ROLES } from "@/shared/roles";

const NOT_FOUND = MESSAGES.prizeNotFound;

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx, params }) => {
  const prize = await getPrize({ db: ctx.db, eventId: ctx.eventId, id: parseId(params.id, NOT_FOUND) });
  if (!prize) throw notFound(NOT_FOUND);
  return prize;
});

export const PUT = route(
  {
    access: "admin",
    roles: WRITE_ROLES,
    body: updatePrizeBody,
    ...imageUploadBody("prize"),
  },
  async ({ ctx, params, body }) => {
    const id = parseId(params.id, NOT_FOUND);
    await updatePrize({ ctx, input: { ...body, id } });
    return getPrize({ db: ctx.db, eventId: ctx.eventId, id }) as Promise<object>;
  },
);

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  emptyAfter(deletePrize({ ctx, input: { id: parseId(params.id, NOT_FOUND) } })),
);
