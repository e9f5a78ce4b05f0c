// POST /api/admin/event/start_new/ {prizes: "restore" | "remove", confirm: "start a new event"} - wipe the event's results
import { route } from "@/lib/api/route";
import { NEW_EVENT_ROLES } from "@/lib/auth/roles";
import { startNewEvent } from "@/lib/services/event/start-new";
import { startNewEventBody } from "@/lib/validation/new-event";

export const POST = route(
  { access: "admin", roles: NEW_EVENT_ROLES, body: startNewEventBody, maxBodyBytes: 1024 },
  async ({ ctx, body }) => {
    const summary = await startNewEvent({ ctx, input: body });
    return { detail: "A new event has started.", ...summary };
  },
);
