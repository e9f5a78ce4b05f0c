import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/admin/products/print-button";
import { BrandLogo } from "@/components/branding/brand-logo";
import { Banner } from "@/components/ui/banner";
import { buttonClass } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import { listProductCodes } from "@/db/queries/products";
import { EVENT_PARAMETER, eventOfAdminCall } from "@/lib/api/event-scope";
import { getAdminSession } from "@/lib/auth/session";
import { adminPageBranding } from "@/lib/branding/request";
import { organiserDb } from "@/lib/database";
import { AppError } from "@/lib/errors";
import { CATALOGUES } from "@/lib/i18n/translate";
import { qrBaseUrl } from "@/lib/qr/base-url";
import { qrSvg } from "@/lib/qr/render";
import { eventNameIn } from "@/shared/contracts/branding";
import type { Locale } from "@/shared/i18n/locales";
import { productIdsOfCards, productPageUrl } from "@/shared/urls/products";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.print");
  return { title: t("title") };
}

/**
 * Six cards per A4 sheet (2 x 3, each 92 mm high): the event's name, a 52 mm QR code (scans from a metre or
 * two), what to do with it in English and Korean, the product's name and address. A card never grows past its third of the sheet: a longer name is
 * cut rather than push the sheet onto two pages.
 */
const CARDS_PER_SHEET = 6;

// Page size and margins for the browser's print dialog; the sheets below are sized to fit inside.
const printCss = `@page { size: A4 portrait; margin: 10mm; }`;

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));
}

/** What a visitor does with the card, in the event's two languages (whichever the organiser reads). */
const SCAN_TO_WIN = [CATALOGUES.en.admin.print.scanToWin, CATALOGUES.ko.admin.print.scanToWin];

type PrintParameters = { ids?: string | string[]; [EVENT_PARAMETER]?: string | string[] };

/**
 * `?ids=12-1011,1040`: only those pages' cards (an import links to the pages it set up); none: every page.
 * The pages are the event's the account acts on, or `?event=`'s as on any admin URL (one it may not act on,
 * or none: not found).
 */
export default async function PrintQrCodesPage({ searchParams }: { searchParams: Promise<PrintParameters> }) {
  // Checked here too, not only in the layout: this page reads every product's secret url_path.
  const admin = await getAdminSession();
  if (!admin) redirect("/admin/login");
  const parameters = await searchParams;
  const asked = parameters[EVENT_PARAMETER];
  const eventId = await eventOfAdminCall(organiserDb(), admin, typeof asked === "string" ? asked : null).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  const { ids } = parameters;
  const t = await getTranslations("admin.print");
  const { baseUrl, configured } = qrBaseUrl(await headers());
  const [products, branding, productName, locale] = await Promise.all([
    listProductCodes({ db: organiserDb(), eventId, ids: productIdsOfCards(typeof ids === "string" ? ids : undefined) }),
    adminPageBranding(),
    getTranslations("app").then((app) => app("name")),
    getLocale(),
  ]);
  // Vector QR codes, inlined: sharp at any print resolution, and every image is there before printing starts.
  const cards = await Promise.all(
    products.map(async (product) => {
      const url = productPageUrl(baseUrl, product.urlPath);
      const svg = await qrSvg(url);
      return {
        ...product,
        url,
        shortUrl: url.replace(/^https?:\/\//, ""),
        qrSrc: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      };
    }),
  );

  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <style>{printCss}</style>
      <div className="mb-6 space-y-4 print:hidden">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
            <p className="mt-1 text-sm text-slate-600">{t("summary", { count: cards.length, perSheet: CARDS_PER_SHEET })}</p>
          </div>
          <div className="flex gap-2">
            <IntentLink href="/admin/products" className={buttonClass()}>
              {t("back")}
            </IntentLink>
            <PrintButton disabled={cards.length === 0} unsetAddress={configured ? null : baseUrl} />
          </div>
        </div>
        {!configured && <Banner tone="warning">{t("baseUrlWarning", { url: baseUrl })}</Banner>}
        {cards.length === 0 && <Banner tone="info">{t("empty")}</Banner>}
      </div>

      {chunk(cards, CARDS_PER_SHEET).map((sheet, sheetIndex) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print-out.
          key={sheetIndex}
          aria-label={t("sheet", { number: sheetIndex + 1 })}
          className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 print:mb-0 print:h-[277mm] print:grid-cols-2 print:grid-rows-3 print:gap-0 print:break-after-page print:last:break-after-auto"
        >
          {sheet.map((card) => (
            <article
              key={card.id}
              className="flex flex-col items-center justify-center rounded-xl border border-slate-300 bg-white p-5 text-center break-inside-avoid print:overflow-hidden print:rounded-none print:border-dashed print:p-[4mm]"
            >
              {/* The event on every card, so a stand's visitor knows whose giveaway the code is part of. */}
              <p className="mb-3 flex max-w-full items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary-700 print:mb-[2mm] print:text-[10pt]">
                {branding.logo && <BrandLogo logo={branding.logo} height={28} maxWidth={120} />}
                <span className="[overflow-wrap:anywhere]" data-testid="event-name">
                  {eventNameIn(locale as Locale, branding) ?? productName}
                </span>
              </p>
              <img src={card.qrSrc} alt={t("qrAlt", { url: card.url })} className="size-48 print:size-[52mm]" />
              <p
                className="mt-2 flex flex-wrap justify-center gap-x-2 text-base font-bold text-slate-900 print:mt-[1.5mm] print:text-[11pt] print:leading-tight"
                data-testid="scan-to-win"
              >
                {SCAN_TO_WIN.map((words, index) => (
                  <span key={words} lang={index === 0 ? "en" : "ko"}>
                    {words}
                  </span>
                ))}
              </p>
              <h2 className="mt-2 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere] print:mt-[1.5mm] print:text-[12pt]">
                {card.name}
              </h2>
              <p className="mt-1 font-mono text-sm break-all text-slate-600 print:text-[9pt]">{card.shortUrl}</p>
            </article>
          ))}
        </section>
      ))}
    </main>
  );
}
