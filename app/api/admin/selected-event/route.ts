// PUT /api/admin/selected-event/ - the event this account's calls act on when they name none {event}
import { route } from "@/lib/api/route";
import { selectEvent } from "@/lib/services/events/manage";
import { selectEventBody } from "@/lib/validation/event";
import { ANY_ROLE } from "@/shared/roles";

// Every role switches events in the header: the choice is the account's own, and changes no event.
export const PUT = route({ access: "admin", roles: ANY_ROLE, body: selectEventBody, maxBodyBytes: 1024 }, async ({ ctx, body }) =>
  selectEvent({ ctx, input: body }),
);
