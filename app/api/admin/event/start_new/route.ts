// POST /api/admin/event/start_new/ {prizes: "restore" | "remove", confirm: "start a new event"} - close this event, kept
// with its winners, and put live its copy keeping the addresses (server-behaviour.md, "A new event")
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
