import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundText } from "@/components/public/not-found-text";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title") };
}

/**
 * An address that is no page at all (a typo, a stale link). Styled inline, not by the app's stylesheet:
 * this screen sits in every page's payload (it is the root's not-found boundary), and with inlined CSS an
 * import here would add the whole stylesheet to every scan a second time. Visitors' own 404s, an unknown
 * /p/{urlPath} and /not-found, are the styled NotFoundScreen.
 */
export default function NotFound() {
  return <NotFoundText />;
}
