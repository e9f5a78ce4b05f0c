import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BigScreen } from "@/components/display/big-screen";
import { readBranding } from "@/db/queries/branding";
import { readDisplaySnapshot } from "@/db/queries/display";
import { db } from "@/lib/database";
import { displayHub } from "@/lib/display/live";
import { CATALOGUES } from "@/lib/i18n/translate";
import { eventNameIn } from "@/shared/contracts/branding";
import type { Locale } from "@/shared/i18n/locales";
import { isLocale } from "@/shared/i18n/locales";
import { isDisplayToken } from "@/shared/urls/display";

export const dynamic = "force-dynamic";

/** The tab (or the TV's input label) reads "Winners | {event name}". */
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { token } = await params;
  const eventId = isDisplayToken(token) ? await displayHub().eventOf(token) : undefined;
  const [t, branding, locale] = await Promise.all([
    getTranslations(),
    eventId === undefined ? null : readBranding({ db: db(), eventId }),
    getLocale(),
  ]);
  return {
    title: { absolute: `${t("display.title")} | ${(branding && eventNameIn(locale as Locale, branding)) ?? t("app.name")}` },
    robots: { index: false, follow: false },
  };
}

/**
 * /display/{token}: the venue's big screen (a TV, 1920x1080). Public but unlisted, like a product page;
 * a token that is not the current one is a 404. `?theme=light` for a bright hall, dark otherwise.
 */
export default async function DisplayPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string; locale: string }>;
  searchParams: Promise<{ theme?: string }>;
}) {
  const { token, locale } = await params;
  if (!isLocale(locale)) notFound();
  const eventId = isDisplayToken(token) ? await displayHub().eventOf(token) : undefined;
  if (eventId === undefined) notFound();
  const snapshot = await readDisplaySnapshot({ db: db(), eventId });
  const { theme } = await searchParams;
  // The words as written (lib/i18n/fill.ts fills in their numbers on the screen): the TV loads no translation library.
  return (
    <BigScreen
      token={token}
      initial={snapshot}
      theme={theme === "light" ? "light" : "dark"}
      locale={locale}
      words={CATALOGUES[locale].display}
      productName={CATALOGUES[locale].app.name}
    />
  );
}
