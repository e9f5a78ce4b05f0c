import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PrivacyNoticeText } from "@/components/public/privacy-notice";
import { ProductPageFrame } from "@/components/public/product-with-prize";
import { readBranding } from "@/db/queries/branding";
import { eventOfAddress } from "@/db/queries/events";
import { getPublicProductPage } from "@/db/queries/public";
import { readSettings } from "@/db/queries/settings";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { privacyNotice } from "@/lib/privacy/notice";
import { isLocale } from "@/shared/i18n/locales";
import { productPagePath } from "@/shared/urls/products";

// The notice as the settings say it now: every change shows at once.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ from?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  return { title: t("privacy.page.metaTitle"), robots: { index: false, follow: false } };
}

/** /privacy: who collects what, why, for how long, and the visitor's rights (server-behaviour.md, "Privacy"). */
export default async function PrivacyPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const { from } = await searchParams;
  // The notice of the event whose page the visitor came from, else the default event's.
  const eventId = eventOfAddress(typeof from === "string" ? from : "", defaultEventId());
  const [settings, branding, cameFrom] = await Promise.all([
    readSettings({ db: db(), eventId, eventPeriod: getConfig().eventPeriod }),
    readBranding({ db: db(), eventId }),
    // The product page the visitor read the link on (only a page that exists: never a way off the site).
    typeof from === "string" ? getPublicProductPage({ db: db(), urlPath: from, locale }) : null,
  ]);
  const notice = privacyNotice(locale, settings);
  const t = await getTranslations({ locale });
  const back = cameFrom && (
    <a
      href={productPagePath(cameFrom.url_path)}
      className="inline-flex min-h-11 items-center gap-1 text-base font-semibold text-primary-700 underline underline-offset-2 [overflow-wrap:anywhere]"
    >
      <span aria-hidden="true">←</span>
      {t("privacy.page.backTo", { product: cameFrom.name })}
    </a>
  );
  return (
    <ProductPageFrame branding={branding} locale={locale} noticeLink={false}>
      {back && <p className="mb-4">{back}</p>}
      <PrivacyNoticeText notice={notice} versionLabel={t("privacy.notice.version", { date: new Date(notice.version) })} headingLevel={1} />
      {back && <p className="mt-6">{back}</p>}
    </ProductPageFrame>
  );
}
