import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true after it. For what only the browser knows: a client
 * query's `isFetching` is true on its first browser render (react-query fetches on mount) but false on the
 * server, and rendering it straight away breaks hydration (React's error #418, issue 31).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
