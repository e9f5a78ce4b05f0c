import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import { NotFoundScreen, notFoundMetadata } from "@/components/public/not-found-screen";

export async function generateMetadata(): Promise<Metadata> {
  return notFoundMetadata();
}

/**
 * An address that is no page (Next.js's global not-found, next.config.ts: a layout with <html> sits below
 * app/[locale], which an unmatched address never reaches). It writes its own document, in the language
 * of the request (i18n/request.ts reads it here, there being no [locale] segment), around the one
 * not-found screen.
 */
export default async function GlobalNotFound() {
  return (
    <html lang={await getLocale()}>
      {/* No stylesheet here: without the browser's default margin the screen fits the window unscrolled. */}
      <body style={{ margin: 0, background: "#f8fafc" }}>
        <NotFoundScreen />
      </body>
    </html>
  );
}
