import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { ProductSkeleton } from "@/components/public/product-skeleton";
import { ProductPageFrame, ProductWithPrize, productPageMetadata } from "@/components/public/product-with-prize";
import { readBranding } from "@/db/queries/branding";
import { eventOfAddress } from "@/db/queries/events";
import { getPublicProductPage } from "@/db/queries/public";
import { db } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { CATALOGUES } from "@/lib/i18n/translate";
import { SKELETON_AFTER_MS } from "@/lib/public-page";
import { settleWithin } from "@/shared/async/settle-within";
import { DEFAULT_BRANDING } from "@/shared/contracts/branding";
import type { PublicProductPage as ProductPageRow } from "@/shared/contracts/product-page";
import { isLocale, type Locale } from "@/shared/i18n/locales";

// Rendered afresh on every request. Most visitors get the cached copy instead (proxy.ts rewrites to
// ./v/[version]/[prizeState]); this render serves the rest: a slow or failing database, an unknown path.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ urlPath: string; locale: string }> };

// generateMetadata and the page both need the row; cache() makes that one query per request.
const loadPage = cache((urlPath: string, locale: Locale) => getPublicProductPage({ db: db(), urlPath, locale }));
// A slow database must not hold back the skeleton: the branding waits as long as the page does, then today's look.
const loadBranding = cache(async (urlPath: string) => {
  const branding = readBranding({ db: db(), eventId: eventOfAddress(urlPath, defaultEventId()) });
  const answer = await settleWithin(branding, SKELETON_AFTER_MS).catch(() => null);
  return answer?.settled ? answer.value : DEFAULT_BRANDING;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { urlPath, locale } = await params;
  // A failing database is the page's problem to show (error.tsx); the title just falls back.
  const language = isLocale(locale) ? locale : "en";
  const [page, branding] = await Promise.all([loadPage(urlPath, language).catch(() => null), loadBranding(urlPath)]);
  return productPageMetadata(page, branding, language);
}

/** /p/{urlPath}: the product a visitor scanned, and the prize waiting on it, rendered on the server. */
export default async function PublicProductPage({ params }: Props) {
  const { urlPath, locale } = await params;
  if (!isLocale(locale)) notFound();
  const loading = loadPage(urlPath, locale);
  // A read that fails in time takes the slow path too: the skeleton, then the error screen (error.tsx)
  // streamed into the HTML. Thrown here, before the page's shell, it was a bare 500 (the database
  // refusing connections) whose screen only the browser's script could draw.
  const [answer, branding] = await Promise.all([
    settleWithin(loading, SKELETON_AFTER_MS).catch(() => ({ settled: false as const })),
    loadBranding(urlPath),
  ]);
  if (answer.settled && !answer.value) notFound();

  return (
    <ProductPageFrame branding={branding} locale={locale} urlPath={urlPath}>
      {answer.settled && answer.value ? (
        <ProductWithPrize page={answer.value} locale={locale} />
      ) : (
        <Suspense fallback={<ProductSkeleton loading={CATALOGUES[locale].visitor.page.loading} />}>
          <SlowProductWithPrize loading={loading} locale={locale} />
        </Suspense>
      )}
    </ProductPageFrame>
  );
}

/** The slow path: awaited inside the Suspense boundary, so the skeleton is on screen meanwhile. */
async function SlowProductWithPrize({ loading, locale }: { loading: Promise<ProductPageRow | null>; locale: Locale }) {
  const page = await loading;
  if (!page) notFound();
  return <ProductWithPrize page={page} locale={locale} />;
}
