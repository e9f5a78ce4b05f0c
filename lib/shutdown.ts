import { channel, closeTheApp, SERVER_ENTRY, type ShutdownMessage, STOPPED, STOPPING, subscribe } from "@/server/channels.mjs";

/**
 * What the server must close when it stops (the database, timers). The production server (server.mjs)
 * publishes on a diagnostics channel once the requests in flight have finished (server/channels.mjs); each
 * hook subscribes to it, and the server runs them one after another in the order they were registered here.
 * Under another server (`next start`, `next dev`), closeUnderAnyServer runs them.
 */
export function onShutdown(hook: () => Promise<void> | void): void {
  subscribe(STOPPED, (message) => (message as ShutdownMessage).add(hook));
}

/**
 * What must end as soon as the server stops taking connections, before it waits for requests in flight:
 * a long-lived stream (the big screen's events) would otherwise hold that wait to its end (server.mjs).
 */
export function onStopping(hook: () => void): void {
  subscribe(STOPPING, () => hook());
}

/**
 * Under a server other than server.mjs (`next start`, `next dev`): on SIGTERM or SIGINT, Next.js stops taking
 * connections, lets the requests in flight finish, and then calls process.exit. That one exit waits for the app's
 * closings (the funnel's last flush, the database), so they run after the last request and before the end.
 */
export function closeUnderAnyServer(): void {
  if ((globalThis as unknown as Record<symbol, unknown>)[SERVER_ENTRY]) return;
  const onSignal = () => {
    channel(STOPPING).publish({});
    const exit = process.exit.bind(process);
    let exiting = false;
    process.exit = ((code?: number) => {
      if (exiting) return;
      exiting = true;
      void closeTheApp().finally(() => {
        console.log("Stopped.");
        exit(code);
      });
    }) as typeof process.exit;
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
