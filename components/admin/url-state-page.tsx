import type { Metadata } from "next";
import { type ComponentType, Suspense } from "react";

/**
 * The page of a screen that keeps its page, filters or search in the URL: reading them (useSearchParams)
 * makes it render in the browser, so it stands under a Suspense boundary.
 */
export function urlStatePage(Screen: ComponentType) {
  return function UrlStatePage() {
    return (
      <Suspense>
        <Screen />
      </Suspense>
    );
  };
}

/** A page's `generateMetadata` that only names the browser tab, in the reader's language. */
export function titledPage(title: () => Promise<string>) {
  return async (): Promise<Metadata> => ({ title: await title() });
}
