import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { ProductSkeleton } from "@/components/public/product-skeleton";
import { ProductPageFrame, ProductWithPrize, productPageMetadata } from "@/components/public/product-with-prize";
import { readBranding } from "@/db/queries/branding";
import { eventOfAddress } from "@/db/queries/events";
import { getPublicProductPage } from "@/db/queries/public";
import { eventOfAdminCall } from "@/lib/api/event-scope";
import { getAdminSession } from "@/lib/auth/session";
import { db } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { CATALOGUES } from "@/lib/i18n/translate";
import { SKELETON_AFTER_MS } from "@/lib/public-page";
import { settleWithin } from "@/shared/async/settle-within";
import { DEFAULT_BRANDING } from "@/shared/contracts/branding";
import type { ProductPageOfEvent as ProductPageRow } from "@/shared/contracts/product-page";
import { isLocale, type Locale } from "@/shared/i18n/locales";

// Rendered afresh on every request. Most visitors get the cached copy instead (proxy.ts rewrites to
// ./v/[version]/[prizeState]); this render serves the rest: a slow or failing database, an unknown path.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ urlPath: string; locale: string }>; searchParams: Promise<{ event?: string | string[] }> };

/**
 * `?event={id}`: an admin previews that event's page at this address (a draft's, before it goes live), never
 * cached (proxy.ts sends it here); undefined for a visitor, and for anyone else asking it is no page.
 */
const previewedEvent = cache(async (asked: string | string[] | undefined): Promise<number | null | undefined> => {
  if (asked === undefined) return undefined;
  const admin = await getAdminSession();
  if (!admin || typeof asked !== "string") return null;
  return eventOfAdminCall(db(), admin, asked).catch(() => null);
});

// generateMetadata and the page both need the row; cache() makes that one query per request.
const loadPage = cache((urlPath: string, locale: Locale, previewOf?: number) =>
  getPublicProductPage({ db: db(), urlPath, locale, previewOf }),
);
// A slow database must not hold back the skeleton: the branding waits as long as the page does, then today's look.
const loadBranding = cache(async (urlPath: string, previewOf?: number) => {
  const branding = readBranding({ db: db(), eventId: previewOf ?? eventOfAddress(urlPath, defaultEventId()) });
  const answer = await settleWithin(branding, SKELETON_AFTER_MS).catch(() => null);
  return answer?.settled ? answer.value : DEFAULT_BRANDING;
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { urlPath, locale } = await params;
  const previewOf = (await previewedEvent((await searchParams).event)) ?? undefined;
  // A failing database is the page's problem to show (error.tsx); the title just falls back.
  const language = isLocale(locale) ? locale : "en";
  const [page, branding] = await Promise.all([loadPage(urlPath, language, previewOf).catch(() => null), loadBranding(urlPath, previewOf)]);
  return productPageMetadata(page, branding, language);
}

/** /p/{urlPath}: the product a visitor scanned, and the prize waiting on it, rendered on the server. */
export default async function PublicProductPage({ params, searchParams }: Props) {
  const { urlPath, locale } = await params;
  if (!isLocale(locale)) notFound();
  const previewOf = await previewedEvent((await searchParams).event);
  if (previewOf === null) notFound();
  const loading = loadPage(urlPath, locale, previewOf);
  // A read that fails in time takes the slow path too: the skeleton, then the error screen (error.tsx)
  // streamed into the HTML. Thrown here, before the page's shell, it was a bare 500 (the database
  // refusing connections) whose screen only the browser's script could draw.
  const [answer, branding] = await Promise.all([
    settleWithin(loading, SKELETON_AFTER_MS).catch(() => ({ settled: false as const })),
    loadBranding(urlPath, previewOf),
  ]);
  if (answer.settled && !answer.value) notFound();
  const preview = previewOf !== undefined;

  return (
    <ProductPageFrame branding={branding} locale={locale} urlPath={urlPath}>
      {answer.settled && answer.value ? (
        <ProductWithPrize page={answer.value} locale={locale} preview={preview} />
      ) : (
        <Suspense fallback={<ProductSkeleton loading={CATALOGUES[locale].visitor.page.loading} />}>
          <SlowProductWithPrize loading={loading} locale={locale} preview={preview} />
        </Suspense>
      )}
    </ProductPageFrame>
  );
}

/** The slow path: awaited inside the Suspense boundary, so the skeleton is on screen meanwhile. */
async function SlowProductWithPrize({
  loading,
  locale,
  preview,
}: {
  loading: Promise<ProductPageRow | null>;
  locale: Locale;
  preview: boolean;
}) {
  const page = await loading;
  if (!page) notFound();
  return <ProductWithPrize page={page} locale={locale} preview={preview} />;
}
