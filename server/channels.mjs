// @ts-check
// How the server entry and the app reach each other. They cannot import each other's modules (Next.js loads
// the app in bundles of its own), so they meet on Node's diagnostics channels
// (https://nodejs.org/api/diagnostics_channel.html): named, process-wide, documented for exactly this, one
// module publishing what another subscribes to. The server publishes; the app subscribes (lib/shutdown.ts,
// lib/metrics/registry.ts). The app also times every request from Node's own `http.server.*` channels.
import diagnosticsChannel from "node:diagnostics_channel";

/**
 * The server stops taking connections: what would hold the drain to its end (the big screen's event streams)
 * ends now. Message: {}.
 */
export const STOPPING = "prize-giveaway.server.stopping";
/**
 * Requests in flight have finished: close what the app opened (the database, timers). Message: ShutdownMessage;
 * each subscriber hands its closing to `add`, and they run one after another, in the order subscribed.
 */
export const STOPPED = "prize-giveaway.server.stopped";
/** GET /metrics arrived. Message: MetricsRequest; the subscriber that answers it sets `answered`. */
export const METRICS_REQUEST = "prize-giveaway.server.metrics-request";
/** A visitor request shed by the lane (a 503 on purpose). Message: {}. */
export const SHED = "prize-giveaway.server.shed";

/** @typedef {{ add: (close: () => Promise<void> | void) => void }} ShutdownMessage */
/** @typedef {{ request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, answered: boolean }} MetricsRequest */

/** Set on globalThis by the production server (server.mjs): it runs the app's closings itself. */
export const SERVER_ENTRY = Symbol.for("prize-giveaway.server-entry");

/** @param {string} name */
export function channel(name) {
  return diagnosticsChannel.channel(name);
}

/**
 * Subscribes `listener` to the channel `name` (by name: Node keeps such a subscription for the process's life).
 * @param {string} name
 * @param {(message: unknown) => void} listener
 */
export function subscribe(name, listener) {
  diagnosticsChannel.subscribe(name, listener);
}

/**
 * The app's closings (STOPPED), one after another in the order they were subscribed (the funnel's last flush
 * before the database closes); one that fails is logged and the next still runs.
 * @returns {Promise<void>}
 */
export function closeTheApp() {
  let closing = Promise.resolve();
  /** @type {ShutdownMessage} */
  const message = {
    add: (close) => {
      closing = closing.then(close).catch((error) => console.error("While stopping:", error instanceof Error ? error.message : error));
    },
  };
  channel(STOPPED).publish(message);
  return closing;
}
