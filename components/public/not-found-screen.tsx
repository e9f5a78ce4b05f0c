import { useTranslations } from "next-intl";
import { QrCodeIcon } from "@/components/ui/page-icons";

/** Where a visitor's "return to home" leads: they have no home page, so the advice on finding one. */
export const VISITOR_HOME_PATH = "/not-found";

/**
 * Shared by /not-found (where a 404 from the API sends people) and the product page's own not-found (an
 * unknown /p/{urlPath}, titled as spec §8 says). `returnHome`: spec §8's return-to-home button, on every
 * screen but the advice itself.
 */
export function NotFoundScreen({ title, returnHome = false }: { title?: string; returnHome?: boolean }) {
  const t = useTranslations("notFound");
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-12">
      <div className="w-full max-w-sm text-center">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
          <QrCodeIcon className="size-8" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title ?? t("title")}</h1>
        <p className="mt-3 text-base text-slate-600">{t("body")}</p>
        {returnHome && (
          <a
            href={VISITOR_HOME_PATH}
            className="mt-6 flex h-14 w-full items-center justify-center rounded-xl bg-slate-900 px-6 text-lg font-bold text-white hover:bg-slate-700"
          >
            {t("returnHome")}
          </a>
        )}
      </div>
    </main>
  );
}
