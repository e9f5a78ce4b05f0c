import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ErrorWordsProvider } from "@/components/public/error-words";
import { isLocale } from "@/shared/i18n/locales";
import "../../globals.css";

/**
 * The visitor's pages: the public stylesheet (see app/layout.tsx for why it is imported here), and the
 * error screen's words, in the language of the address (never read from the request: the product page's
 * cached copies stay static).
 */
export default async function PublicLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  const words = { brand: t("app.name"), title: t("visitor.error.title"), body: t("visitor.error.body"), back: t("visitor.error.back") };
  return <ErrorWordsProvider words={words}>{children}</ErrorWordsProvider>;
}
