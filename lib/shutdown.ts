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
