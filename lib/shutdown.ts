import { type ShutdownMessage, STOPPED, STOPPING, subscribe } from "@/server/channels.mjs";

/**
 * What the server must close when it stops (the database, timers). The production server (server.mjs)
 * publishes on a diagnostics channel once the requests in flight have finished (server/channels.mjs); each
 * hook subscribes to it, and the server runs them one after another in the order they were registered here.
 * Outside server.mjs (`next dev`, tests) nobody publishes, and nothing runs.
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
