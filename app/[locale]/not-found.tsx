import type { Metadata } from "next";
import { NotFoundScreen, notFoundMetadata } from "@/components/public/not-found-screen";

export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata();
}

/**
 * A `notFound()` under the language segment (an unknown language, a big screen's stale address). It
 * imports no stylesheet: this boundary sits in every page's payload, and with inlined CSS an import here
 * would add the whole stylesheet to every scan a second time (the screen is styled inline).
 */
export default function NotFound() {
  return <NotFoundScreen />;
}
