import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PrivacyNoticeText } from "@/components/public/privacy-notice";
import { ProductPageFrame } from "@/components/public/product-with-prize";
import { readBranding } from "@/db/queries/branding";
import { readSettings } from "@/db/queries/settings";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/database";
import { privacyNotice } from "@/lib/privacy/notice";
import { isLocale } from "@/shared/i18n/locales";

// The notice as the settings say it now: every change shows at once.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en" });
  return { title: t("privacy.page.metaTitle"), robots: { index: false, follow: false } };
}

/** /privacy: who collects what, why, for how long, and the visitor's rights (server-behaviour.md, "Privacy"). */
export default async function PrivacyPage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const [settings, branding] = await Promise.all([
    readSettings({ db: db(), eventPeriod: getConfig().eventPeriod }),
    readBranding({ db: db() }),
  ]);
  const notice = privacyNotice(locale, settings);
  const t = await getTranslations({ locale });
  return (
    <ProductPageFrame branding={branding} locale={locale} noticeLink={false}>
      <PrivacyNoticeText notice={notice} versionLabel={t("privacy.notice.version", { date: new Date(notice.version) })} headingLevel={1} />
    </ProductPageFrame>
  );
}
