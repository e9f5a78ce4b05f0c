import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/admin/login-form";
import { BrandLogo } from "@/components/branding/brand-logo";
import { safeNextPath } from "@/lib/auth/next-path";
import { getAdminSession } from "@/lib/auth/session";
import { adminPageBranding } from "@/lib/branding/request";
import { getConfig } from "@/lib/config";
import packageJson from "@/package.json";
import { eventNameIn } from "@/shared/contracts/branding";
import type { Locale } from "@/shared/i18n/locales";

// The session check and the support phone are per request / per deployment, never baked in at build time.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.login");
  return { title: t("title") };
}

export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === "string" ? next : undefined);
  if (await getAdminSession()) redirect(nextPath);
  const t = await getTranslations("admin.login");
  const { supportPhone } = getConfig();
  const [branding, locale] = await Promise.all([adminPageBranding(), getLocale()]);
  const dialable = supportPhone?.replace(/[^\d+]/g, "");

  return (
    <div className="flex min-h-dvh flex-col px-4 py-10 sm:px-6">
      <main className="flex flex-1 items-center justify-center">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex flex-col items-center text-center">
            {branding.logo && <BrandLogo logo={branding.logo} height={56} maxWidth={200} className="mb-4" />}
            <p className="text-sm font-semibold uppercase tracking-wide text-primary-600 [overflow-wrap:anywhere]" data-testid="event-name">
              {eventNameIn(locale as Locale, branding) ?? t("eyebrow")}
            </p>
            <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <LoginForm nextPath={nextPath} />
          </div>
        </div>
      </main>
      <footer className="mt-10 flex flex-col items-center gap-1 text-sm text-slate-600">
        <p>{t("version", { version: packageJson.version })}</p>
        {supportPhone && (
          <p>
            {t("support")}{" "}
            {dialable ? (
              <a href={`tel:${dialable}`} className="font-medium text-slate-700 underline-offset-2 hover:underline">
                {supportPhone}
              </a>
            ) : (
              supportPhone
            )}
          </p>
        )}
      </footer>
    </div>
  );
}
