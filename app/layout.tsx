import type { ReactNode } from "react";

/**
 * Every page is below app/[locale]/, whose layout writes <html lang> in the reader's language (proxy.ts
 * fills the segment in); this outer layout only passes through, as next-intl documents for a locale segment.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
