import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BrandStyle } from "@/components/branding/brand-style";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { getConfig } from "@/lib/config";
import { closedPageMessage } from "@/lib/event/closed-message";
import { eventTimeZone } from "@/lib/event/time-zone";
import { CATALOGUES, sayIn } from "@/lib/i18n/translate";
import { consentRequiredNow } from "@/lib/privacy/consent";
import { type Branding, eventNameIn, footerTextIn } from "@/shared/contracts/branding";
import type { ProductPageOfEvent, PublicProductPage } from "@/shared/contracts/product-page";
import type { Locale } from "@/shared/i18n/locales";
import { privacyNoticePath } from "@/shared/urls/products";
import { prizeStateOf } from "@/shared/urls/public-page-cache";
import { earlyTapScript } from "./early-tap-script";
import { PrizeClaim } from "./prize-claim";
import { prizeStanding } from "./prize-standing";
import { PublicHeader } from "./public-header";
import { visitorWords } from "./visitor-words";

/**
 * The product page's frame: the event's colour, brand bar (with the language switch, out of the ticket's
 * way), the centred column, and the organiser's footer line (small, after everything, so never in the
 * ticket's way).
 */
export async function ProductPageFrame({
  branding,
  locale,
  children,
  noticeLink = true,
  urlPath,
}: {
  branding: Branding;
  locale: Locale;
  children: ReactNode;
  /** The link to the privacy notice (/privacy), on every visitor page but the notice itself. */
  noticeLink?: boolean;
  /** The product page this frame shows: the notice links back to it. */
  urlPath?: string;
}) {
  const t = await getTranslations({ locale });
  const footer = footerTextIn(locale, branding);
  return (
    <>
      <BrandStyle color={branding.primary_color} />
      <PublicHeader name={eventNameIn(locale, branding) ?? t("app.name")} logo={branding.logo}>
        {/* On the brand bar: its globe in white (the switch is shared with the admin's light screens). */}
        <LanguageSwitch current={locale} label={t("language.label")} className="text-white!" />
      </PublicHeader>
      <main className="mx-auto w-full max-w-md px-4 pb-12 pt-4 sm:pt-6 md:max-w-4xl md:px-8 md:pt-10">{children}</main>
      {(footer || noticeLink) && (
        <footer className="mx-auto w-full max-w-md space-y-2 px-4 pb-8 text-center text-sm text-slate-600 [overflow-wrap:anywhere] md:max-w-4xl">
          {footer && <p>{footer}</p>}
          {noticeLink && (
            <p>
              <a
                href={privacyNoticePath(urlPath)}
                className="inline-flex min-h-6 items-center underline underline-offset-2 hover:text-slate-900"
              >
                {t("privacy.link")}
              </a>
            </p>
          )}
        </footer>
      )}
    </>
  );
}

/**
 * The page's <title> ("product | event") and description; pages are reached by scanning a QR code, not by
 * search engines.
 */
export async function productPageMetadata(
  page: Pick<PublicProductPage, "name" | "description"> | null,
  branding: Pick<Branding, "event_name" | "event_names">,
  locale: Locale,
): Promise<Metadata> {
  const t = await getTranslations({ locale });
  return {
    title: { absolute: `${page?.name ?? t("visitor.productFallbackTitle")} | ${eventNameIn(locale, branding) ?? t("app.name")}` },
    description: page?.description || undefined,
    robots: { index: false, follow: false },
  };
}

/**
 * The product, its picture and the prize waiting on it (the client island), server-rendered. While the
 * event is not open, the page says why (and when it opens) in place of any ticket.
 */
export async function ProductWithPrize({
  page,
  locale,
  preview = false,
}: {
  page: ProductPageOfEvent;
  locale: Locale;
  /** An admin's preview of the page: it counts no view and follows no state (the address may answer another event). */
  preview?: boolean;
}) {
  const { reservationSeconds } = getConfig();
  const closedMessage =
    page.event_state === "open"
      ? ""
      : await closedPageMessage(page.event_state, page.url_path).then((message) => sayIn(locale, message ?? ""));
  // In the page's copies: a change of the setting renames them (settings/update.ts).
  const consentRequired = await consentRequiredNow(page.url_path);
  const { ticket, standing, dropsAt } = prizeStanding({
    page,
    locale,
    holdSeconds: reservationSeconds,
    closedMessage,
    timeZone: eventTimeZone(page.eventId),
  });
  return (
    <>
      <PrizeClaim
        urlPath={page.url_path}
        productName={page.name}
        image={page.image}
        ticket={ticket}
        standing={standing}
        heldHere={page.event_state === "open" && page.has_prize && page.is_reserved}
        dropsAt={dropsAt}
        shownState={prizeStateOf(page)}
        holdSeconds={reservationSeconds}
        consentRequired={consentRequired}
        words={visitorWords(locale, eventTimeZone(page.eventId))}
        preview={preview}
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
      {ticket && !dropsAt && !preview && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; the only value in it is JSON-escaped.
        <script dangerouslySetInnerHTML={{ __html: earlyTapScript(page.url_path, CATALOGUES[locale].visitor.page.earlyHold) }} />
      )}
    </>
  );
}
