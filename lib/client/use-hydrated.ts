import { type RefObject, useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true after it. For what only the browser knows: a client
 * query's `isFetching` is true on its first browser render (react-query fetches on mount) but false on the
 * server, and rendering it straight away breaks hydration (React's error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A query's data as the server rendered it (none) until hydrated. For a query another part of the page
 * shares: the header's event switch reads the settings too, and its answer can be in the cache before a
 * screen inside a Suspense boundary hydrates, which would then render the data where the server rendered
 * a spinner: a hydration error that only some loads hit.
 */
export function useHydratedData<T>(data: T | undefined): T | undefined {
  return useHydrated() ? data : undefined;
}

/**
 * Text typed into a controlled box before the page's scripts ran (a slow network): the box shows it, but
 * no change event reached React, so the state behind the box still holds what the server drew (`drawn`)
 * and the screen would wait for what is already on show. Once hydrated, `adopt` is given what the box
 * holds, when that differs from `drawn` (emptied too).
 */
export function useTypedBeforeHydration(box: RefObject<HTMLInputElement | null>, drawn: string, adopt: (typed: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first mount; later typing goes through onChange.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== drawn) adopt(typed);
  }, []);
}
