// GET /api/display/{token}/events/ - the big screen's server-sent events: the snapshot now and after each change
import { route } from "@/lib/api/route";
import { displayHub, type Screen } from "@/lib/display/live";
import { notFound } from "@/lib/errors";
import { isDisplayToken } from "@/shared/urls/display";

export const dynamic = "force-dynamic";

/** EventSource waits this long before reconnecting after the stream ends (a restart, a network cut). */
const RETRY_MS = 1_000;

export const GET = route({ access: "public" }, async ({ params, request }) => {
  const token = params.token;
  if (!isDisplayToken(token) || (await displayHub().eventOf(token)) === undefined) throw notFound();
  const hub = displayHub();
  const encoder = new TextEncoder();
  let screen: Screen | null = null;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      screen = {
        token,
        send: (text) => {
          if (open) controller.enqueue(encoder.encode(text));
        },
        end: () => {
          if (!open) return;
          open = false;
          controller.close();
        },
      };
      controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      hub.connect(screen).catch(() => screen?.end());
      request.signal.addEventListener("abort", () => {
        if (screen) hub.disconnect(screen);
        open = false;
      });
    },
    cancel() {
      if (screen) hub.disconnect(screen);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
