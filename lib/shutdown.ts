/**
 * What the server must close when it stops (the database, timers). The production server (server.mjs)
 * runs these hooks after the requests in flight have finished; it finds them under this global symbol,
 * since Next.js loads the app's modules in bundles of their own that the server cannot import.
 */
const SHUTDOWN_HOOKS = Symbol.for("prize-giveaway.shutdown-hooks");
type WithHooks = typeof globalThis & { [SHUTDOWN_HOOKS]?: Array<() => Promise<void> | void> };

export function onShutdown(hook: () => Promise<void> | void): void {
  const holder = globalThis as WithHooks;
  holder[SHUTDOWN_HOOKS] ??= [];
  holder[SHUTDOWN_HOOKS].push(hook);
}

/**
 * What must end as soon as the server stops taking connections, before it waits for requests in flight:
 * a long-lived stream (the big screen's events) would otherwise hold that wait to its end (server.mjs).
 */
const STOPPING_HOOKS = Symbol.for("prize-giveaway.stopping-hooks");
type WithStoppingHooks = typeof globalThis & { [STOPPING_HOOKS]?: Array<() => void> };

export function onStopping(hook: () => void): void {
  const holder = globalThis as WithStoppingHooks;
  holder[STOPPING_HOOKS] ??= [];
  holder[STOPPING_HOOKS].push(hook);
}
