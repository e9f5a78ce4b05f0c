import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found" };

/**
 * An address that is no page at all (a typo, a stale link). Styled inline, not by the app's stylesheet:
 * this screen sits in every page's payload (it is the root's not-found boundary), and with inlined CSS an
 * import here would add the whole stylesheet to every scan a second time. Visitors' own 404s, an unknown
 * /p/{urlPath} and /not-found, are the styled NotFoundScreen.
 */
export default function NotFound() {
  return (
    <main style={{ display: "flex", minHeight: "100dvh", alignItems: "center", justifyContent: "center", padding: "48px 24px" }}>
      <div style={{ maxWidth: 384, textAlign: "center", fontFamily: "system-ui, sans-serif", color: "#0f172a" }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Page not found</h1>
        <p style={{ marginTop: 12, fontSize: 16, lineHeight: 1.5, color: "#475569" }}>
          This page cannot be found. Please access it by scanning the QR code at the product stand.
        </p>
      </div>
    </main>
  );
}
