import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale, LOCALES } from "@/shared/i18n/locales";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// Both languages are known at build time; proxy.ts picks one per request (shared/i18n/locales.ts).
export function generateStaticParams(): { locale: string }[] {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: "app" });
  return { title: { default: t("name"), template: t("titleTemplate", { page: "%s" }) } };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  // The keyboard shrinks the layout viewport (Android Chrome otherwise slides it over the page): a form in a
  // bottom sheet then stays above the keyboard, its countdown and buttons in view.
  interactiveWidget: "resizes-content",
};

// No stylesheet here: each part of the app imports app/globals.css itself (app/[locale]/p/layout.tsx, the
// admin layout, the home and not-found pages). With inlined CSS, a stylesheet in the root layout is also
// written into every page's payload a second time, for Next.js's global-error screen: 28 KB per scan.
export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  // The language of every server component below, without reading the request: the product page's
  // cached copies stay static.
  setRequestLocale(locale);
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
