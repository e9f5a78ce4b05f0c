import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BrandStyle } from "@/components/branding/brand-style";
import { UiWordsProvider } from "@/components/ui/ui-words";
import { adminPageBranding } from "@/lib/branding/request";
import "../../globals.css";
import "./admin.css";
import { eventNameIn } from "@/shared/contracts/branding";
import type { Locale } from "@/shared/i18n/locales";

/** Browser tabs read "Winner management | {event name}". */
export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const [branding, t, locale] = await Promise.all([adminPageBranding(), getTranslations("app"), getLocale()]);
  const name = eventNameIn(locale as Locale, branding) ?? t("name");
  return { title: { template: `%s | ${name}`, default: name } };
}

/**
 * Every admin screen, the sign-in page and the print sheet: its own utilities on top of the shared stylesheet
 * (see admin.css), in the event's colour (read per request: a change shows on the next page load), and the
 * whole message catalogue of the reader's language for its client components (useTranslations).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await connection();
  const branding = await adminPageBranding();
  return (
    <NextIntlClientProvider>
      <BrandStyle color={branding.primary_color} />
      <UiWordsProvider>{children}</UiWordsProvider>
    </NextIntlClientProvider>
  );
}
