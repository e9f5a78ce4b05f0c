import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { earlyTapScript } from "@/components/public/early-tap-script";
import { PrizeClaim } from "@/components/public/prize-claim";
import { ProductSkeleton } from "@/components/public/product-skeleton";
import { PublicHeader } from "@/components/public/public-header";
import { getPublicProductPage, type PublicProductPage as ProductPageRow } from "@/db/queries/public";
import { settleWithin } from "@/lib/async/settle-within";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/database";

// Whether a prize is waiting, and whether someone holds it, changes by the second: never cache.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ urlPath: string }> };

// generateMetadata and the page both need the row; cache() makes that one query per request.
const loadPage = cache((urlPath: string) => getPublicProductPage({ db: db(), urlPath }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { urlPath } = await params;
  // A failing database is the page's problem to show (error.tsx); the title just falls back.
  const page = await loadPage(urlPath).catch(() => null);
  return {
    title: page?.name ?? "Product",
    description: page?.description || undefined,
    // Pages are reached by scanning a QR code at the stand; search engines have no business here.
    robots: { index: false, follow: false },
  };
}

/**
 * How long the page waits for the database before it sends a skeleton and streams the product in. A
 * healthy database answers in a few milliseconds, so the usual page is one complete HTML response with a
 * real 404 for an unknown path; only a slow one gets the skeleton (and an unknown path then shows the
 * not-found screen with status 200, as the status has left with the skeleton).
 */
const SKELETON_AFTER_MS = 300;

/** /p/{urlPath}: the product a visitor scanned, and the prize waiting on it, rendered on the server. */
export default async function PublicProductPage({ params }: Props) {
  const { urlPath } = await params;
  const loading = loadPage(urlPath);
  const answer = await settleWithin(loading, SKELETON_AFTER_MS);
  if (answer.settled && !answer.value) notFound();

  return (
    <>
      <PublicHeader />
      <main className="mx-auto w-full max-w-md px-4 pb-12 pt-4 sm:pt-6 md:max-w-4xl md:px-8 md:pt-10">
        {answer.settled && answer.value ? (
          <ProductWithPrize page={answer.value} />
        ) : (
          <Suspense fallback={<ProductSkeleton />}>
            <SlowProductWithPrize loading={loading} />
          </Suspense>
        )}
      </main>
    </>
  );
}

/** The slow path: awaited inside the Suspense boundary, so the skeleton is on screen meanwhile. */
async function SlowProductWithPrize({ loading }: { loading: Promise<ProductPageRow | null> }) {
  const page = await loading;
  if (!page) notFound();
  return <ProductWithPrize page={page} />;
}

function ProductWithPrize({ page }: { page: ProductPageRow }) {
  return (
    <>
      <PrizeClaim
        urlPath={page.url_path}
        productName={page.name}
        image={page.image}
        hasPrize={page.has_prize}
        isReserved={page.is_reserved}
        holdSeconds={getConfig().reservationSeconds}
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
      {page.has_prize && !page.is_reserved && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; the only value in it is JSON-escaped.
        <script dangerouslySetInnerHTML={{ __html: earlyTapScript(page.url_path) }} />
      )}
    </>
  );
}
