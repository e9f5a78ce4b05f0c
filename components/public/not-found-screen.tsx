import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import { QrCodeIcon } from "@/components/ui/page-icons";

/** Where a visitor's "return to home" leads: they have no home page, so the advice on finding one. */
const VISITOR_HOME_PATH = "/not-found";

// i18n-exempt: a font stack, not words (the stylesheet's own, for the screens drawn without it).
const SYSTEM_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The screen's look, inline: it is drawn where the app's stylesheet is (the product page, /not-found) and
 * where it is not (the root not-found and the global one for stray addresses: an import there would put the
 * whole stylesheet into every page's payload a second time, docs/server-behaviour.md "Inline CSS"). The
 * colours are the theme's tokens where the stylesheet defines them (the event's brand colour recolours the
 * badge), else Tailwind's values they stand for.
 */
const LOOK = {
  main: {
    display: "flex",
    minHeight: "100dvh",
    alignItems: "center",
    justifyContent: "center",
    padding: "48px 24px",
    fontFamily: SYSTEM_FONT,
    lineHeight: 1.5,
    // Korean breaks lines between words, as app/globals.css has it.
    wordBreak: "keep-all",
    overflowWrap: "break-word",
  },
  box: { width: "100%", maxWidth: 384, textAlign: "center" },
  badge: {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    width: 64,
    height: 64,
    margin: "0 auto 24px",
    borderRadius: "9999px",
    background: "var(--color-primary-50, oklch(96.2% 0.018 272.314))",
    color: "var(--color-primary-600, oklch(51.1% 0.262 276.966))",
  },
  icon: { width: 32, height: 32 },
  title: {
    margin: 0,
    fontSize: 24,
    lineHeight: "32px",
    fontWeight: 600,
    letterSpacing: "-0.025em",
    color: "var(--color-slate-900, #0f172a)",
  },
  body: { margin: "12px 0 0", fontSize: 16, color: "var(--color-slate-600, #475569)" },
  home: {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    height: 56,
    marginTop: 24,
    padding: "0 24px",
    borderRadius: 12,
    background: "var(--color-slate-900, #0f172a)",
    color: "#fff",
    fontSize: 18,
    fontWeight: 700,
    textDecoration: "none",
  },
  privacy: { margin: "32px 0 0", fontSize: 14 },
  privacyLink: { color: "var(--color-slate-600, #475569)", textDecoration: "underline", textUnderlineOffset: 2 },
} satisfies Record<string, CSSProperties>;

/** The tab's title of every not-found answer (`extra`: /not-found keeps itself out of search results). */
export async function notFoundMetadata(extra: Metadata = {}): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title"), ...extra };
}

/**
 * The one not-found screen, and the only reader of the `notFound` words: an address that is no page
 * (app/global-not-found.tsx, app/[locale]/not-found.tsx), /not-found (where a 404 from the API sends
 * people) and, with `product`, an unknown /p/{urlPath}: titled as spec §8 says, with its return-to-home
 * button (visitors have no home page, so it leads to /not-found's advice).
 */
export function NotFoundScreen({ product = false }: { product?: boolean }) {
  const t = useTranslations("notFound");
  const privacy = useTranslations("privacy");
  return (
    <main style={LOOK.main}>
      <div style={LOOK.box}>
        <div style={LOOK.badge}>
          <QrCodeIcon style={LOOK.icon} />
        </div>
        <h1 style={LOOK.title}>{product ? t("product") : t("title")}</h1>
        <p style={LOOK.body}>{t("body")}</p>
        {product && (
          <a href={VISITOR_HOME_PATH} style={LOOK.home}>
            {t("returnHome")}
          </a>
        )}
        {/* Every visitor page links to the privacy notice (docs/server-behaviour.md, "Privacy"). */}
        <p style={LOOK.privacy}>
          <a href="/privacy" style={LOOK.privacyLink}>
            {privacy("link")}
          </a>
        </p>
      </div>
    </main>
  );
}
