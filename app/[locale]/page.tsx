import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { QrCodeIcon } from "@/components/ui/page-icons";
import { getAdminSession } from "@/lib/auth/session";
import "../globals.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("app"))("name"), robots: { index: false, follow: false } };
}
export const dynamic = "force-dynamic";

/** Signed in, or not: a database hiccup here must not turn the front door into an error page. */
async function signedIn(): Promise<boolean> {
  try {
    return (await getAdminSession()) !== null;
  } catch {
    return false;
  }
}

/**
 * `/`: a signed-in organiser goes straight to the dashboard; anyone else learns what this server is.
 * Visitors never come here (their QR codes lead to /p/...), so it points organisers to the back-office.
 */
export default async function HomePage() {
  if (await signedIn()) redirect("/admin/dashboard");
  const t = await getTranslations();
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-12">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
          <QrCodeIcon className="size-8" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("app.name")}</h1>
        <p className="mt-3 text-base text-slate-600">{t("home.about")}</p>
        <p className="mt-6">
          <Link
            href="/admin"
            className="inline-flex items-center rounded-md bg-primary-600 px-4 py-2 text-sm font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          >
            {t("home.signIn")}
          </Link>
        </p>
      </div>
    </main>
  );
}
