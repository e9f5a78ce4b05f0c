import { useTranslations } from "next-intl";

// i18n-exempt: a font stack, not words.
const SYSTEM_FONT = "system-ui, sans-serif";

/**
 * The not-found screen for an address that is no page at all, styled inline (see app/[locale]/not-found.tsx
 * for why): shared by that screen and the root one for addresses outside the language segment.
 */
export function NotFoundText() {
  const t = useTranslations("notFound");
  return (
    <main style={{ display: "flex", minHeight: "100dvh", alignItems: "center", justifyContent: "center", padding: "48px 24px" }}>
      <div style={{ maxWidth: 384, textAlign: "center", fontFamily: SYSTEM_FONT, color: "#0f172a" }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{t("title")}</h1>
        <p style={{ marginTop: 12, fontSize: 16, lineHeight: 1.5, color: "#475569" }}>{t("body")}</p>
      </div>
    </main>
  );
}
