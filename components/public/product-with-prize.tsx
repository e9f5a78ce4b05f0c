import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { readEventRules } from "@/db/queries/event-rules";
import type { PublicProductPage } from "@/db/queries/public";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/database";
import { closedEventMessage } from "@/lib/event/messages";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES, sayIn } from "@/lib/i18n/translate";
import { earlyTapScript } from "./early-tap-script";
import { PrizeClaim } from "./prize-claim";
import { prizeStanding } from "./prize-standing";
import { PublicHeader } from "./public-header";
import { visitorWords } from "./visitor-words";

/** The product page's frame: brand bar (with the language switch, out of the ticket's way) and the centred column. */
export async function ProductPageFrame({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale });
  return (
    <>
      <PublicHeader brand={t("app.name")}>
        {/* On the brand bar: its globe in white (the switch is shared with the admin's light screens). */}
        <LanguageSwitch current={locale} label={t("language.label")} className="text-white!" />
      </PublicHeader>
      <main className="mx-auto w-full max-w-md px-4 pb-12 pt-4 sm:pt-6 md:max-w-4xl md:px-8 md:pt-10">{children}</main>
    </>
  );
}

/** The page's <title> and description; pages are reached by scanning a QR code, not by search engines. */
export async function productPageMetadata(page: Pick<PublicProductPage, "name" | "description"> | null, locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "visitor" });
  return {
    title: page?.name ?? t("productFallbackTitle"),
    description: page?.description || undefined,
    robots: { index: false, follow: false },
  };
}

/**
 * The product, its picture and the prize waiting on it (the client island), server-rendered. While the
 * event is not open, the page says why (and when it opens) in place of any ticket.
 */
export async function ProductWithPrize({ page, locale }: { page: PublicProductPage; locale: Locale }) {
  const { timeZone, reservationSeconds } = getConfig();
  const closedMessage =
    page.event_state === "open"
      ? ""
      : sayIn(locale, closedEventMessage({ ...(await readEventRules(db())), state: page.event_state }, timeZone) ?? "");
  const { ticket, standing } = prizeStanding({ page, locale, holdSeconds: reservationSeconds, closedMessage });
  return (
    <>
      <PrizeClaim
        urlPath={page.url_path}
        productName={page.name}
        image={page.image}
        ticket={ticket}
        standing={standing}
        holdSeconds={reservationSeconds}
        words={visitorWords(locale)}
      >
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl md:text-4xl">
          {page.name}
        </h1>
        {page.description && (
          <p className="mt-1 whitespace-pre-line text-base [overflow-wrap:anywhere] leading-relaxed text-slate-700 sm:text-lg">
            {page.description}
          </p>
        )}
      </PrizeClaim>
      {/* After the ticket, so it finds it: a tap counts before the page's scripts have arrived. */}
      {ticket && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; the only value in it is JSON-escaped.
        <script dangerouslySetInnerHTML={{ __html: earlyTapScript(page.url_path, MESSAGES[locale].visitor.page.earlyHold) }} />
      )}
    </>
  );
}
