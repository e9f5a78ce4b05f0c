// POST /api/admin/event/start_new/ {prizes: "restore" | "remove", confirm: "start a new event", archive_cutoff} - wipe the
// event's results; 409 while a winner exists that the archive of that cut-off does not hold
import { route } from "@/lib/api/route";
import { startNewEvent } from "@/lib/services/event/start-new";
import { startNewEventBody } from "@/lib/validation/new-event";
import { NEW_EVENT_ROLES } from "@/shared/roles";

export const POST = route(
  { access: "admin", roles: NEW_EVENT_ROLES, body: startNewEventBody, maxBodyBytes: 1024 },
  async ({ ctx, body }) => {
    const summary = await startNewEvent({ ctx, input: body });
    return { detail: "A new event has started.", ...summary };
  },
);
