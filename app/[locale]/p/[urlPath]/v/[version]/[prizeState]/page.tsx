import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { ProductPageFrame, ProductWithPrize, productPageMetadata } from "@/components/public/product-with-prize";
import { readBranding } from "@/db/queries/branding";
import { eventOfAddress } from "@/db/queries/events";
import { getPublicProductPage } from "@/db/queries/public";
import { db } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { isLocale, type Locale } from "@/shared/i18n/locales";
import { dropTimeOf, isClosedEventState, PRIZE_STATES } from "@/shared/urls/public-page-cache";

/**
 * The product page as cached HTML (Next.js's full route cache): proxy.ts reads the page's state for each
 * visitor and rewrites /p/{urlPath} here, to the one address per state. The address names everything the
 * HTML depends on (the product's version and the prize state), so a cached copy is never out of date and
 * needs no invalidation, on any number of instances: a change makes a new address, rendered once on first
 * request. Visitors never see this address (the proxy refuses it from outside).
 */
export const dynamic = "force-static";
export const dynamicParams = true;
export const revalidate = false;
// None at build time: each page is rendered on its first request, then served from the cache.
export function generateStaticParams(): { urlPath: string; version: string; prizeState: string; locale: string }[] {
  return [];
}

type Props = { params: Promise<{ urlPath: string; version: string; prizeState: string; locale: string }> };

const loadProduct = cache((urlPath: string, locale: Locale) => getPublicProductPage({ db: db(), urlPath, locale }));
// The address names the branding's version too (shared/urls/public-page-cache.ts): this copy shows that branding.
const loadBranding = cache((urlPath: string) => readBranding({ db: db(), eventId: eventOfAddress(urlPath, defaultEventId()) }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { urlPath, locale } = await params;
  const language = isLocale(locale) ? locale : "en";
  const [page, branding] = await Promise.all([loadProduct(urlPath, language), loadBranding(urlPath)]);
  return productPageMetadata(page, branding, language);
}

export default async function CachedProductPage({ params }: Props) {
  const { urlPath, version, prizeState, locale } = await params;
  // The language is in the address (one copy per language), never read from the request: stays static.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  if (!(PRIZE_STATES as readonly string[]).includes(prizeState)) notFound();
  // The text comes from this read; the prize state from the address, as the proxy read it. Were the
  // product edited in between, this copy shows the newer text under the older version, which no
  // request asks for again.
  const [page, branding] = await Promise.all([loadProduct(urlPath, locale), loadBranding(urlPath)]);
  if (!page) notFound();
  const hasPrize = prizeState === "waiting" || prizeState === "held";
  // An announced drop's copy: its time from the address, as the proxy read it (never this later read's).
  const dropsAt = prizeState === "drop" ? dropTimeOf(version) : null;
  if (prizeState === "drop" && !dropsAt) notFound();
  return (
    <ProductPageFrame branding={branding} locale={locale} urlPath={urlPath}>
      <ProductWithPrize
        locale={locale}
        page={{
          ...page,
          has_prize: hasPrize,
          is_reserved: prizeState === "held",
          // As the address says: a prize placed since the proxy's read is not named under "none".
          prize: hasPrize || prizeState === "drop" ? page.prize : null,
          event_state: isClosedEventState(prizeState) ? prizeState : "open",
          drops_at: dropsAt,
        }}
      />
    </ProductPageFrame>
  );
}
