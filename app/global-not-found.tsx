import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundText } from "@/components/public/not-found-text";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title") };
}

/**
 * An address that is no page (Next.js's global not-found, next.config.ts: a layout with <html> sits below
 * app/[locale], which an unmatched address never reaches). It writes its own document, in the language
 * of the request (i18n/request.ts reads it here, there being no [locale] segment). Styled inline, as
 * app/[locale]/not-found.tsx explains.
 */
export default async function GlobalNotFound() {
  return (
    <html lang={await getLocale()}>
      <body>
        <NotFoundText />
      </body>
    </html>
  );
}
